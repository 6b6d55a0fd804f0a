import { fail, ok, type Result } from '../../shared/result.js';
import type { EventOf } from '../../shared/team/engine/events.js';
import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import { choiceAnswerText, offeredOptions, type AnswerChoice } from '../../shared/team/pack/answerChoice.js';

/**
 * What a submission records (issue 23): the answer the checker scores, and how it was given. A choice must be one of
 * the options this run offered (a seat is untrusted: a page or a model may send anything) and comes instead of a
 * typed answer, never with one; it is recorded as `<option> — <reason>` so the one option matcher scores it.
 */
export function submissionOf(
  task: ResolvedTask,
  sessionId: string,
  answer: unknown,
  choice: AnswerChoice | undefined,
): Result<Omit<EventOf<'submitted'>, 'type'>> {
  const offered = offeredOptions(task.answerOptions, task.answerChoice, sessionId);
  const shown = offered === null ? {} : { offered };
  if (choice === undefined) {
    if (answer === undefined) return ok({ ...shown });
    return ok({ answer, ...(typeof answer === 'string' ? { via: 'typed' as const } : {}), ...shown });
  }
  if (answer !== undefined) return fail('bad_request', 'Send either a choice or an answer, not both: with a choice, the reason goes in its own field.');
  if (offered === null) return fail('bad_request', 'This task takes a written answer; it offers no choice.');
  const option = offered.find((o) => o === choice.option.trim());
  if (option === undefined) return fail('bad_request', `"${choice.option}" is not one of the options (${offered.join(', ')}).`);
  const reason = choice.reason?.trim() ?? '';
  return ok({
    answer: choiceAnswerText(option, reason),
    via: 'choice',
    choice: { option, ...(reason === '' ? {} : { reason }) },
    ...shown,
  });
}
