/**
 * The prompt a judge run sends for one labelling item: a template with {{placeholders}}, filled from the item.
 * Kept apart from the team panel's renderer (main/judge, the "judges" engineer) so it can be swapped for it.
 * Our default is ours: a report calls it "these judges with this prompt", never the benchmark's prompt.
 */
import type { ChatMessage } from '../../judge/prompt.js';
import { labelSetOf, type LabellingItem } from '../items.js';

export const PLACEHOLDERS = ['dimension', 'task', 'context', 'message', 'labels'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export const DEFAULT_TEMPLATE = `You are labelling one message from a team conversation, for the dimension "{{dimension}}".

The conversation so far, oldest first:
{{context}}

The message to label:
{{message}}

Labels, with their definitions:
{{labels}}

Answer with exactly one of the labels, written as above, and nothing else.
`;

export interface TemplateProblem {
  line: number;
  message: string;
}

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every placeholder the template uses must be known; the template must name the message and the labels. */
export function checkTemplate(template: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const used = new Set<string>();
  template.split('\n').forEach((text, i) => {
    for (const match of text.matchAll(PATTERN)) {
      const name = match[1] ?? '';
      used.add(name);
      if (!(PLACEHOLDERS as readonly string[]).includes(name))
        problems.push({ line: i + 1, message: `unknown placeholder {{${name}}}; expected one of ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}` });
    }
  });
  for (const needed of ['message', 'labels'] as const)
    if (!used.has(needed)) problems.push({ line: 1, message: `the template never shows {{${needed}}}, so a judge could not label the item` });
  return problems;
}

export function describeTemplateProblems(problems: ReadonlyArray<TemplateProblem>): string {
  return problems.map((p) => `prompt template line ${p.line}: ${p.message}`).join('; ');
}

/** What each placeholder becomes for this item. A verdict item's question and reference are its context. */
export function fieldsOf(item: LabellingItem): Record<Placeholder, string> {
  const labels = labelSetOf(item);
  if (item.kind === 'message') {
    return {
      dimension: item.dimension,
      task: item.task,
      context: item.context.map((m) => `${m.seat}: ${m.text}`).join('\n'),
      message: `${item.message.seat}: ${item.message.text}`,
      labels: item.labels.map((l) => `- ${l.label}: ${l.definition}`).join('\n'),
    };
  }
  return {
    dimension: item.category,
    task: item.category,
    context: [`Question: ${item.query}`, `Reference answer: ${item.reference}`, ...(item.guideline ? [`Guideline: ${item.guideline}`] : [])].join('\n'),
    message: `Answer: ${item.answer}`,
    labels: labels.map((l) => `- ${l}: ${l === 'YES' ? 'the answer is correct by the reference' : 'it is not'}`).join('\n'),
  };
}

/** The chat messages for one item; the template has been checked when the run started. */
export function renderPrompt(template: string, item: LabellingItem): ChatMessage[] {
  const fields = fieldsOf(item);
  const content = template.replace(PATTERN, (_whole, name: string) => fields[name as Placeholder] ?? '');
  return [{ role: 'user', content }];
}
