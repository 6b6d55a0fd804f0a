/**
 * Judge runs and the consensus in the labelling exports: judge-runs.csv/.jsonl (one row per run and item),
 * consensus.csv, judge-alignment.json, and codebook.md that says what every column means. Derived from the
 * logs, written atomically beside labels.csv.
 */
import path from 'node:path';
import type { ConsensusEntry } from '../../../shared/labelling/adjudication/consensus.js';
import type { JudgeAlignment } from '../../../shared/labelling/judges/alignmentSchema.js';
import { RUN_WORDING } from '../../../shared/labelling/judges/runLog.js';
import { writeFileAtomic } from '../../files/atomicWrite.js';
import type { AppServices } from '../../app/appServices.js';
import type { EventLog } from '../../db/eventLog.js';
import { Adjudication } from '../adjudication/adjudication.js';
import type { RaterSessions } from '../raterSessions.js';
import type { LabellingSet } from '../studySet.js';
import { alignmentOf } from './alignmentOf.js';
import { storedRuns, type StoredRun } from './judgeRuns.js';

const cell = (v: string | number | null | undefined) => {
  const text = v === null || v === undefined ? '' : String(v);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const csv = (header: string[], rows: Array<Array<string | number | null | undefined>>) =>
  [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';

export const JUDGE_RUN_COLUMNS = [
  'run_id', 'prompt_version', 'template_hash', 'model', 'base_url', 'item_id', 'status', 'label', 'latency_ms', 'attempts', 'total_tokens', 'raw', 'reason', 'error',
];
export const CONSENSUS_COLUMNS = ['item_id', 'consensus', 'source', 'raters', 'stale', 'note'];

export function judgeRunRows(runs: ReadonlyArray<StoredRun>) {
  return runs.flatMap((r) => {
    const st = r.state.started;
    if (!st) return [];
    return st.items.map(({ id }) => {
      const o = r.state.outcomes.get(id);
      return {
        run_id: r.runId,
        prompt_version: st.promptVersion,
        template_hash: st.templateHash,
        model: st.model,
        base_url: st.baseUrl,
        item_id: id,
        status: o?.status ?? 'pending',
        label: o?.label ?? null,
        latency_ms: o?.latencyMs ?? null,
        attempts: o?.attempts ?? null,
        total_tokens: o?.usage?.total_tokens ?? null,
        raw: o?.raw ?? null,
        reason: o?.reason ?? null,
        error: o?.error ?? null,
      };
    });
  });
}

export const CODEBOOK = `# Codebook: judge-validation exports

Files in this folder are derived from the event log each time the study is exported.

## labels.csv / labels.jsonl
One record per (rater, item): the rater's label, or that they skipped or flagged it (see FORMAT-labelling.md).

## judge-runs.csv / judge-runs.jsonl
One row per (judge run, item). A judge run is ${RUN_WORDING}: one endpoint and model with one prompt template,
over the study's items. It is never the benchmark's own judge prompt unless the study supplied that template.

| column | meaning |
|---|---|
| run_id | the run's log session id; earlier runs are kept, never overwritten |
| prompt_version | the version name given to the template; a name always means one template |
| template_hash | sha256 of the template text with LF line ends, hex (the same hash the team panel records) |
| model | the model name sent to the endpoint |
| base_url | the endpoint's base URL (\`/chat/completions\` is appended) |
| item_id | the labelling item |
| status | \`label\` (one label of the item's set), \`unparseable\` (the reply named no single label, twice), \`error\` (the endpoint gave no reply: the error is not a label), \`pending\` (not judged yet) |
| label | the judge's label when status is \`label\`, else empty |
| latency_ms | time spent on requests for the item, ms, retries and the second ask included |
| attempts | HTTP requests made for the item (retries, and the second ask after an unparseable reply, included) |
| total_tokens | tokens of the last reply, as the endpoint reported them (empty when it did not) |
| raw | the last reply text, API key redacted, at most 2000 characters |
| reason | why the reply was unparseable, in the parser's words |
| error | why there is no reply (status \`error\`), key redacted |

## consensus.csv
One row per item that two or more raters labelled.

| column | meaning |
|---|---|
| item_id | the labelling item |
| consensus | the consensus label; empty while a disagreement awaits the adjudicator |
| source | \`agreed\` (every rater gave this label), \`adjudicated\` (the adjudicator resolved a disagreement), \`pending\` |
| raters | each rater's label, \`R1=label;R2=label\` |
| stale | \`true\` when an earlier adjudication no longer applies because a rater changed their label since |
| note | the adjudicator's note, if any |

The adjudicator saw the item as raters saw it and the distinct labels the raters chose, without who chose which,
and never the judges' labels.

## judge-alignment.json
Each judge run against the people (pooled and per rater), against the judges recorded in the item file (final and
each by name), and against the consensus: percent agreement, Cohen's kappa, Gwet's AC1 and PABAK with percentile
bootstrap intervals over items, and confusion matrices (rows: the other side; columns: the run). Items whose text
changed since a run judged them are left out of that run's comparisons. \`disagreements\` lists the items where any
of them differ, or a run has no label.

## report.json / report.html
The people's agreement report (raters against the recorded judges and each other).
`;

export function writeJudgeValidationExports(
  dir: string,
  runs: ReadonlyArray<StoredRun>,
  consensus: ReadonlyArray<ConsensusEntry>,
  alignment: JudgeAlignment,
): string[] {
  const rows = judgeRunRows([...runs].reverse());
  const files: Record<string, string> = {
    'judge-runs.csv': csv(JUDGE_RUN_COLUMNS, rows.map((r) => JUDGE_RUN_COLUMNS.map((c) => r[c as keyof typeof r]))),
    'judge-runs.jsonl': rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''),
    'consensus.csv': csv(
      CONSENSUS_COLUMNS,
      consensus.map((c) => [c.itemId, c.label, c.source, Object.entries(c.raters).map(([r, l]) => `${r}=${l}`).join(';'), String(c.stale), c.note ?? '']),
    ),
    'judge-alignment.json': JSON.stringify(alignment, null, 2) + '\n',
    'codebook.md': CODEBOOK,
  };
  return Object.entries(files).map(([name, text]) => {
    const target = path.join(dir, name);
    writeFileAtomic(target, text);
    return target;
  });
}

/** What exportLabelling adds beside labels.csv: the study's judge runs, the consensus and the codebook. */
export function exportJudgeValidation(s: AppServices, raters: RaterSessions, log: EventLog, set: LabellingSet, dir: string): string[] {
  const adjudication = new Adjudication(s, raters);
  const runs = storedRuns(log, set.studyKey);
  return writeJudgeValidationExports(dir, runs, adjudication.consensus(log, set).entries, alignmentOf(log, set, runs, adjudication));
}
