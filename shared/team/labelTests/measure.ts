import type { Labeller, LabelRequest, HistoryMessage } from '../labeller/labeller.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { TaskVersion } from '../pack/schema.js';
import { TEAM_CHANNEL } from '../pack/schema.js';
import { answerableLines } from './check.js';
import { labelTestHalves, type LabelTestHalf, type LabelTestMessage, type LabelTestSet } from './schema.js';

export interface LabelScore {
  label: string;
  /** Messages whose true label this is. */
  support: number;
  /** Messages the labeller gave this label. */
  predicted: number;
  correct: number;
  /** correct / support; null when no message has the label. */
  recall: number | null;
  /** correct / predicted; null when the labeller never gave it. */
  precision: number | null;
}

export interface HalfMeasure {
  n: number;
  correct: number;
  accuracy: number | null;
  /** The task's labels, in its order: the rows (true label) and columns (given label) of `confusion`. */
  labels: string[];
  perLabel: LabelScore[];
  /** confusion[i][j]: messages whose true label is labels[i] and that were given labels[j]. */
  confusion: number[][];
  /** What the labeller gave each message, in the set's order. */
  given: string[];
}

export type SetMeasure = Record<LabelTestHalf, HalfMeasure>;

/** Accuracy, per-label recall and precision and the confusion matrix of one half. Pure. */
export function scoreHalf(labels: readonly string[], truth: readonly string[], given: readonly string[]): HalfMeasure {
  const index = new Map(labels.map((l, i) => [l, i]));
  const confusion = labels.map(() => labels.map(() => 0));
  let correct = 0;
  truth.forEach((t, k) => {
    const g = given[k]!;
    if (t === g) correct++;
    const i = index.get(t);
    const j = index.get(g);
    if (i !== undefined && j !== undefined) confusion[i]![j]!++;
  });
  const perLabel = labels.map((label, i): LabelScore => {
    const support = confusion[i]!.reduce((a, b) => a + b, 0);
    const predicted = confusion.reduce((a, row) => a + row[i]!, 0);
    const hit = confusion[i]![i]!;
    return { label, support, predicted, correct: hit, recall: support > 0 ? hit / support : null, precision: predicted > 0 ? hit / predicted : null };
  });
  return { n: truth.length, correct, accuracy: truth.length > 0 ? correct / truth.length : null, labels: [...labels], perLabel, confusion, given: [...given] };
}

/**
 * The request a labeller sees for a test message, as a session would build it: the version whose script has the
 * `after` line or event (manipulation when there is none), that line last in the history, the message to its recipient.
 */
export function requestFor(versions: Record<TaskVersion, ResolvedTask>, message: LabelTestMessage): LabelRequest {
  const line = message.after === undefined ? undefined : answerableLines(versions).find((l) => l.id === message.after);
  const task = versions[line?.version ?? 'manipulation'];
  const history: HistoryMessage[] = line ? [{ round: 1, seat: line.seat, to: line.to, text: line.text }] : [];
  return { task, version: task.version, message: { round: 1, to: message.to ?? TEAM_CHANNEL, text: message.text }, history };
}

/** Runs a labeller over both halves of a set, one message at a time, and scores each half apart. */
export async function measureSet(labeller: Labeller, versions: Record<TaskVersion, ResolvedTask>, set: LabelTestSet): Promise<SetMeasure> {
  const out = {} as SetMeasure;
  for (const half of labelTestHalves) {
    const given: string[] = [];
    for (const m of set[half]) given.push((await labeller.label(requestFor(versions, m))).label);
    out[half] = scoreHalf(labelIds(versions), set[half].map((m) => m.label), given);
  }
  return out;
}

/** The same with a labeller that answers at once (the rules), for callers that cannot wait (the library's check). */
export function measureSetNow(labelOf: (request: LabelRequest) => string, versions: Record<TaskVersion, ResolvedTask>, set: LabelTestSet): SetMeasure {
  const out = {} as SetMeasure;
  for (const half of labelTestHalves) {
    out[half] = scoreHalf(labelIds(versions), set[half].map((m) => m.label), set[half].map((m) => labelOf(requestFor(versions, m))));
  }
  return out;
}

const labelIds = (versions: Record<TaskVersion, ResolvedTask>): string[] => versions.manipulation.labels.map((l) => l.id);

/** The bar a task's rules must clear to run in a counted study without the panel or the console. */
/** `giveWay`: the recall and the precision a give-way label needs on the held-out half. */
export const VALIDATION = { accuracy: 0.9, decidingRecall: 0.85, giveWay: 0.85 } as const;

export const NOT_VALIDATED = 'rules not validated: run it with the panel or the console';

export interface Validation {
  validated: boolean;
  /** Why not, one short reason each (empty when validated). */
  reasons: string[];
}

/** One give-way label's held-out recall and precision against the bar, for lint-packs and the task card. */
export interface GiveWayReliability {
  label: string;
  recall: number | null;
  precision: number | null;
  /** Both recall and precision at least `VALIDATION.giveWay` on the held-out half. */
  reliable: boolean;
}

export function giveWayReliability(heldOut: HalfMeasure, giveWay: readonly string[]): GiveWayReliability[] {
  return giveWay.map((label) => {
    const s = heldOut.perLabel.find((p) => p.label === label);
    const recall = s?.recall ?? null;
    const precision = s?.precision ?? null;
    return { label, recall, precision, reliable: recall !== null && precision !== null && recall >= VALIDATION.giveWay && precision >= VALIDATION.giveWay };
  });
}

/**
 * Validated when the held-out half's accuracy and every deciding label's held-out recall clear the bar, and every
 * give-way label is reliable both ways (a wrong give-way lets a participant pass who did not do the thing).
 */
export function validationOf(heldOut: HalfMeasure, deciding: readonly string[], giveWay: readonly string[] = []): Validation {
  const reasons: string[] = [];
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (heldOut.accuracy === null || heldOut.accuracy < VALIDATION.accuracy) {
    reasons.push(`held-out accuracy ${heldOut.accuracy === null ? 'unknown' : pct(heldOut.accuracy)} (needs ${pct(VALIDATION.accuracy)})`);
  }
  for (const id of deciding) {
    const score = heldOut.perLabel.find((s) => s.label === id);
    if (!score || score.recall === null) reasons.push(`no held-out message is labelled ${id}`);
    else if (score.recall < VALIDATION.decidingRecall) reasons.push(`${id} recall ${pct(score.recall)} (needs ${pct(VALIDATION.decidingRecall)})`);
  }
  for (const g of giveWayReliability(heldOut, giveWay)) {
    // No message with the label, or its recall: already said when the label is deciding (give-way labels are).
    if (g.reliable || g.recall === null) continue;
    if (g.precision !== null && g.precision < VALIDATION.giveWay) {
      reasons.push(`give-way label ${g.label} precision ${pct(g.precision)} (needs ${pct(VALIDATION.giveWay)})`);
    }
    if (!deciding.includes(g.label) && g.recall < VALIDATION.giveWay) reasons.push(`give-way label ${g.label} recall ${pct(g.recall)} (needs ${pct(VALIDATION.giveWay)})`);
  }
  return { validated: reasons.length === 0, reasons };
}
