import type { ReplayItem, ReplaySeat } from '../contract/replay.js';

/** A run read from any source, before the host adds its workspace timeline. */
export interface ParsedRun {
  format: 'benchmark' | 'session' | 'slack';
  title: string;
  scenario: string | null;
  dimension: string | null;
  version: string | null;
  seed: number | null;
  evaluatedSeat: string;
  evaluatedModel: string;
  seats: ReplaySeat[];
  rounds: Array<{ round: number; items: ReplayItem[] }>;
  roundsRun: number | null;
  ended: string | null;
  verdict: { pass: boolean; outcome: string; details: Record<string, unknown> } | null;
  /** A Slack answer whose grade is still to come: who it waits for ("a grader", "a second grader", "a third grader"). */
  awaiting?: string;
  hasLabels: boolean;
  problems: string[];
  sandbox: {
    hashesBefore: Record<string, string>;
    finalFiles: Record<string, string>;
    /** Each edit_file call with its full new content, by round index. */
    edits: Array<{ roundIndex: number; path: string; content: string }>;
  };
}

export const emptySandbox = (): ParsedRun['sandbox'] => ({ hashesBefore: {}, finalFiles: {}, edits: [] });

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
