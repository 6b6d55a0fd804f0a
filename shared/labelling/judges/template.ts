/**
 * The prompt a judge run sends for one labelling item. It is the team panel's template (shared/team/labeller/
 * promptTemplate.ts): the same placeholders, the same check, the same hash, and by default the same text, so the
 * prompt validated here is the one the panel uses in the seat. Only the values come from a labelling item.
 * Our default is ours: reports call it "these judges with this prompt", never the benchmark's prompt.
 */
import type { ChatMessage } from '../../judge/prompt.js';
import type { Problem } from '../../problems.js';
import { DEFAULT_LABEL_TEMPLATE, parsePromptTemplate, type LabelPlaceholder, type PromptTemplate } from '../../team/labeller/promptTemplate.js';
import { dimensionOf, labelSetOf, type LabellingItem } from '../items.js';

export const DEFAULT_TEMPLATE = DEFAULT_LABEL_TEMPLATE;

/** The template checked (an unknown placeholder is named with its line) and hashed, or what is wrong with it. */
export function checkTemplate(text: string, version: string): { ok: true; template: PromptTemplate } | { ok: false; message: string } {
  const parsed = parsePromptTemplate(text, `prompt version ${version}`);
  if (parsed.ok) return parsed;
  return { ok: false, message: parsed.problems.map(describe).join('; ') };
}

const describe = (p: Problem) => `${p.file}${p.line ? ` line ${p.line}` : ''}${p.path ? ` ${p.path}` : ''}: ${p.message}`;

/** What each placeholder becomes for this item. A verdict item's question and reference are its task context. */
export function valuesOf(item: LabellingItem): Record<LabelPlaceholder, string> {
  const labels = labelSetOf(item);
  const ids = labels.join(', ');
  if (item.kind === 'message') {
    return {
      task_context: `Task ${item.task}; dimension: ${dimensionOf(item).replaceAll('_', ' ')}`,
      conversation: item.context.map((m) => `${m.seat}: ${m.text}`).join('\n'),
      message: `${item.message.seat}: ${item.message.text}`,
      labels: item.labels.map((l) => `- ${l.label}: ${l.definition}`).join('\n'),
      label_ids: ids,
    };
  }
  return {
    task_context: [`Question (${item.category}): ${item.query}`, `Reference answer: ${item.reference}`, ...(item.guideline ? [`Guideline: ${item.guideline}`] : [])].join('\n'),
    conversation: '(none)',
    message: `Answer: ${item.answer}`,
    labels: labels.map((l) => `- ${l}: ${l === 'YES' ? 'the answer is right by the reference' : 'it is not'}`).join('\n'),
    label_ids: ids,
  };
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The chat messages for one item, the template filled in one pass (a value is never read as a placeholder). */
export function renderPrompt(template: string, item: LabellingItem): ChatMessage[] {
  const values = valuesOf(item);
  return [{ role: 'user', content: template.replace(PLACEHOLDER, (_all, key: string) => values[key as LabelPlaceholder] ?? '') }];
}
