import { queryCategories, type QueryCategory } from '../judge/query.js';
import type { RowSource } from './rows.js';

/** One row of SlackBench's per-category table: people (a study, or the published row) or a model (Harbor jobs). */
export interface SlackRow {
  id: string;
  human: boolean;
  synthetic: boolean;
  source: RowSource;
  /** SlackBench's overall: the unweighted mean of the four category pass rates; null unless all four have one. */
  overall: number | null;
  categories: Record<QueryCategory, { passRate: number | null; n: number }>;
}

/** Where SlackBench's human row is quoted from (see studies/comparison-fixture/PROVENANCE.md). */
export const SLACKBENCH_HUMAN_CITATION =
  'SlackBench paper, human baseline row (84.5% overall; AS 91, HA 90, SU 82, CI 75), as quoted in Teamseat issue 15';

/** SlackBench's published human row. Query counts are the benchmark's (AS 58, HA 48, SU 14, CI 20). */
export const SLACKBENCH_HUMAN_ROW: SlackRow = {
  id: 'human (SlackBench, published)',
  human: true,
  synthetic: false,
  source: { kind: 'published', citation: SLACKBENCH_HUMAN_CITATION },
  overall: 0.845,
  categories: {
    AS: { passRate: 0.91, n: 58 },
    HA: { passRate: 0.9, n: 48 },
    SU: { passRate: 0.82, n: 14 },
    CI: { passRate: 0.75, n: 20 },
  },
};

/** A Slack row from judged trials; the overall is SlackBench's unweighted mean of the four categories. */
export function slackRowOf(
  id: string,
  human: boolean,
  source: RowSource,
  trials: ReadonlyArray<{ category: QueryCategory; reward: number | null }>,
  synthetic = false,
): SlackRow {
  const categories = {} as SlackRow['categories'];
  for (const c of queryCategories) {
    const rewards = trials.filter((t) => t.category === c && t.reward !== null).map((t) => t.reward!);
    categories[c] = {
      passRate: rewards.length ? rewards.reduce((a, b) => a + b, 0) / rewards.length : null,
      n: rewards.length,
    };
  }
  const rates = queryCategories.map((c) => categories[c].passRate);
  const overall = rates.every((r) => r !== null)
    ? (rates as number[]).reduce((a, b) => a + b, 0) / rates.length
    : null;
  return { id, human, synthetic, source, overall, categories };
}
