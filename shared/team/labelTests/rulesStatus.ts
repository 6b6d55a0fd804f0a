import { compileRules, decideByRules } from '../labeller/rulesLabeller.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { TaskVersion } from '../pack/schema.js';
import { decidingLabels, giveWayLabels } from './deciding.js';
import { giveWayReliability, measureSetNow, validationOf, type GiveWayReliability, type SetMeasure, type Validation } from './measure.js';
import { writersOf, type LabelTestSet } from './schema.js';

/** How far a task's rules labeller can be trusted, from its label test set. */
export interface RulesStatus extends Validation {
  /** Who wrote the set (its `written_by`); null without a set. */
  writtenBy: string | null;
  deciding: string[];
  /** Each give-way label's held-out recall and precision against the bar (empty without a set or give-way). */
  giveWay: GiveWayReliability[];
  measure: SetMeasure | null;
  /** The train half's messages (text and true label), for tuning on it (`lint-packs --train`); never the held-out's. */
  train: Array<{ text: string; label: string }>;
}

/** The task's rules run over its set; a task without a set (or whose set does not load) is not validated. */
export function rulesStatusOf(versions: Record<TaskVersion, ResolvedTask>, set: LabelTestSet | null): RulesStatus {
  const deciding = decidingLabels(versions);
  if (!set) return { validated: false, reasons: ['no label test set'], writtenBy: null, deciding, giveWay: [], measure: null, train: [] };
  const labels = versions.manipulation.labels;
  const rules = compileRules(labels);
  const measure = measureSetNow((request) => decideByRules(rules, labels, request.message.text).label, versions, set);
  const giveWay = giveWayLabels(versions);
  return { ...validationOf(measure.held_out, deciding, giveWay), writtenBy: writersOf(set), deciding, giveWay: giveWayReliability(measure.held_out, giveWay), measure, train: set.train.map((m) => ({ text: m.text, label: m.label })) };
}
