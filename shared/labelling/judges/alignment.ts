/**
 * Judges against people, item by item: for each judge run (a prompt version with a model) Cohen's κ and the
 * other two-rater statistics against every rater, against the judges the item file records, and against the
 * consensus; then the table of items where anyone differs. Items changed since a run judged them are left out.
 */
import { DEFAULT_LEVEL, DEFAULT_RESAMPLES } from '../../stats/bootstrap.js';
import { deriveSeed } from '../../stats/prng.js';
import type { ConsensusEntry } from '../adjudication/consensus.js';
import { compare, type LabelPair } from '../compare.js';
import { dimensionOf, labelSetOf, type LabellingItem } from '../items.js';
import type { Comparison } from '../report-schema.js';
import type { AlignmentRow, JudgeAlignment, JudgeRunRow } from './alignmentSchema.js';
import { RUN_WORDING, type JudgeRunState } from './runLog.js';

export interface RunInput {
  runId: string;
  startedAt: string;
  state: JudgeRunState;
}

export interface AlignmentInput {
  items: ReadonlyArray<LabellingItem>;
  /** The item hashes of the study's current items. */
  itemHashes: Readonly<Record<string, string>>;
  /** itemId → rater → usable label. */
  used: ReadonlyMap<string, ReadonlyMap<string, string>>;
  runs: ReadonlyArray<RunInput>;
  consensus: ReadonlyArray<ConsensusEntry>;
  resamples?: number;
  seed?: number;
}

type RunLabel = AlignmentRow['runs'][string];

export function judgeAlignment(input: AlignmentInput): JudgeAlignment {
  const { items, used } = input;
  const boot = (key: string) => ({ resamples: input.resamples ?? DEFAULT_RESAMPLES, level: DEFAULT_LEVEL, seed: deriveSeed(input.seed ?? 0, key) });
  const categories = [...new Set(items.flatMap(labelSetOf))];
  const consensus = new Map(input.consensus.map((c) => [c.itemId, c]));
  const judgeNames = [...new Set(items.flatMap((i) => Object.keys(i.judge?.perJudge ?? {})))].sort();
  const raters = [...new Set([...used.values()].flatMap((m) => [...m.keys()]))].sort();

  const labelOf = (run: RunInput, item: LabellingItem): RunLabel => {
    const planned = run.state.started?.items.find((x) => x.id === item.id);
    if (!planned) return { status: 'pending' };
    const o = run.state.outcomes.get(item.id);
    if (!o) return { status: 'pending' };
    if (o.itemHash !== input.itemHashes[item.id]) return { status: 'changed' };
    return o.status === 'label' && o.label !== undefined ? { status: 'label', label: o.label } : { status: o.status };
  };
  /** Pairs (other side first, this run second) over items where both have a label. */
  const pairsWith = (run: RunInput, other: (item: LabellingItem) => Array<string | undefined>): LabelPair[] =>
    items.flatMap((item) => {
      const mine = labelOf(run, item);
      if (mine.status !== 'label') return [];
      return other(item)
        .filter((x): x is string => x !== undefined)
        .map((first) => ({ itemId: item.id, first, second: mine.label as string }));
    });

  const rows: JudgeRunRow[] = input.runs.map((run) => {
    const started = run.state.started;
    const statuses = items.map((i) => labelOf(run, i).status);
    const count = (s: RunLabel['status']) => statuses.filter((x) => x === s).length;
    const key = (what: string) => `${run.runId}:${what}`;
    const perRater: Record<string, Comparison> = {};
    for (const rater of raters) {
      const c = compare(pairsWith(run, (i) => [used.get(i.id)?.get(rater)]), categories, boot(key(`rater:${rater}`)));
      if (c) perRater[rater] = c;
    }
    const vsRecordedJudge: Record<string, Comparison> = {};
    for (const name of judgeNames) {
      const c = compare(pairsWith(run, (i) => [i.judge?.perJudge?.[name]]), categories, boot(key(`judge:${name}`)));
      if (c) vsRecordedJudge[name] = c;
    }
    return {
      runId: run.runId,
      promptVersion: started?.promptVersion ?? '',
      templateHash: started?.templateHash ?? '',
      model: started?.model ?? '',
      baseUrl: started?.baseUrl ?? '',
      startedAt: run.startedAt,
      counts: {
        items: started?.items.length ?? 0,
        labelled: count('label'),
        unparseable: count('unparseable'),
        errors: count('error'),
        pending: count('pending'),
        changed: count('changed'),
      },
      vsPeople: { pooled: compare(pairsWith(run, (i) => [...(used.get(i.id)?.values() ?? [])]), categories, boot(key('people'))), perRater },
      vsRecordedFinal: compare(pairsWith(run, (i) => [i.judge?.final]), categories, boot(key('final'))),
      vsRecordedJudge,
      vsConsensus: compare(pairsWith(run, (i) => [consensus.get(i.id)?.label ?? undefined]), categories, boot(key('consensus'))),
    };
  });

  const recordedPairs = (side: (i: LabellingItem) => string | undefined): LabelPair[] =>
    items.flatMap((i) => {
      const first = side(i);
      const second = consensus.get(i.id)?.label;
      return first !== undefined && second ? [{ itemId: i.id, first, second }] : [];
    });
  const perJudge: Record<string, Comparison> = {};
  for (const name of judgeNames) {
    const c = compare(recordedPairs((i) => i.judge?.perJudge?.[name]), categories, boot(`recorded:${name}`));
    if (c) perJudge[name] = c;
  }

  const disagreements: AlignmentRow[] = [];
  for (const item of items) {
    const runs = Object.fromEntries(input.runs.map((r) => [r.runId, labelOf(r, item)]));
    const people = Object.fromEntries(used.get(item.id) ?? []);
    const c = consensus.get(item.id);
    const seen = new Set<string>([...Object.values(people), ...(c?.label ? [c.label] : []), ...(item.judge ? [item.judge.final] : [])]);
    const runLabels = Object.values(runs);
    if (runLabels.every((r) => r.status === 'pending')) continue;
    for (const r of runLabels) if (r.label) seen.add(r.label);
    const failed = runLabels.some((r) => r.status === 'unparseable' || r.status === 'error');
    if (seen.size <= 1 && !failed) continue;
    disagreements.push({
      itemId: item.id,
      dimension: dimensionOf(item),
      people,
      consensus: c?.label ?? null,
      consensusSource: c?.source ?? 'none',
      recordedFinal: item.judge?.final ?? null,
      recordedPerJudge: { ...(item.judge?.perJudge ?? {}) },
      runs,
    });
  }

  return {
    schema: 'teamseat/judge-alignment@1',
    wording: RUN_WORDING,
    runs: rows,
    recordedVsConsensus: { final: compare(recordedPairs((i) => i.judge?.final), categories, boot('recorded:final')), perJudge },
    consensus: {
      items: input.consensus.length,
      agreed: input.consensus.filter((c) => c.source === 'agreed').length,
      adjudicated: input.consensus.filter((c) => c.source === 'adjudicated').length,
      pending: input.consensus.filter((c) => c.source === 'pending').length,
    },
    disagreements,
  };
}
