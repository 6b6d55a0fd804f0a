/**
 * How long the full agreement report takes for a large labelling session: 1,000 items × 3 raters
 * (everyone labels everything), 3 judges, 8 dimensions, every interval from 2,000 resamples.
 * The data are synthetic, drawn with the seeded generator so every run times the same work.
 */
import { performance } from 'node:perf_hooks';
import { mulberry32, type Rng } from '../../shared/stats/prng.js';
import { agreementReport } from '../../shared/labelling/report.js';
import type { LabellingItem } from '../../shared/labelling/items.js';
import type { RaterLabel } from '../../shared/labelling/labels.js';
import { median, type BenchRow } from './types.js';
import { dimensions } from '../../shared/team/pack/schema.js';


const DIMENSIONS = dimensions;
const LABELS = ['complies', 'challenges', 'hedges', 'other'];

/** Each rater or judge gives the hidden true label with probability `accuracy`, else a random one. */
function noisy(truth: string, accuracy: number, rng: Rng): string {
  return rng.next() < accuracy ? truth : (LABELS[rng.int(LABELS.length)] as string);
}

export function syntheticSession(itemCount: number, raters: string[], seed: number): { items: LabellingItem[]; labels: RaterLabel[] } {
  const rng = mulberry32(seed);
  const items: LabellingItem[] = [];
  const labels: RaterLabel[] = [];
  for (let i = 0; i < itemCount; i++) {
    // Skewed prevalence, as in real sets where most messages comply or challenge.
    const truth = (rng.next() < 0.7 ? LABELS[rng.int(2)] : LABELS[2 + rng.int(2)]) as string;
    const perJudge = { referee: noisy(truth, 0.9, rng), second: noisy(truth, 0.85, rng), tiebreak: noisy(truth, 0.8, rng) };
    const id = `item-${i}`;
    items.push({
      kind: 'message',
      id,
      dimension: DIMENSIONS[i % DIMENSIONS.length] as string,
      task: `task-${i % 120}`,
      context: [{ seat: 'Lee', text: 'We ship tonight whatever the tests say.' }],
      message: { seat: 'You', text: `message ${i}` },
      labels: LABELS.map((label) => ({ label, definition: `the message ${label}` })),
      judge: { final: perJudge.referee === perJudge.second ? perJudge.referee : perJudge.tiebreak, perJudge },
    });
    for (const rater of raters) labels.push({ itemId: id, rater, label: noisy(truth, 0.8, rng) });
  }
  return { items, labels };
}


export async function agreementBench(runs = 5): Promise<BenchRow[]> {
  const { items, labels } = syntheticSession(1000, ['R1', 'R2', 'R3'], 20240601);
  const times: number[] = [];
  // CPU time beside wall time: on a shared machine the wall clock mostly measures the neighbours.
  const cpuTimes: number[] = [];
  let kappa: number | null = null;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const report = agreementReport(items, labels, { resamples: 2000, seed: 1 });
    const cpu = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    kappa = report.vsFinal.pooled?.kappa.value ?? null;
  }
  return [
    { name: 'agreement report, 1000 items × 3 raters × 3 judges, 2000 resamples (median)', value: Math.round(median(times)), unit: 'ms', target: '<= 1000' },
    { name: 'agreement report, CPU time (median)', value: Math.round(median(cpuTimes)), unit: 'ms', target: '<= 1000' },
    { name: 'agreement report, slowest of runs', value: Math.round(Math.max(...times)), unit: 'ms' },
    // A sanity value, so a bench that got fast by computing nothing shows it.
    { name: 'agreement report, pooled kappa vs final label (synthetic)', value: Number((kappa ?? NaN).toFixed(3)), unit: 'kappa' },
  ];
}
