import { judgeAlignment } from '../../../shared/labelling/judges/alignment.js';
import type { JudgeAlignment } from '../../../shared/labelling/judges/alignmentSchema.js';
import type { EventLog } from '../../db/eventLog.js';
import type { Adjudication } from '../adjudication/adjudication.js';
import type { LabellingSet } from '../studySet.js';
import type { StoredRun } from './judgeRuns.js';

/** The alignment report from the logs: every run (oldest first, so columns keep their place), people, consensus. */
export function alignmentOf(log: EventLog, set: LabellingSet, runs: ReadonlyArray<StoredRun>, adjudication: Adjudication, resamples?: number): JudgeAlignment {
  const { entries, used } = adjudication.consensus(log, set);
  return judgeAlignment({
    items: set.items,
    itemHashes: set.itemHashes,
    used,
    runs: [...runs].reverse(),
    consensus: entries,
    ...(resamples !== undefined ? { resamples } : {}),
  });
}
