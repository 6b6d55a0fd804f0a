/**
 * The agreement report of a labelling session: people against the judges' final label and against
 * each judge, people against each other, Krippendorff's alpha over everyone, a per-dimension table
 * and the list of disagreements. Skipped and flagged labels are left out (and listed as excluded).
 * Checklist verdicts of graded verdict items are scored entry by entry in their own section (checklistReport.ts).
 *
 * Pooled rows tabulate over the union of all label sets. When dimensions use different label sets,
 * chance agreement is low across them, so pooled kappa/AC1/PABAK run high: read the per-dimension table.
 */
import { DEFAULT_LEVEL, DEFAULT_RESAMPLES } from '../stats/bootstrap.js';
import { deriveSeed } from '../stats/prng.js';
import { checklistReport, type ChecklistAnswersByItem } from './checklistReport.js';
import { alphaWithInterval, compare, type LabelPair } from './compare.js';
import { dimensionOf, labelSetOf, type LabellingItem } from './items.js';
import type { RaterLabel } from './labels.js';
import type { AgreementReport, Comparison, ExclusionReason } from './report-schema.js';

export interface ReportOptions {
  resamples?: number;
  seed?: number;
  level?: number;
}

/** Coder name for judge labels of items that carry only a final label, in alpha. */
export const FINAL_CODER = 'final';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface Resolved {
  /** itemId → rater → label, for usable labels only. */
  used: Map<string, Map<string, string>>;
  /** itemId → rater → checklist answers, for usable labels of verdict items that carry them. */
  checklists: ChecklistAnswersByItem;
  excluded: AgreementReport['excluded'];
}

/** The last record per (rater, item) counts: a rater may revise a label during the session. */
export function resolveLabels(items: Map<string, LabellingItem>, labels: ReadonlyArray<RaterLabel>): Resolved {
  const excluded: AgreementReport['excluded'] = [];
  const latest = new Map<string, RaterLabel>();
  for (const record of labels) {
    // Checked first: a changed item's old label must never be compared with the item's new text.
    if (record.itemChanged) {
      excluded.push({ itemId: record.itemId, rater: record.rater, reason: 'item_changed' });
      continue;
    }
    if (!items.has(record.itemId)) {
      excluded.push({ itemId: record.itemId, rater: record.rater, reason: 'unknown_item' });
      continue;
    }
    const key = `${record.rater}\u0000${record.itemId}`;
    const earlier = latest.get(key);
    if (earlier) excluded.push({ itemId: earlier.itemId, rater: earlier.rater, reason: 'replaced' });
    latest.set(key, record);
  }
  const used = new Map<string, Map<string, string>>();
  const checklists: ChecklistAnswersByItem = new Map();
  for (const record of latest.values()) {
    const item = items.get(record.itemId) as LabellingItem;
    let reason: ExclusionReason | null = null;
    // A flag carries no label either, so it is tested before the missing label that marks a skip.
    if (record.flagged) reason = 'flagged';
    else if (record.skipped || record.label === null) reason = 'skipped';
    else if (!labelSetOf(item).includes(record.label)) reason = 'outside_label_set';
    if (reason) {
      excluded.push({ itemId: record.itemId, rater: record.rater, reason });
      continue;
    }
    const byRater = used.get(record.itemId) ?? new Map<string, string>();
    used.set(record.itemId, byRater);
    byRater.set(record.rater, record.label as string);
    if (item.kind === 'verdict' && item.checklist && record.checklist) {
      const entries = checklists.get(record.itemId) ?? new Map<string, Record<string, 'YES' | 'NO'>>();
      checklists.set(record.itemId, entries);
      entries.set(record.rater, record.checklist);
    }
  }
  return { used, checklists, excluded };
}

export function agreementReport(
  itemList: ReadonlyArray<LabellingItem>,
  labels: ReadonlyArray<RaterLabel>,
  options: ReportOptions = {},
): AgreementReport {
  const seed = options.seed ?? 0;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? DEFAULT_LEVEL;
  const items = new Map(itemList.map((i) => [i.id, i]));
  const { used, checklists, excluded } = resolveLabels(items, labels);
  // Items in file order, so tables and disagreement lists read like the item set.
  const labelled = itemList.filter((i) => used.has(i.id));
  const raters = [...new Set(labelled.flatMap((i) => [...(used.get(i.id) ?? new Map<string, string>()).keys()]))].sort(byText);
  const judges = [...new Set(labelled.flatMap((i) => Object.keys(i.judge?.perJudge ?? {})))].sort(byText);
  const boot = (key: string) => ({ resamples, level, seed: deriveSeed(seed, key) });
  const categoriesOf = (subset: ReadonlyArray<LabellingItem>) => [...new Set(subset.flatMap(labelSetOf))];

  const pairsAgainst = (subset: ReadonlyArray<LabellingItem>, judgeLabel: (i: LabellingItem) => string | undefined, rater?: string) => {
    const pairs: LabelPair[] = [];
    for (const item of subset) {
      const second = judgeLabel(item);
      if (second === undefined) continue;
      for (const [who, first] of used.get(item.id) ?? []) if (rater === undefined || who === rater) pairs.push({ itemId: item.id, first, second });
    }
    return pairs;
  };
  const sides = (judgeLabel: (i: LabellingItem) => string | undefined, key: string) => {
    const categories = categoriesOf(labelled);
    const perRater: Record<string, Comparison> = {};
    for (const rater of raters) {
      const c = compare(pairsAgainst(labelled, judgeLabel, rater), categories, boot(`${key}:${rater}`));
      if (c) perRater[rater] = c;
    }
    return { pooled: compare(pairsAgainst(labelled, judgeLabel), categories, boot(`${key}:pooled`)), perRater };
  };

  const finalOf = (i: LabellingItem) => i.judge?.final;
  const vsFinal = sides(finalOf, 'final');
  const vsJudge: AgreementReport['vsJudge'] = {};
  for (const judge of judges) vsJudge[judge] = sides((i) => i.judge?.perJudge?.[judge], `judge:${judge}`);

  const usesFinalCoder = labelled.some((i) => i.judge && !i.judge.perJudge);
  const coders = [...raters, ...judges, ...(usesFinalCoder ? [FINAL_CODER] : [])];
  const alphaRow = (i: LabellingItem, withJudges: boolean) => {
    const row: Array<string | undefined> = raters.map((r) => used.get(i.id)?.get(r));
    if (!withJudges) return row;
    row.push(...judges.map((j) => i.judge?.perJudge?.[j]));
    if (usesFinalCoder) row.push(i.judge && !i.judge.perJudge ? i.judge.final : undefined);
    return row;
  };
  const alphaOver = (subset: ReadonlyArray<LabellingItem>, key: string) =>
    alphaWithInterval(subset.map((i) => alphaRow(i, true)), coders, boot(key));

  const raterPairs: AgreementReport['raterPairs'] = [];
  raters.forEach((first, a) => {
    for (const second of raters.slice(a + 1)) {
      const pairs: LabelPair[] = [];
      for (const item of labelled) {
        const x = used.get(item.id)?.get(first);
        const y = used.get(item.id)?.get(second);
        if (x !== undefined && y !== undefined) pairs.push({ itemId: item.id, first: x, second: y });
      }
      const comparison = compare(pairs, categoriesOf(labelled), boot(`raters:${first}:${second}`));
      if (comparison) raterPairs.push({ first, second, comparison });
    }
  });

  const disagreements: AgreementReport['disagreements'] = [];
  for (const item of labelled) {
    if (!item.judge) continue;
    for (const rater of raters) {
      const label = used.get(item.id)?.get(rater);
      if (label === undefined || label === item.judge.final) continue;
      disagreements.push({
        itemId: item.id,
        dimension: dimensionOf(item),
        rater,
        raterLabel: label,
        judgeLabel: item.judge.final,
        ...(item.judge.perJudge ? { perJudge: { ...item.judge.perJudge } } : {}),
      });
    }
  }

  const dimensions = [...new Set(labelled.map(dimensionOf))].sort(byText);
  const byDimension = dimensions.map((dimension) => {
    const subset = labelled.filter((i) => dimensionOf(i) === dimension);
    return {
      dimension,
      items: subset.length,
      labelSet: categoriesOf(subset),
      vsFinal: compare(pairsAgainst(subset, finalOf), categoriesOf(subset), boot(`dimension:${dimension}`)),
      alpha: alphaOver(subset, `alpha:${dimension}`),
      disagreements: disagreements.filter((d) => d.dimension === dimension).length,
    };
  });

  return {
    schema: 'teamseat/agreement-report@1',
    bootstrap: { resamples, seed, level, resample: 'items', interval: 'percentile' },
    counts: {
      items: itemList.length,
      itemsLabelled: labelled.length,
      itemsWithoutJudge: labelled.filter((i) => !i.judge).length,
      labels: labels.length,
      used: [...used.values()].reduce((s, m) => s + m.size, 0),
    },
    raters,
    judges,
    vsFinal,
    vsJudge,
    alpha: alphaOver(labelled, 'alpha'),
    alphaRaters: alphaWithInterval(labelled.map((i) => alphaRow(i, false)), [...raters], boot('alpha:raters')),
    raterPairs,
    byDimension,
    disagreements,
    excluded,
    checklist: checklistReport(labelled, checklists, raters, boot),
  };
}
