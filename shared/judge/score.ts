import { queryCategories, type QueryCategory } from './query.js';

export interface JudgedQuery {
  queryId: string;
  category: QueryCategory;
  /** null when the answer could not be judged (the judge failed); such queries are counted, never scored as 0. */
  reward: number | null;
}

export interface CategoryScore {
  /** Queries seen, graded or not. */
  n: number;
  graded: number;
  ungraded: number;
  /** Mean reward over graded queries (SU's partial credit included); null when nothing was graded. */
  passRate: number | null;
}

export interface StudyScore {
  categories: Record<QueryCategory, CategoryScore>;
  /** SlackBench's overall: the unweighted mean of the four category pass rates; null unless all four have one. */
  overall: number | null;
  /** Categories without a pass rate, the reason `overall` is null. */
  missing: QueryCategory[];
}

export function scoreStudy(judged: readonly JudgedQuery[]): StudyScore {
  const categories = {} as Record<QueryCategory, CategoryScore>;
  for (const category of queryCategories) {
    const mine = judged.filter((j) => j.category === category);
    const rewards = mine.flatMap((j) => (j.reward === null ? [] : [j.reward]));
    categories[category] = {
      n: mine.length,
      graded: rewards.length,
      ungraded: mine.length - rewards.length,
      passRate: rewards.length === 0 ? null : rewards.reduce((a, b) => a + b, 0) / rewards.length,
    };
  }
  const missing = queryCategories.filter((c) => categories[c].passRate === null);
  const overall =
    missing.length > 0
      ? null
      : queryCategories.reduce((sum, c) => sum + (categories[c].passRate ?? 0), 0) / queryCategories.length;
  return { categories, overall, missing };
}
