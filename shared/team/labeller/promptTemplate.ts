import type { Problem } from '../../problems.js';
import type { ChatMessage } from '../../judge/prompt.js';
import { sha256 } from '../checker/sha256.js';
import type { LabelRequest } from './labeller.js';

/**
 * The judge panel's prompt: one text with `{{placeholders}}`, sent as the user message. A study may supply its own
 * file; otherwise Teamseat's default below is used. Reports name the template and its hash ("these judges with this
 * prompt"): ours is not the benchmark's prompt, which is not public, and is never called that.
 */
export const labelPlaceholders = ['task_context', 'conversation', 'message', 'labels', 'label_ids'] as const;
export type LabelPlaceholder = (typeof labelPlaceholders)[number];

export interface PromptTemplate {
  /** `teamseat-default@1`, or the study file's path inside the study. */
  name: string;
  text: string;
  /** sha256 of the text (LF line ends), recorded with every label and report. */
  hash: string;
  /** True only for Teamseat's own default. */
  builtIn: boolean;
}

export const DEFAULT_TEMPLATE_NAME = 'teamseat-default@1';

export const DEFAULT_LABEL_TEMPLATE = `You label one message written in a team chat, for a scripted teammate that reacts to its label.

Task the writer is working on:
{{task_context}}

The conversation so far (oldest first):
{{conversation}}

The message to label:
{{message}}

Labels (choose exactly one):
{{labels}}

Answer with exactly one of these label ids and nothing else: {{label_ids}}`;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export type TemplateLoad = { ok: true; template: PromptTemplate } | { ok: false; problems: Problem[] };

/** Checks a template's placeholders; each unknown one is a problem naming the file and its line. */
export function parsePromptTemplate(text: string, file: string, name = file): TemplateLoad {
  const normalised = text.replace(/\r\n?/g, '\n');
  const problems: Problem[] = [];
  normalised.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(PLACEHOLDER)) {
      const key = m[1] ?? '';
      if (!(labelPlaceholders as readonly string[]).includes(key)) {
        problems.push({
          file,
          line: i + 1,
          path: '',
          message: `unknown placeholder {{${key}}}: expected one of ${labelPlaceholders.map((p) => `{{${p}}}`).join(', ')}`,
        });
      }
    }
  });
  if (!normalised.includes('{{') || ![...normalised.matchAll(PLACEHOLDER)].some((m) => m[1] === 'message')) {
    problems.push({ file, path: '', message: 'the template never shows the message to label: add {{message}}' });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, template: { name, text: normalised, hash: sha256(normalised), builtIn: false } };
}

export const defaultLabelTemplate: PromptTemplate = {
  name: DEFAULT_TEMPLATE_NAME,
  text: DEFAULT_LABEL_TEMPLATE,
  hash: sha256(DEFAULT_LABEL_TEMPLATE),
  builtIn: true,
};

/** What fills the placeholders, from a label request. */
export function placeholderValues(request: LabelRequest): Record<LabelPlaceholder, string> {
  const you = request.task.seats.find((s) => s.kind === 'evaluated')?.name ?? 'you';
  const line = (m: { round: number; seat: string; to: string; text: string }) => `[round ${m.round}] ${m.seat} → ${m.to}: ${m.text}`;
  return {
    task_context: `${request.task.title}\n${request.task.instructions}`,
    conversation: request.history.length ? request.history.map(line).join('\n') : '(nothing yet)',
    message: line({ ...request.message, seat: you }),
    labels: request.task.labels.map((l) => `- ${l.id}: ${l.definition}`).join('\n'),
    label_ids: request.task.labels.map((l) => l.id).join(', '),
  };
}

/** The messages sent to every rater of the panel: the template filled in, as one user message. */
export function renderLabelPrompt(template: PromptTemplate, request: LabelRequest): ChatMessage[] {
  const values = placeholderValues(request);
  const content = template.text.replace(PLACEHOLDER, (_all, key: string) => values[key as LabelPlaceholder] ?? '');
  return [{ role: 'user', content }];
}

/** The one line a report or label record carries about its judges' prompt. */
export function promptLine(template: PromptTemplate): string {
  const whose = template.builtIn ? "Teamseat's default prompt (not the benchmark's)" : `the study's prompt ${template.name}`;
  return `these judges with this prompt: ${whose}, sha256 ${template.hash}`;
}
