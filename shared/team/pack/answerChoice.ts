import { z } from 'zod';
import type { AnswerOption } from './checkerSchema.js';
import { optionValue } from './optionMatch.js';

/**
 * Answers offered as a choice (issue 23, item 3). Where a task's answer is one of its `answer_options`, the seat offers
 * the options as a choice with an optional reason, beside the free answer box; a model in the seat gets the same as
 * the submit tool's `choice`. A choice becomes an ordinary text answer (`<option> — <reason>`) that the one option
 * matcher scores, so a chosen and a typed answer are measured by the same instrument; the log and the transcript
 * record which way the answer was given.
 */

/** How the answer was given: an offered option picked, or text written in the answer box. */
export const answerVias = ['choice', 'typed'] as const;
export type AnswerVia = (typeof answerVias)[number];

/** What a seat sends when it picks an option: the option's value, and the reason written beside it. */
export const answerChoiceSchema = z.strictObject({
  option: z.string().trim().min(1).max(500),
  reason: z.string().max(10_000).optional(),
});
export type AnswerChoice = z.infer<typeof answerChoiceSchema>;

/** Between the option and its reason: a dash, where the matcher's reason starts (optionMatch.ts, rule 3). */
export const CHOICE_REASON_SEPARATOR = ' — ';

/** The answer text a choice is recorded and scored as: the option, then the reason when one was written. */
export function choiceAnswerText(option: string, reason: string | undefined): string {
  const why = reason?.trim() ?? '';
  return why === '' ? option : `${option}${CHOICE_REASON_SEPARATOR}${why}`;
}

/** FNV-1a, 32 bits: a stable number from the session id, for the order the options are shown in. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The options as offered in one run, or null when the task offers none (no `answer_options`, or `answer_choice:
 * false`). The order is shuffled per run from its session id — the same on every reload and for the same run's
 * model seat — so the order a pack happens to list them in (often the right one first) is no cue; the run's
 * `submitted` event records the order shown.
 */
export function offeredOptions(options: readonly AnswerOption[], answerChoice: boolean | undefined, sessionId: string): string[] | null {
  if (options.length === 0 || answerChoice === false) return null;
  const values = options.map(optionValue);
  let seed = hash32(sessionId);
  // Fisher–Yates with a small xorshift generator seeded by the hash.
  for (let i = values.length - 1; i > 0; i--) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    const j = seed % (i + 1);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}
