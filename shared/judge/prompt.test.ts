import { describe, expect, it } from 'vitest';
import { checkTemplates, defaultJudgeTemplates, fillTemplate, judgePrompt } from './prompt.js';
import type { SlackQuery } from './query.js';

const su: SlackQuery = { id: 's', category: 'SU', query: 'Sum up', reference: 'R', checklist: ['first', 'second'] };

describe('judge prompt', () => {
  it('numbers the checklist and marks a missing guideline', () => {
    const [system, user] = judgePrompt(su, 'checklist', 'my summary');
    expect(system?.role).toBe('system');
    expect(user?.content).toContain('1. first\n2. second');
    expect(user?.content).toContain('Grading guideline:\n(none)');
    expect(user?.content).toContain('my summary');
  });

  it('never expands placeholders that appear inside the answer', () => {
    const out = fillTemplate('A={{answer}} R={{reference}}', {
      answer: 'see {{reference}}',
      reference: 'SECRET-REF',
      query: '',
      guideline: '',
      checklist: '',
    });
    expect(out).toBe('A=see {{reference}} R=SECRET-REF');
  });

  it('uses a study template in place of the default', () => {
    const [, user] = judgePrompt(su, 'checklist', 'ans', { ...defaultJudgeTemplates, checklist: 'C: {{checklist}} / {{answer}}' });
    expect(user?.content).toBe('C: 1. first\n2. second / ans');
  });

  it('the default templates pass their own check', () => {
    expect(checkTemplates('judge.yaml', defaultJudgeTemplates)).toEqual([]);
  });

  it('refuses a template with an unknown placeholder or without the answer', () => {
    const problems = checkTemplates('judge.yaml', { match: 'Ref {{reference}} and {{answr}}' });
    expect(problems.map((p) => p.message)).toEqual([
      'unknown placeholder {{answr}}; known: query, reference, guideline, answer, checklist',
      'the template must contain {{answer}}',
    ]);
    expect(problems[0]).toMatchObject({ file: 'judge.yaml', path: 'match' });
  });
});
