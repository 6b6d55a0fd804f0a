import type { ReplayItem, ReplaySeat } from '../contract/replay.js';
import type { ActionTrigger, RoundOrder } from './roundOrder.js';

/** One round's items, built when the round is first asked for (a 50 MB file is never turned into objects whole). */
export interface BuiltRound {
  items: ReplayItem[];
  order: RoundOrder;
  /** What in this round could not be shown as the file has it (an unmatched send_message, an edit not applied). */
  notes: string[];
}

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
  /** The round numbers in order, with what each holds; `edits`: a tool call that may change a workspace file. */
  rounds: Array<{ round: number; messages: number; tools: number; edits: boolean }>;
  /** Round `index`'s items in order; `triggers` are the task pack's action-fired events, when the pack is known. */
  roundAt(index: number, triggers: readonly ActionTrigger[] | null): BuiltRound;
  roundsRun: number | null;
  ended: string | null;
  verdict: { pass: boolean; outcome: string; details: Record<string, unknown> } | null;
  /** A Slack answer whose grade is still to come: who it waits for ("a grader", "a second grader", "a third grader"). */
  awaiting?: string;
  hasLabels: boolean;
  problems: string[];
  sandbox: { hashesBefore: Record<string, string>; finalFiles: Record<string, string> };
}

export const emptySandbox = (): ParsedRun['sandbox'] => ({ hashesBefore: {}, finalFiles: {} });

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rounds already built (a trajectory's steps, a Slack run's actions): their order is the source's own. */
export function fixedRounds(list: Array<{ round: number; items: ReplayItem[] }>, isEdit: (name: string) => boolean = () => false): Pick<ParsedRun, 'rounds' | 'roundAt'> {
  return {
    rounds: list.map((r) => ({
      round: r.round,
      messages: r.items.filter((i) => i.type === 'message').length,
      tools: r.items.filter((i) => i.type === 'tool').length,
      edits: r.items.some((i) => i.type === 'tool' && isEdit(i.name)),
    })),
    roundAt: (index) => ({ items: list[index]?.items ?? [], order: 'given', notes: [] }),
  };
}
