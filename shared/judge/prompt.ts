import type { Problem } from '../problems.js';
import type { JudgingMode, SlackQuery } from './query.js';

/**
 * The judge's prompts, written for Teamseat after the SlackBench protocol: compare the final answer with the reference
 * on key information only. A study may replace any of them; placeholders are `{{name}}`.
 */
export interface JudgeTemplates {
  system: string;
  match: string;
  abstention: string;
  checklist: string;
}

export const placeholders = ['query', 'reference', 'guideline', 'answer', 'checklist'] as const;
type Placeholder = (typeof placeholders)[number];

/** A template that lacks these cannot judge anything, so a replacement without them is refused. */
const required: Record<keyof JudgeTemplates, Placeholder[]> = {
  system: [],
  match: ['reference', 'answer'],
  abstention: ['reference', 'answer'],
  checklist: ['checklist', 'answer'],
};

export const defaultJudgeTemplates: JudgeTemplates = {
  system:
    'You grade answers to questions about a team\'s Slack workspace, code repository and documents. ' +
    'You are strict, you follow the output format exactly, and you never explain unless the format asks for it.',
  match: `Question:
{{query}}

Reference answer:
{{reference}}

Grading guideline:
{{guideline}}

Answer to grade (between the markers):
<<<ANSWER
{{answer}}
ANSWER>>>

Compare the answer with the reference answer on key information only: names, numbers, dates, decisions and the
final state of anything that changed over time. Wording, length, order and extra correct detail do not matter.
An answer that states an outdated value as the final one, contradicts the reference, or leaves out a key fact is wrong.
Follow the grading guideline where one is given.

Reply with exactly one word: YES if the answer is correct, NO if it is not.`,
  abstention: `Question:
{{query}}

The workspace does not contain what the question asks for. Why it cannot be answered (reference):
{{reference}}

Grading guideline:
{{guideline}}

Answer to grade (between the markers):
<<<ANSWER
{{answer}}
ANSWER>>>

Decide two things.
1. abstains: does the answer decline to give the requested fact (it may say what it did find), rather than
   stating or guessing one?
2. names_reason: does the answer give the reason in the reference (in any wording), not some other reason?

Reply with only this JSON object and nothing else:
{"abstains": true or false, "names_reason": true or false}`,
  checklist: `Question:
{{query}}

Reference summary:
{{reference}}

Grading guideline:
{{guideline}}

Checklist (numbered):
{{checklist}}

Summary to grade (between the markers):
<<<ANSWER
{{answer}}
ANSWER>>>

For each checklist item, decide whether the summary states it correctly (in any wording). An item stated wrongly
or only hinted at is not met.

Reply with only this JSON object and nothing else, one entry per checklist item in order:
{"items": [{"item": 1, "met": true or false}, {"item": 2, "met": true or false}]}`,
};

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Checks a study's replacement templates; `file` names where they came from in any problem. */
export function checkTemplates(file: string, overrides: Partial<JudgeTemplates>): Problem[] {
  const problems: Problem[] = [];
  for (const key of Object.keys(overrides) as (keyof JudgeTemplates)[]) {
    const text = overrides[key];
    if (!(key in required)) {
      problems.push({ file, path: key, message: 'expected one of system, match, abstention, checklist' });
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push({ file, path: key, message: 'expected a non-empty template' });
      continue;
    }
    const used = new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''));
    for (const name of used) {
      if (!(placeholders as readonly string[]).includes(name)) {
        problems.push({ file, path: key, message: `unknown placeholder {{${name}}}; known: ${placeholders.join(', ')}` });
      }
    }
    for (const name of required[key]) {
      if (!used.has(name)) problems.push({ file, path: key, message: `the template must contain {{${name}}}` });
    }
  }
  return problems;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * Fills a template in one pass, so text inside the answer that looks like a placeholder is never expanded.
 */
export function fillTemplate(template: string, values: Record<Placeholder, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    (placeholders as readonly string[]).includes(name) ? values[name as Placeholder] : whole,
  );
}

export function judgePrompt(
  query: SlackQuery,
  mode: JudgingMode,
  answer: string,
  templates: JudgeTemplates = defaultJudgeTemplates,
): ChatMessage[] {
  const values: Record<Placeholder, string> = {
    query: query.query,
    reference: query.reference,
    guideline: query.guideline ?? '(none)',
    answer,
    checklist: (query.checklist ?? []).map((item, i) => `${i + 1}. ${item}`).join('\n'),
  };
  return [
    { role: 'system', content: templates.system },
    { role: 'user', content: fillTemplate(templates[mode], values) },
  ];
}
