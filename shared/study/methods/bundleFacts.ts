import { z } from 'zod';
import {
  importedFinalResultsSchema,
  describeIssue,
  type ImportedFinalResults,
} from '../../comparison/finalResultsSchema.js';
import { parsePythonJson } from '../../team/export/pythonJson.js';
import { foldStudy, type StudyState } from '../fold.js';
import { isStudyEventKind, type StoredStudyEvent } from '../log.js';
import { parseCsv } from './csvRows.js';
import { mergeStudyFacts, STUDY_FACTS_FILE, studyFactsSchema, type StudyFacts } from './studyFacts.js';

/**
 * What a methods paragraph reads of a study bundle, each part read leniently on its own: a file that is absent or
 * does not parse leaves its part null and a sentence in `unread`, so the paragraph says what is unknown instead of
 * stopping (the bundle's own reader has already checked every hash).
 */
const manifestSchema = z.looseObject({
  study_id: z.string(),
  stations: z.array(z.string()),
  design: z.enum(['within', 'between']),
  time_range: z.object({ first: z.string(), last: z.string() }).nullable(),
  study_versions: z.array(z.looseObject({ hash: z.string() })),
  merged_from: z.array(z.unknown()).default([]),
});
export type MethodsManifest = z.infer<typeof manifestSchema>;

const runSchema = z.looseObject({
  run_id: z.string(),
  seat: z.enum(['team', 'slack']),
  participant: z.string(),
  practice: z.boolean(),
  counted: z.boolean(),
  exclusion: z.string().nullable(),
  task: z.string(),
  version: z.string().nullable(),
  seed: z.number().nullable(),
  files: z.array(z.string()),
});
export type MethodsRun = z.infer<typeof runSchema>;

export interface StudyLogFile {
  file: string;
  state: StudyState;
}

export interface BundleFacts {
  manifest: MethodsManifest | null;
  runs: MethodsRun[] | null;
  finalResults: ImportedFinalResults | null;
  /** Every study log among events/ (one per station that recorded participants). */
  studyLogs: StudyLogFile[];
  studyFacts: StudyFacts | null;
  /** tables/runs.csv rows (column → cell text), null when the table is absent. */
  runTable: Array<Record<string, string>> | null;
  pauseTable: Array<Record<string, string>> | null;
  /** Label sources of counted team transcripts: source → labels, and the files read. */
  labelSources: { bySource: Record<string, number>; files: number } | null;
  /** Why a part could not be read, one sentence each. */
  unread: string[];
}

function json(files: ReadonlyMap<string, string>, name: string, unread: string[]): unknown {
  const text = files.get(name);
  if (text === undefined) return undefined;
  try {
    return parsePythonJson(text);
  } catch (error) {
    unread.push(`${name} is not JSON (${(error as Error).message}).`);
    return undefined;
  }
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, name: string, unread: string[]): T | null {
  if (value === undefined) return null;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  unread.push(describeIssue(name, r.error) + '.');
  return null;
}

/** A study log: an events/ file whose every event is a study event (a run's log starts with its own kinds). */
function studyLogOf(text: string): StoredStudyEvent[] | null {
  const events: StoredStudyEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch {
      return null;
    }
    const ev = e as { seq?: unknown; wallTime?: unknown; kind?: unknown; payload?: unknown };
    if (typeof ev.kind !== 'string' || !isStudyEventKind(ev.kind)) return null;
    events.push({ seq: Number(ev.seq), wallTime: String(ev.wallTime), kind: ev.kind, payload: ev.payload });
  }
  return events.length ? events : null;
}

const COUNTED_TRANSCRIPT =
  /^results\/transcripts\/[^/]+\/[^/]+\/[^/]+\/(alone|control|manipulation)_seed\d+\.json$/;

/** The parts of a bundle (path → UTF-8 text) a methods paragraph reads. Pure: no file system. */
export function bundleFacts(files: ReadonlyMap<string, string>): BundleFacts {
  const unread: string[] = [];
  const manifest = parsed(manifestSchema, json(files, 'manifest.json', unread), 'manifest.json', unread);
  const runs = parsed(z.array(runSchema), json(files, 'runs.json', unread), 'runs.json', unread);
  const finalResults = parsed(
    importedFinalResultsSchema,
    json(files, 'final_results.json', unread),
    'final_results.json',
    unread,
  );
  const facts = parsed(studyFactsSchema, json(files, STUDY_FACTS_FILE, unread), STUDY_FACTS_FILE, unread);
  const studyLogs: StudyLogFile[] = [];
  const bySource: Record<string, number> = {};
  let transcripts = 0;
  for (const [name, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (name.startsWith('events/') && name.endsWith('.jsonl')) {
      const events = studyLogOf(text);
      if (events) studyLogs.push({ file: name, state: foldStudy(events) });
    } else if (COUNTED_TRANSCRIPT.test(name)) {
      let t: { labels?: Array<{ source?: unknown }> };
      try {
        t = parsePythonJson(text) as typeof t;
      } catch {
        unread.push(`${name} is not JSON; its labels are not counted.`);
        continue;
      }
      transcripts++;
      for (const l of Array.isArray(t?.labels) ? t.labels : []) {
        const s = typeof l?.source === 'string' ? l.source : 'unknown';
        bySource[s] = (bySource[s] ?? 0) + 1;
      }
    }
  }
  const table = (name: string) => {
    const text = files.get(name);
    return text === undefined ? null : parseCsv(text);
  };
  return {
    manifest,
    runs,
    finalResults,
    studyLogs,
    studyFacts: facts ? mergeStudyFacts([facts]) : null,
    runTable: table('tables/runs.csv'),
    pauseTable: table('tables/pauses.csv'),
    labelSources: transcripts ? { bySource, files: transcripts } : null,
    unread,
  };
}
