import { evaluatedSeat, type ResolvedTask } from '../pack/resolve.js';

/**
 * How a prompt names a seat. The evaluated seat is named `you` in packs and transcripts (it stays so there), but in a
 * prompt "you" is whoever reads it: a partner told "as you was told it" cannot tell itself from the participant, and
 * a model told "You are you (Developer)" learns nothing (issue 28). So prompts name the evaluated seat by its role.
 */
export function seatInPrompt(task: Pick<ResolvedTask, 'seats'>, seatName: string): string {
  const you = evaluatedSeat(task as ResolvedTask);
  return seatName === you.name ? `the ${you.role}` : seatName;
}
