import type { ResolvedTask } from '../pack/resolve.js';
import type { TaskVersion } from '../pack/schema.js';

export type LabelSource = 'rules' | 'experimenter' | 'llm';

/** One earlier message of the session, as a rater sees it. */
export interface HistoryMessage {
  round: number;
  seat: string;
  to: string;
  text: string;
}

export interface LabelRequest {
  task: ResolvedTask;
  version: TaskVersion;
  /** The participant's message to label. */
  message: { round: number; to: string; text: string };
  /** Everything said before it, oldest first. */
  history: readonly HistoryMessage[];
}

export interface LabelDecision {
  /** One of the task's label ids. */
  label: string;
  source: LabelSource;
  /** The rule that fired (rules labeller), or which rater settled it (e.g. `referee+second`). */
  rule?: string;
  /** What the source answered, kept for the record (an LLM's reply, the experimenter's pick). */
  raw?: unknown;
}

/**
 * Gives the participant's message to the scripted teammate a label. Rules answer at once; an
 * experimenter console or an LLM panel may take time, so the call is async for all of them.
 */
export interface Labeller {
  readonly source: LabelSource;
  label(request: LabelRequest): Promise<LabelDecision>;
}
