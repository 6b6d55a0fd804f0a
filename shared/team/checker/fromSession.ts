import type { SessionState } from '../engine/state.js';
import { packagesSchema } from '../pack/schema.js';
import type { FinalDeal, FinalState, TestFileResult } from './finalState.js';

export interface WorkspaceOutcome {
  evaluatedSeat: string;
  /** path → sha256 of each workspace file when the run started. */
  hashesBefore: Record<string, string>;
  /** path → content of each workspace file when the run ended. */
  files: Record<string, string>;
  hiddenTests?: Record<string, TestFileResult>;
}

function answerOf(answer: unknown): FinalState['answer'] {
  if (typeof answer === 'string') return answer;
  if (typeof answer === 'number' || typeof answer === 'boolean') return String(answer);
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return null;
  const fields: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(answer)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return fields;
}

/**
 * The deal at the end: the last proposal once someone accepted it; a walk-away; or — when nobody
 * proposed anything, as in the alone version — a submitted answer that is itself a split.
 */
function dealOf(session: SessionState): FinalDeal {
  const last = session.deal.proposals.at(-1);
  if (session.deal.acceptedBy !== null && last) return { status: 'agreed', evaluatedGets: last.evaluated_gets };
  if (session.ended === 'walked_away' || session.endRequested === 'walked_away') return { status: 'walked_away' };
  const split = packagesSchema.safeParse(session.submitted?.answer);
  if (session.deal.proposals.length === 0 && split.success) return { status: 'agreed', evaluatedGets: split.data };
  return { status: 'none' };
}

/** What the checker reads, from the engine's folded session plus the workspace the runner holds. */
export function finalStateFromSession(session: SessionState, workspace: WorkspaceOutcome): FinalState {
  const state: FinalState = {
    evaluatedSeat: workspace.evaluatedSeat,
    hashesBefore: workspace.hashesBefore,
    files: workspace.files,
    messages: session.messages.map((m) => ({ round: m.round, seat: m.seat ?? workspace.evaluatedSeat, to: m.to, text: m.text })),
    deal: dealOf(session),
    answer: answerOf(session.submitted?.answer),
  };
  if (workspace.hiddenTests) state.hiddenTests = workspace.hiddenTests;
  return state;
}
