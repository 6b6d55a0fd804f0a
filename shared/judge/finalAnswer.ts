/** The benchmark's agents end with a `FINAL_ANSWER:` line; a person's answer is written the same way. */
export const FINAL_ANSWER_PREFIX = 'FINAL_ANSWER:';

/** The answer to judge: what follows the last `FINAL_ANSWER:`, or the whole text when there is none. */
export function extractFinalAnswer(text: string): string {
  const at = text.lastIndexOf(FINAL_ANSWER_PREFIX);
  return (at < 0 ? text : text.slice(at + FINAL_ANSWER_PREFIX.length)).trim();
}

export function asFinalAnswerMessage(answer: string): string {
  return `${FINAL_ANSWER_PREFIX} ${extractFinalAnswer(answer)}`;
}
