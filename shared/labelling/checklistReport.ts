/**
 * Agreement on the checklists of graded verdict items: SlackBench grades a summary entry by entry with
 * partial credit, so a single YES/NO per item hides where raters and the judge part ways. Pairs are
 * (rater, item, entry); each comparison's bootstrap resamples items, not entries.
 */
import type { BootstrapOptions } from '../stats/bootstrap.js';
import { compare, type LabelPair } from './compare.js';
import { VERDICTS, type LabellingItem, type VerdictItem } from './items.js';
import type { ChecklistReport, Comparison } from './report-schema.js';

type Verdict = (typeof VERDICTS)[number];
/** itemId → rater → checklist id → verdict, for the raters' usable answers only. */
export type ChecklistAnswersByItem = Map<string, Map<string, Record<string, Verdict>>>;

const CATEGORIES = [...VERDICTS];

export function checklistReport(
  labelled: ReadonlyArray<LabellingItem>,
  answers: ChecklistAnswersByItem,
  raters: ReadonlyArray<string>,
  boot: (key: string) => BootstrapOptions,
): ChecklistReport | null {
  const graded = labelled.filter(
    (i): i is VerdictItem & { checklist: NonNullable<VerdictItem['checklist']> } =>
      i.kind === 'verdict' && !!i.checklist?.length && (answers.get(i.id)?.size ?? 0) > 0,
  );
  if (graded.length === 0) return null;
  const byRater = (rater: string | undefined) => {
    const pairs: LabelPair[] = [];
    for (const item of graded) {
      const judge = item.judge?.checklist ?? {};
      for (const [who, given] of answers.get(item.id) ?? []) {
        if (rater !== undefined && who !== rater) continue;
        for (const entry of item.checklist) {
          const first = given[entry.id];
          const second = judge[entry.id];
          if (first && second) pairs.push({ itemId: item.id, first, second });
        }
      }
    }
    return pairs;
  };
  const perRater: Record<string, Comparison> = {};
  for (const rater of raters) {
    const c = compare(byRater(rater), CATEGORIES, boot(`checklist:${rater}`));
    if (c) perRater[rater] = c;
  }

  const raterPairs: ChecklistReport['raterPairs'] = [];
  raters.forEach((first, a) => {
    for (const second of raters.slice(a + 1)) {
      const pairs: LabelPair[] = [];
      for (const item of graded) {
        const x = answers.get(item.id)?.get(first);
        const y = answers.get(item.id)?.get(second);
        if (!x || !y) continue;
        for (const entry of item.checklist) {
          const [p, q] = [x[entry.id], y[entry.id]];
          if (p && q) pairs.push({ itemId: item.id, first: p, second: q });
        }
      }
      const comparison = compare(pairs, CATEGORIES, boot(`checklist:raters:${first}:${second}`));
      if (comparison) raterPairs.push({ first, second, comparison });
    }
  });

  const disagreements: ChecklistReport['disagreements'] = [];
  for (const item of graded) {
    for (const entry of item.checklist) {
      const judgeVerdict = item.judge?.checklist?.[entry.id];
      if (!judgeVerdict) continue;
      for (const rater of raters) {
        const raterVerdict = answers.get(item.id)?.get(rater)?.[entry.id];
        if (raterVerdict && raterVerdict !== judgeVerdict) {
          disagreements.push({
            itemId: item.id,
            checklistId: entry.id,
            text: entry.text,
            rater,
            raterVerdict,
            judgeVerdict,
          });
        }
      }
    }
  }

  return {
    items: graded.length,
    judgedEntries: graded.reduce(
      (n, i) => n + i.checklist.filter((e) => i.judge?.checklist?.[e.id] !== undefined).length,
      0,
    ),
    vsJudge: { pooled: compare(byRater(undefined), CATEGORIES, boot('checklist:pooled')), perRater },
    raterPairs,
    disagreements,
  };
}
