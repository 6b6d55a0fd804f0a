/**
 * A multinomial naive Bayes text classifier: small, deterministic, and explainable (each label's score is a sum of
 * per-feature log-odds, so the features that weighed most can be named). Trained on a task's label test set's train
 * half; never on its held-out half. Used by `npx tsx main/cli/label-cv.ts` to choose a labeller by cross-validation
 * on the train halves; not shipped (it lost to the rules: studies/FORMAT-team.md, "Labels").
 */
export interface BayesModel {
  labels: string[];
  /** log P(label), smoothed. */
  prior: Record<string, number>;
  /** Per label, the log-probability of each feature seen in training. */
  logp: Record<string, Record<string, number>>;
  /** Per label, the log-probability of a feature never seen with that label. */
  unseen: Record<string, number>;
  vocabulary: Set<string>;
}

export interface BayesExample {
  features: readonly string[];
  label: string;
}

export function trainBayes(labels: readonly string[], examples: readonly BayesExample[], alpha = 1): BayesModel {
  const vocabulary = new Set<string>();
  for (const e of examples) for (const f of e.features) vocabulary.add(f);
  const V = Math.max(1, vocabulary.size);
  const prior: Record<string, number> = {};
  const logp: Record<string, Record<string, number>> = {};
  const unseen: Record<string, number> = {};
  for (const label of labels) {
    const mine = examples.filter((e) => e.label === label);
    prior[label] = Math.log((mine.length + 1) / (examples.length + labels.length));
    const counts = new Map<string, number>();
    let total = 0;
    for (const e of mine) {
      // Binary per message: a word said three times in one message is one piece of evidence.
      for (const f of new Set(e.features)) {
        counts.set(f, (counts.get(f) ?? 0) + 1);
        total++;
      }
    }
    const denominator = total + alpha * V;
    logp[label] = Object.fromEntries([...counts].map(([f, c]) => [f, Math.log((c + alpha) / denominator)]));
    unseen[label] = Math.log(alpha / denominator);
  }
  return { labels: [...labels], prior, logp, unseen, vocabulary };
}

export interface BayesScore {
  label: string;
  /** log P(label | message) up to a constant, features outside the vocabulary ignored. */
  score: number;
}

/** Every label's score, best first (ties in the labels' order). */
export function scoreBayes(model: BayesModel, features: readonly string[]): BayesScore[] {
  const known = [...new Set(features)].filter((f) => model.vocabulary.has(f));
  return model.labels
    .map((label, i) => ({ label, i, score: model.prior[label]! + known.reduce((a, f) => a + (model.logp[label]![f] ?? model.unseen[label]!), 0) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ label, score }) => ({ label, score }));
}

/** The features that most favour `label` over the runner-up, for the label's `why`. */
export function strongestFeatures(model: BayesModel, features: readonly string[], label: string, against: string, n = 3): string[] {
  const known = [...new Set(features)].filter((f) => model.vocabulary.has(f));
  const odds = (f: string) => (model.logp[label]![f] ?? model.unseen[label]!) - (model.logp[against]![f] ?? model.unseen[against]!);
  return known
    .map((f) => ({ f, o: odds(f) }))
    .filter((x) => x.o > 0)
    .sort((a, b) => b.o - a.o || (a.f < b.f ? -1 : 1))
    .slice(0, n)
    .map((x) => x.f);
}
