import { compileMatch } from '../pack/match.js';
import type { ResolvedTask } from '../pack/resolve.js';

/** Which facts a partner's live text names, by the pack's fact keywords and regexes. */
export interface FactsInText {
  /** Facts the partner holds: marked revealed, as a scripted reply's `reveals` would be. */
  revealed: string[];
  /** Facts of other seats the text names: recorded, never marked revealed (the partner could not have known them). */
  notHeld: string[];
}

/** A fact with neither keywords nor regexes cannot be recognised in free text and is not checked. */
export function factsInText(task: ResolvedTask, partner: string, text: string): FactsInText {
  const revealed: string[] = [];
  const notHeld: string[] = [];
  for (const seat of task.seats) {
    if (seat.kind === 'environment') continue;
    for (const fact of seat.facts) {
      const match = compileMatch(fact);
      if (match.empty || match.find(text) === null) continue;
      (seat.name === partner ? revealed : notHeld).push(fact.id);
    }
  }
  // A fact another seat also holds (same id) counts as the partner's own.
  return { revealed, notHeld: notHeld.filter((id) => !revealed.includes(id)) };
}
