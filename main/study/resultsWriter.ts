import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { emptyStudyState } from '../../shared/study/fold.js';
import type { AppServices } from '../app/appServices.js';
import { moveFileAtomic, pruneEmptyDirs, removeFile, writeFileAtomic, writeFileAtomicAsync } from '../files/atomicWrite.js';
import { removeStaleTemps } from '../files/staleTemps.js';
import { deriveLayout, type Desired, type Manifest, type RunPlacement } from './resultsLayout.js';
import { RunSessionCache } from './runSessionCache.js';
import { StudyStateCache } from './studyStateCache.js';
import { untilQuiet } from './untilQuiet.js';
import { studyLogKey, STUDY_LOG_TASK } from './studyLog.js';

export interface WriteReport {
  studyKey: string;
  studyId: string;
  dir: string;
  written: string[];
  moved: string[];
  removed: string[];
  problems: string[];
  placements: RunPlacement[];
}

export type RunWrittenListener = (report: WriteReport) => void;

// Keyed by the app's event bus, which the composition root's services and the app object it returns share.
const listeners = new WeakMap<AppServices['bus'], Set<RunWrittenListener>>();

/**
 * Called after every pass of the writer that changed a file of results/<study id>/ (a run ended, was graded, voided,
 * withdrawn, a counted attempt chosen, an erasure): e.g. to rewrite final_results.json from the files. Returns the
 * unsubscribe function.
 */
export function onRunWritten(s: Pick<AppServices, 'bus'>, listener: RunWrittenListener): () => void {
  const set = listeners.get(s.bus) ?? new Set();
  listeners.set(s.bus, set);
  set.add(listener);
  return () => set.delete(listener);
}

const manifestSchema = z.object({
  studyKey: z.string(),
  files: z.record(z.string(), z.object({ runs: z.array(z.string()), rev: z.string(), base: z.string().optional() })),
});

const PACK_TTL_MS = 10_000;
/**
 * A pass waits until no session event has come for QUIET_MS (participants are between actions), or MAX_DEFER_MS at
 * most: building transcripts is CPU on the host's one thread, and with twenty people sending at once it was taken
 * from their sends (issue 13). The run itself is on disk in the log already; only its derived files wait.
 */
const QUIET_MS = 25;
const MAX_DEFER_MS = 2_000;

/** Run-log kinds after which a study's results may change (team run ended; Slack answer or grade). */
const RUN_TRIGGERS = new Set(['ended', 'submitted', 'graded']);
/** Study events that change what counts or where a file belongs (answers and steps never do). */
const STUDY_TRIGGERS = new Set(['run_started', 'run_ended', 'run_voided', 'participant_voided', 'participant_withdrawn', 'code_corrected', 'attempt_chosen', 'erasure_performed']);

/**
 * The one results writer. Everything under results/<study id>/ is derived from the event log: when a run ends, is
 * graded, or a study event changes what counts, the study is reconciled — missing files written (temp + fsync +
 * rename), files whose place changed moved, files of nothing removed. At startup every study is reconciled, so a
 * crash between a run's end and its file is repaired. Passes over one study run one at a time.
 */
export class ResultsWriter {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly waiting = new Map<string, Promise<WriteReport | null>>();
  private readonly ids = new Map<string, string>();
  private readonly packs = new Map<string, { at: number; value: unknown }>();
  // The logs read by earlier passes, caught up with what was appended since (a pass used to read every log again).
  private readonly runLogs = new RunSessionCache();
  private readonly studyFolds = new StudyStateCache();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly s: AppServices) {}

  /** Listens to the event bus and reconciles every study once (the startup repair), after removing stale temp files. */
  start(): void {
    const stale = removeStaleTemps(this.s.options.dataDir);
    if (stale.length > 0) this.s.log.info('removed temp files left by an interrupted write', { files: stale });
    this.unsubscribe = this.s.bus.subscribe((e) => {
      // Most events trigger nothing: the session is looked up only for one that may (a lookup per event was a
      // main cost with twenty participants sending at once).
      if (e.type !== 'session.event') return;
      this.lastEventAt = performance.now();
      if (!STUDY_TRIGGERS.has(e.event.kind) && !RUN_TRIGGERS.has(e.event.kind)) return;
      const session = this.s.database.eventLog?.sessionOf(e.event.sessionId);
      if (!session) return;
      if (session.taskId === STUDY_LOG_TASK && session.studyKey.startsWith('study:')) {
        if (STUDY_TRIGGERS.has(e.event.kind)) void this.schedule(session.studyKey.slice('study:'.length));
      } else if (RUN_TRIGGERS.has(e.event.kind)) {
        void this.schedule(session.studyKey);
      }
    });
    const keys = this.studiesWithRuns();
    // One library scan for every study id (a lookup per study would scan every pack each time).
    if (keys.length > 0) for (const study of this.s.library.list()) if (study.id) this.ids.set(study.key, study.id);
    for (const key of keys) void this.schedule(key);
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** Resolves when every pass scheduled so far has finished. */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  resultsDir(studyId: string): string {
    return path.join(this.s.options.dataDir, 'results', studyId);
  }

  /** Queues a pass for one study after those already queued. */
  schedule(studyKey: string): Promise<WriteReport | null> {
    // A pass queued but not begun yet will see this change too: a burst of events costs one pass, not one each.
    const waiting = this.waiting.get(studyKey);
    if (waiting) return waiting;
    const run = this.enqueue(studyKey, () => this.safeReconcile(studyKey));
    this.waiting.set(studyKey, run);
    return run;
  }

  /** Passes over one study run one after another: a background pass awaits its writes, and two must never overlap. */
  private enqueue(studyKey: string, pass: () => Promise<WriteReport | null>): Promise<WriteReport | null> {
    const prev = this.queues.get(studyKey) ?? Promise.resolve(null);
    const run: Promise<WriteReport | null> = prev
      .catch(() => null)
      .then(() => this.quiet())
      .then(() => {
        if (this.waiting.get(studyKey) === run) this.waiting.delete(studyKey);
        return pass();
      });
    this.queues.set(studyKey, run);
    void run
      .catch(() => null)
      .finally(() => {
        if (this.queues.get(studyKey) === run) this.queues.delete(studyKey);
      });
    return run;
  }

  private quiet(): Promise<void> {
    return untilQuiet({ lastAt: () => this.lastEventAt, quietMs: QUIET_MS, maxMs: MAX_DEFER_MS });
  }
  private lastEventAt = -Infinity;

  /** A pack read kept for a few seconds, so a burst of run ends reads each pack once. */
  private memo<T>(key: string, load: () => T): T {
    const kept = this.packs.get(key);
    if (kept && Date.now() - kept.at < PACK_TTL_MS) return kept.value as T;
    const value = load();
    this.packs.set(key, { at: Date.now(), value });
    return value;
  }

  /** The study's id (its results folder): read from the library once, since a library scan reads every pack. */
  private studyIdOf(studyKey: string): string | null {
    if (!this.ids.has(studyKey)) {
      const id = this.s.library.open(studyKey)?.id;
      if (!id) return null;
      this.ids.set(studyKey, id);
    }
    return this.ids.get(studyKey)!;
  }

  private async safeReconcile(studyKey: string): Promise<WriteReport | null> {
    try {
      return await this.reconcileOffLoop(studyKey);
    } catch (error) {
      this.s.log.error('results writer failed', { studyKey, error: (error as Error).stack ?? String(error) });
      return null;
    }
  }

  /** One pass over a study, synchronously (after `idle()`: no background pass may be under way). */
  reconcile(studyKey: string): WriteReport | null {
    const pass = this.pass(studyKey);
    for (let step = pass.next(); ; step = pass.next()) {
      if (step.done) return step.value;
      writeFileAtomic(step.value.file, step.value.content);
    }
  }

  /**
   * A pass queued by an event: the same pass, its files written with their syncs off the event loop, so a host
   * serving many participants keeps answering while a run's file reaches the disk (issue 13).
   */
  private async reconcileOffLoop(studyKey: string): Promise<WriteReport | null> {
    const pass = this.pass(studyKey);
    for (let step = pass.next(); ; step = pass.next()) {
      if (step.done) return step.value;
      await writeFileAtomicAsync(step.value.file, step.value.content);
    }
  }

  /** One pass over a study; it yields each file to write (atomically) and goes on once it is written. */
  private *pass(studyKey: string): Generator<{ file: string; content: string }, WriteReport | null, void> {
    const log = this.s.database.eventLog;
    const studyId = this.studyIdOf(studyKey);
    if (!log || !studyId) return null;
    const dir = this.resultsDir(studyId);
    const manifestFile = path.join(dir, `.written-${crypto.createHash('sha256').update(studyKey).digest('hex').slice(0, 8)}.json`);
    const old = readManifest(manifestFile, studyKey);
    const logSession = log.listSessions(studyLogKey(studyKey)).find((x) => x.taskId === STUDY_LOG_TASK);
    const state = logSession ? this.studyFolds.state(log, logSession.id) : emptyStudyState();
    const abs = (rel: string) => path.join(dir, ...rel.split('/'));
    const layout = deriveLayout({
      library: this.s.library,
      studyKey,
      state,
      runs: this.runLogs.runs(log, studyKey),
      old,
      appVersion: this.s.options.version,
      exists: (rel) => fs.existsSync(abs(rel)),
      memo: (key, load) => this.memo(key, load),
    });
    const report: WriteReport = { studyKey, studyId, dir, written: [], moved: [], removed: [], problems: [...state.problems, ...layout.problems], placements: layout.placements };
    const next: Manifest = { studyKey, files: {} };

    const unique = new Map<string, Desired>();
    for (const d of layout.desired) {
      if (unique.has(d.rel)) report.problems.push(`${d.rel}: two runs (${unique.get(d.rel)!.entry.runs.join(', ')} and ${d.entry.runs.join(', ')}) would be written here; the second was not.`);
      else unique.set(d.rel, d);
    }

    // Moves go through a staging folder first, so two files trading places never overwrite each other.
    const staging = path.join(dir, '.moving');
    const staged = new Map<string, string>();
    for (const d of unique.values()) {
      if (!('from' in d) || d.from === d.rel || !fs.existsSync(abs(d.from))) continue;
      const tmp = path.join(staging, `${d.entry.runs[0]}.json`);
      moveFileAtomic(abs(d.from), tmp);
      staged.set(d.rel, tmp);
      pruneEmptyDirs(path.dirname(abs(d.from)), dir);
    }
    for (const d of unique.values()) {
      const file = abs(d.rel);
      const stagedFrom = staged.get(d.rel);
      if (stagedFrom) {
        moveFileAtomic(stagedFrom, file);
        report.moved.push(d.rel);
      } else if ('content' in d) {
        const exists = fs.existsSync(file);
        if (exists && fs.readFileSync(file, 'utf8') === d.content) {
          // Already as the log says.
        } else if (exists && !old.files[d.rel]) {
          report.problems.push(`${d.rel} exists and was not written by Teamseat for this study; it was left as it is.`);
          continue;
        } else {
          yield { file, content: d.content };
          report.written.push(d.rel);
        }
      } else if (!fs.existsSync(file)) {
        report.problems.push(`${d.rel}: the file of run ${d.entry.runs[0]} vanished while it was being moved.`);
        continue;
      }
      next.files[d.rel] = d.entry;
    }
    for (const rel of Object.keys(old.files)) {
      if (next.files[rel] || !fs.existsSync(abs(rel))) continue;
      removeFile(abs(rel));
      pruneEmptyDirs(path.dirname(abs(rel)), dir);
      report.removed.push(rel);
    }
    fs.rmSync(staging, { recursive: true, force: true });
    if (report.written.length + report.moved.length + report.removed.length > 0 || Object.keys(old.files).length !== Object.keys(next.files).length) {
      yield { file: manifestFile, content: JSON.stringify(next, null, 2) + '\n' };
    }
    for (const p of report.problems) this.s.log.warn('results writer', { studyKey, problem: p });
    if (report.written.length + report.moved.length + report.removed.length > 0) {
      for (const listener of listeners.get(this.s.bus) ?? []) {
        try {
          listener(report);
        } catch (error) {
          this.s.log.error('onRunWritten listener failed', { error: String(error) });
        }
      }
    }
    return report;
  }

  /** Files the writer holds for these runs now (for an erasure's audit). */
  filesOfRuns(studyKey: string, runIds: ReadonlySet<string>): string[] {
    const studyId = this.studyIdOf(studyKey);
    if (!studyId) return [];
    const dir = this.resultsDir(studyId);
    const manifestFile = path.join(dir, `.written-${crypto.createHash('sha256').update(studyKey).digest('hex').slice(0, 8)}.json`);
    const old = readManifest(manifestFile, studyKey);
    return Object.entries(old.files)
      .filter(([, e]) => e.runs.some((r) => runIds.has(r)))
      .map(([rel]) => rel)
      .sort();
  }

  private studiesWithRuns(): string[] {
    const log = this.s.database.eventLog;
    if (!log) return [];
    const keys = new Set(log.listSessions().map((x) => (x.studyKey.startsWith('study:') ? x.studyKey.slice('study:'.length) : x.studyKey)));
    return [...keys].sort();
  }
}

/** What the writer last wrote under results/<study id>/ for a study: each file and the run(s) it holds. */
export function writtenFiles(dir: string, studyKey: string): Manifest {
  return readManifest(path.join(dir, `.written-${crypto.createHash('sha256').update(studyKey).digest('hex').slice(0, 8)}.json`), studyKey);
}

function readManifest(file: string, studyKey: string): Manifest {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (parsed.success && parsed.data.studyKey === studyKey) return parsed.data;
  } catch {
    // No manifest yet (or an unreadable one): everything is derived again and compared with what is on disk.
  }
  return { studyKey, files: {} };
}
