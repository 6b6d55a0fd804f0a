/**
 * A rater's labelling session is an append-only log; this is the pure fold that turns it into state.
 * Each answer (label, skip, flag) is an action; an item's answer is its latest action that has not
 * been undone, and Undo takes back the session's latest action, whichever item it was on.
 */
import { z } from 'zod';
import { VERDICTS } from './items.js';
import type { RaterLabel } from './labels.js';

export const LABELLING_TASK = 'labelling';

export const labellingStartedSchema = z.object({
  itemSetHash: z.string(),
  seed: z.number().int(),
  mode: z.enum(['split', 'crossed', 'overlap']),
  /** The rater's items in presentation order (real items only). */
  order: z.array(z.string()),
  /** Practice items, shown first. */
  practice: z.array(z.string()),
  /** Per-item hash of what raters are shown, for the whole set, so a changed set can be explained item by item. */
  itemHashes: z.record(z.string(), z.string()),
});
export type LabellingStarted = z.infer<typeof labellingStartedSchema>;

/** A graded verdict item's answers per checklist entry, by checklist id. */
export const checklistAnswersSchema = z.record(z.string(), z.enum(VERDICTS));
export type ChecklistAnswers = z.infer<typeof checklistAnswersSchema>;

const labelGiven = z.object({
  itemId: z.string(),
  label: z.string(),
  ms: z.number().nonnegative(),
  practice: z.boolean().optional(),
  /** Present when the item is a verdict graded item by item: one YES/NO per checklist entry. */
  checklist: checklistAnswersSchema.optional(),
});
const noted = z.object({ itemId: z.string(), note: z.string() });
const undone = z.object({ itemId: z.string() });

export type Answer =
  | { kind: 'label'; label: string; ms: number; at: string; checklist?: ChecklistAnswers }
  | { kind: 'skip'; note: string; at: string }
  | { kind: 'flag'; note: string; at: string };

export interface LabellingState {
  started: LabellingStarted | null;
  /** Current answer per item (practice included). */
  answers: Record<string, Answer>;
  /** The item Undo would take back, or null. */
  lastAction: string | null;
  /** Events the fold did not understand (kept in the log, listed so nothing is silently ignored). */
  unknown: number;
}

interface FoldEvent {
  kind: string;
  payload: unknown;
  wallTime: string;
}

export function foldLabelling(events: ReadonlyArray<FoldEvent>): LabellingState {
  let started: LabellingStarted | null = null;
  const stack: Array<{ itemId: string; answer: Answer }> = [];
  let unknown = 0;
  for (const e of events) {
    if (e.kind === 'session_started') continue;
    if (e.kind === 'labelling_started') {
      const p = labellingStartedSchema.safeParse(e.payload);
      if (p.success && !started) started = p.data;
      else unknown++;
      continue;
    }
    const answer = toAnswer(e);
    if (answer) {
      stack.push(answer);
      continue;
    }
    const u = e.kind === 'label_undone' ? undone.safeParse(e.payload) : null;
    if (u?.success) {
      // The handler only writes an undo for the latest action; a mismatch still undoes that item's latest.
      const at = stack.map((a) => a.itemId).lastIndexOf(u.data.itemId);
      if (at >= 0) stack.splice(at, 1);
      continue;
    }
    unknown++;
  }
  const answers: Record<string, Answer> = {};
  for (const { itemId, answer } of stack) answers[itemId] = answer;
  return { started, answers, lastAction: stack.at(-1)?.itemId ?? null, unknown };
}

function toAnswer(e: FoldEvent): { itemId: string; answer: Answer } | null {
  if (e.kind === 'label_given') {
    const p = labelGiven.safeParse(e.payload);
    return p.success
      ? {
          itemId: p.data.itemId,
          answer: {
            kind: 'label',
            label: p.data.label,
            ms: p.data.ms,
            at: e.wallTime,
            ...(p.data.checklist ? { checklist: p.data.checklist } : {}),
          },
        }
      : null;
  }
  if (e.kind === 'item_skipped' || e.kind === 'item_flagged') {
    const p = noted.safeParse(e.payload);
    if (!p.success) return null;
    const kind = e.kind === 'item_skipped' ? 'skip' : 'flag';
    return { itemId: p.data.itemId, answer: { kind, note: p.data.note, at: e.wallTime } };
  }
  return null;
}

export interface Progress {
  practiceDone: number;
  practiceTotal: number;
  done: number;
  total: number;
}

export function progressOf(state: LabellingState): Progress {
  const s = state.started;
  if (!s) return { practiceDone: 0, practiceTotal: 0, done: 0, total: 0 };
  const count = (ids: string[]) => ids.filter((id) => state.answers[id]).length;
  return {
    practiceDone: count(s.practice),
    practiceTotal: s.practice.length,
    done: count(s.order),
    total: s.order.length,
  };
}

/** Where a returning rater continues: the first practice item, then the first real item, still without an answer. */
export function resumeAt(state: LabellingState): string | null {
  const s = state.started;
  if (!s) return null;
  return [...s.practice, ...s.order].find((id) => !state.answers[id]) ?? null;
}

/** The rater's current answers to real items, as the export and the report read them (practice left out). */
export function raterLabelsOf(rater: string, state: LabellingState): RaterLabel[] {
  const order = state.started?.order ?? [];
  return order.flatMap((itemId): RaterLabel[] => {
    const a = state.answers[itemId];
    if (!a) return [];
    if (a.kind === 'label')
      return [{ itemId, rater, label: a.label, at: a.at, ms: a.ms, ...(a.checklist ? { checklist: { ...a.checklist } } : {}) }];
    const common = { itemId, rater, label: null, at: a.at, ...(a.note ? { note: a.note } : {}) };
    return [a.kind === 'skip' ? { ...common, skipped: true } : { ...common, flagged: true }];
  });
}
