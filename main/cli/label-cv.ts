// npx tsx main/cli/label-cv.ts [studies/<pack> …]   (default: every team pack in studies/)
// Cross-validation on the TRAIN halves of the label test sets only (the held-out half is dropped as it is read):
// the rules on the half they were tuned on, naive Bayes leave-one-out, the rules with naive Bayes where no rule
// fires, and a cross-task model of the labels' kinds leave-one-task-out. How the labeller was chosen (issue 23).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { loadLabelTests } from '../team/pack/loadLabelTests.js';
import { teamPacksIn } from './lint-packs.js';
import { leaveOneOut, leaveOneTaskOut, type TrainTask } from '../labelCv/crossValidate.js';

export function trainTasks(dirs: readonly string[]): TrainTask[] {
  const out: TrainTask[] = [];
  for (const dir of dirs) {
    for (const t of loadTeamPack(dir).tasks) {
      const set = loadLabelTests(dir, t).set;
      if (set) out.push({ id: t.task.id, labels: t.versions.manipulation.labels, train: set.train });
    }
  }
  return out;
}

export function labelCvLines(tasks: readonly TrainTask[]): string[] {
  const f = (x: number) => x.toFixed(2);
  const rows = tasks.map(leaveOneOut);
  const kinds = leaveOneTaskOut(tasks);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  return [
    'train halves only; rules = on the half they were tuned on (optimistic); the rest leave-one-out',
    ...rows.map((r, i) => `${r.task}: n ${r.n}; rules ${f(r.rules)}; bayes ${f(r.bayes)}; bayes+context ${f(r.bayesContext)}; rules then bayes ${f(r.rulesThenBayes)}; kinds (other tasks) ${f(kinds[i]!.kindAccuracy)}`),
    `mean: rules ${f(mean(rows.map((r) => r.rules)))}; bayes ${f(mean(rows.map((r) => r.bayes)))}; bayes+context ${f(mean(rows.map((r) => r.bayesContext)))}; ` +
      `rules then bayes ${f(mean(rows.map((r) => r.rulesThenBayes)))}; kinds (other tasks) ${f(mean(kinds.map((k) => k.kindAccuracy)))}`,
  ];
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args.map((d) => path.resolve(d)) : teamPacksIn(path.resolve('studies'));
  for (const line of labelCvLines(trainTasks(dirs))) console.log(line);
}
