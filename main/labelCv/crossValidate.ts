import { compileRules, decideByRules } from '../../shared/team/labeller/rulesLabeller.js';
import type { Label } from '../../shared/team/pack/schema.js';
import { defaultLabel } from '../../shared/team/pack/resolve.js';
import type { LabelTestMessage } from '../../shared/team/labelTests/schema.js';
import { scoreBayes, trainBayes } from './bayes.js';
import { textFeatures } from './textFeatures.js';

/**
 * Cross-validation on a label test set's TRAIN half only, to choose between labellers without reading the held-out
 * half (issue 23: the rules are never tuned on it). Every number here is an accuracy over train messages.
 */
export interface TrainTask {
  id: string;
  labels: readonly Label[];
  train: readonly LabelTestMessage[];
}

/** The words of a message, and with `context` its recipient and the line it answers. */
export function messageFeatures(m: LabelTestMessage, context: boolean): string[] {
  const f = textFeatures(m.text);
  if (context) f.push(`to:${m.to ?? 'team'}`, ...(m.after ? [`after:${m.after}`] : []));
  return f;
}

export interface TaskCv {
  task: string;
  n: number;
  /** The task's rules on the half they were tuned on (optimistic: not a cross-validated number). */
  rules: number;
  /** Naive Bayes, leave-one-out within the train half. */
  bayes: number;
  /** The same with the recipient and the `after` line as features. */
  bayesContext: number;
  /** The rules, and naive Bayes (leave-one-out) where no rule fires. */
  rulesThenBayes: number;
}

const share = (hits: number, n: number): number => (n === 0 ? 0 : hits / n);

export function leaveOneOut(task: TrainTask): TaskCv {
  const ids = task.labels.map((l) => l.id);
  const rules = compileRules(task.labels);
  const fallback = defaultLabel(task.labels);
  const byRules = task.train.map((m) => decideByRules(rules, task.labels, m.text).label);
  const loo = (context: boolean) =>
    task.train.map((m, i) => {
      const rest = task.train.filter((_, j) => j !== i).map((r) => ({ label: r.label, features: messageFeatures(r, context) }));
      return scoreBayes(trainBayes(ids, rest), messageFeatures(m, context))[0]!.label;
    });
  const plain = loo(false);
  const withContext = loo(true);
  const hits = (given: readonly string[]) => given.filter((g, i) => g === task.train[i]!.label).length;
  const n = task.train.length;
  return {
    task: task.id,
    n,
    rules: share(hits(byRules), n),
    bayes: share(hits(plain), n),
    bayesContext: share(hits(withContext), n),
    rulesThenBayes: share(hits(byRules.map((r, i) => (r === fallback ? plain[i]! : r))), n),
  };
}

/**
 * What kind of reply each label of the built-in library is, across tasks: speaking up (the behaviour a task
 * measures), going along, delaying, or anything else. For a model trained on the other tasks (leave one task out).
 */
export const LABEL_KINDS: Readonly<Record<string, 'speaks_up' | 'goes_along' | 'delays' | 'other'>> = {
  challenges: 'speaks_up', pushes_back: 'speaks_up', refuses: 'speaks_up', reports: 'speaks_up', holds_firm: 'speaks_up',
  raises_need: 'speaks_up', refocuses: 'speaks_up', acknowledges: 'speaks_up', checks_in: 'speaks_up', asks_route: 'speaks_up',
  asks_source: 'speaks_up', asks_needs: 'speaks_up', proposes_best: 'speaks_up',
  complies: 'goes_along', goes_along: 'goes_along', agrees: 'goes_along', stays_in_lane: 'goes_along', gives_in: 'goes_along',
  joins_tangent: 'goes_along', dismisses: 'goes_along', accuses: 'goes_along',
  hedges: 'delays', other: 'other',
};

/** Per task, the share of its train messages whose kind a model trained on every other task's train half gets right. */
export function leaveOneTaskOut(tasks: readonly TrainTask[]): Array<{ task: string; kindAccuracy: number }> {
  const kinds = ['speaks_up', 'goes_along', 'delays', 'other'];
  const known = (m: LabelTestMessage) => LABEL_KINDS[m.label] !== undefined;
  return tasks.map((t) => {
    const rest = tasks.filter((o) => o.id !== t.id).flatMap((o) => o.train.filter(known).map((m) => ({ label: LABEL_KINDS[m.label]!, features: textFeatures(m.text) })));
    const model = trainBayes(kinds, rest);
    const mine = t.train.filter(known);
    const hits = mine.filter((m) => scoreBayes(model, textFeatures(m.text))[0]!.label === LABEL_KINDS[m.label]).length;
    return { task: t.id, kindAccuracy: share(hits, mine.length) };
  });
}
