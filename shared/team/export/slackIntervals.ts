import { queryCategories, type QueryCategory } from '../../judge/query.js';
import { scoreStudy, type JudgedQuery } from '../../judge/score.js';
import { deriveSeed, mulberry32, type Rng } from '../../stats/prng.js';
import { BOOTSTRAP, percentileInterval, resampledMeans } from './bootstrap.js';
import { finite } from './cells.js';

/**
 * SlackBench scores with 95% percentile bootstrap intervals (4,000 replicates from seed 0, as the team rule).
 * One participant: their graded answers resampled within each category; overall = the mean of the four category
 * replicates with the same index (null unless all four have answers). Pooled: participants drawn with replacement,
 * then the drawn participants' graded answers resampled within each category.
 */
export interface IntervalScore {
  categories: Record<QueryCategory, { n: number; graded: number; ungraded: number; passRate: number | null; ci: [number | null, number | null] }>;
  overall: number | null;
  overallCi: [number | null, number | null];
  missing: QueryCategory[];
}

const ci = (point: number | null, reps: readonly number[]): [number | null, number | null] =>
  point === null ? [null, null] : (percentileInterval(reps).map(finite) as [number | null, number | null]);

const graded = (judged: readonly JudgedQuery[], c: QueryCategory) => judged.flatMap((j) => (j.category === c && j.reward !== null ? [j.reward] : []));

function withIntervals(judged: readonly JudgedQuery[], perCategory: Record<QueryCategory, number[]>, overallReps: number[]): IntervalScore {
  const base = scoreStudy(judged);
  const categories = {} as IntervalScore['categories'];
  for (const c of queryCategories) categories[c] = { ...base.categories[c], ci: ci(base.categories[c].passRate, perCategory[c]) };
  return { categories, overall: base.overall, overallCi: ci(base.overall, overallReps), missing: base.missing };
}

function overallOf(perCategory: Record<QueryCategory, number[]>, reps: number): number[] {
  const out = new Array<number>(reps);
  for (let r = 0; r < reps; r++) {
    let sum = 0;
    for (const c of queryCategories) sum += perCategory[c][r] as number;
    out[r] = sum / queryCategories.length; // NaN when a category had nothing to draw
  }
  return out;
}

/** One participant's (or any one group's) score with intervals. `key` names the random stream. */
export function slackScoreWithIntervals(judged: readonly JudgedQuery[], key: string, reps: number = BOOTSTRAP.reps): IntervalScore {
  const perCategory = {} as Record<QueryCategory, number[]>;
  for (const c of queryCategories) perCategory[c] = resampledMeans(graded(judged, c), reps, mulberry32(deriveSeed(BOOTSTRAP.seed, `${key}\u0000${c}`)));
  return withIntervals(judged, perCategory, overallOf(perCategory, reps));
}

/** Everyone's score: the point values pool every answer; the bootstrap draws participants, then answers. */
export function pooledSlackScore(byParticipant: ReadonlyArray<readonly JudgedQuery[]>, reps: number = BOOTSTRAP.reps): IntervalScore {
  const rng: Rng = mulberry32(deriveSeed(BOOTSTRAP.seed, 'human:all'));
  const P = byParticipant.length;
  const values = queryCategories.map((c) => byParticipant.map((j) => graded(j, c)));
  const perCategory = {} as Record<QueryCategory, number[]>;
  for (const c of queryCategories) perCategory[c] = new Array<number>(reps);
  const drawn = new Int32Array(P);
  for (let r = 0; r < reps; r++) {
    rng.fillInts(drawn, P);
    queryCategories.forEach((c, ci) => {
      let n = 0;
      for (let i = 0; i < P; i++) n += values[ci]![drawn[i]!]!.length;
      if (n === 0) {
        perCategory[c][r] = Number.NaN;
        return;
      }
      // Resample n answers from the drawn participants' answers (a participant drawn twice counts twice).
      const pool = new Float64Array(n);
      let k = 0;
      for (let i = 0; i < P; i++) for (const v of values[ci]![drawn[i]!]!) pool[k++] = v;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += pool[rng.int(n)]!;
      perCategory[c][r] = sum / n;
    });
  }
  return withIntervals(byParticipant.flat(), perCategory, overallOf(perCategory, reps));
}
