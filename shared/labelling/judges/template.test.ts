import { describe, expect, it } from 'vitest';
import { defaultLabelTemplate } from '../../team/labeller/promptTemplate.js';
import type { LabellingItem } from '../items.js';
import { checkTemplate, DEFAULT_TEMPLATE, renderPrompt } from './template.js';

const verdict: LabellingItem = {
  kind: 'verdict',
  id: 'as-1',
  category: 'AS',
  query: 'Who approved the release?',
  reference: 'Dana, on 12 March.',
  answer: 'Dana {{labels}}',
};

describe('judge-run prompt templates', () => {
  it('are the team panel’s: same default text and hash, CRLF normalised before hashing', () => {
    const checked = checkTemplate(DEFAULT_TEMPLATE.replaceAll('\n', '\r\n'), 'v1');
    expect(checked.ok && checked.template.hash).toBe(defaultLabelTemplate.hash);
  });

  it('name the version and the line of an unknown placeholder', () => {
    const checked = checkTemplate('Judge:\n{{message}}\n{{answer}}', 'v2');
    expect(checked.ok ? '' : checked.message).toMatch(/^prompt version v2 line 3: unknown placeholder \{\{answer\}\}/);
  });

  it('fill a verdict item’s question, reference and YES/NO, and never read a value as a placeholder', () => {
    const [message] = renderPrompt(DEFAULT_TEMPLATE, verdict);
    expect(message?.content).toContain('Question (AS): Who approved the release?\nReference answer: Dana, on 12 March.');
    expect(message?.content).toContain('Answer: Dana {{labels}}');
    expect(message?.content).toContain('Answer with exactly one of these label ids and nothing else: YES, NO');
  });
});
