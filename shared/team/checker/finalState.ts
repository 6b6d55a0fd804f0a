import type { Packages } from '../casino/points.js';

/** One message of the run as the session log recorded it. `to` is a seat name or the team channel. */
export interface StateMessage {
  round: number;
  seat: string;
  to: string;
  text: string;
}

/**
 * Result of running one hidden test file against the final files. The Pyodide runner's `TestRun`
 * (main/pyodide/testRun.ts) fits this shape, so the session runner can run each file and pass it on.
 */
export interface TestFileResult {
  status?: string;
  passed: number;
  failed: number;
  errors: number;
  skipped?: number;
  not_run?: number;
}

/**
 * The negotiation's end: a deal that was agreed (in the alone version, the split the participant
 * submitted), a walk-away, or nothing agreed before the rounds ran out.
 */
export type FinalDeal =
  | { status: 'agreed'; evaluatedGets: Packages }
  | { status: 'walked_away'; by?: string }
  | { status: 'none' };

/** Everything a checker may look at. Checkers are pure functions of this. */
export interface FinalState {
  evaluatedSeat: string;
  /** Workspace file → sha256 hex of its content when the run started (the transcript's `hashes_before`). */
  hashesBefore: Record<string, string>;
  /** Workspace file → content when the run ended; a deleted file is absent. */
  files: Record<string, string>;
  messages: StateMessage[];
  deal: FinalDeal;
  /** The submitted answer: free text, or named fields when the task asks for several. */
  answer: string | Record<string, string | number | boolean> | null;
  /** Hidden test file path → result; absent when the runner did not run them. */
  hiddenTests?: Record<string, TestFileResult>;
}
