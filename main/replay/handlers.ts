import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import type { ActionTrigger } from '../../shared/replay/roundOrder.js';
import type { replayMethods, ReplayRunRef } from '../../shared/contract/replay.js';
import { DEMO_PARTICIPANT_PREFIX, demoStudyKey, isDemoStudyKey, taskStudyKey } from '../../shared/replay/demoKey.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { findTeamTask } from '../team/taskSource.js';
import { STUDY_LOG_TASK } from '../study/studyLog.js';
import { openRunFile } from './openFile.js';
import { warmIndexer } from './warmIndexer.js';
import { sessionRun } from './sessionRun.js';
import { ReplayStore, type OpenedRun } from './replayStore.js';
import { buildTimeline, type WorkspaceTimeline } from './workspaceTimeline.js';
import { findRunTask, packTriggers, startingFiles } from './packWorkspace.js';

/** The demo reel (studies/demo-reel): recorded runs to replay on any machine, listed with the sessions. */
export const DEMO_REEL_DIR = path.join('studies', 'demo-reel', 'runs');
/** The picker lists at most this many sessions, newest first. */
const LIST_SESSIONS = 300;
const PACK_TTL_MS = 60_000;

export function setupReplayHandlers(s: AppServices): Pick<AppHandlers, keyof typeof replayMethods> {
  const store = new ReplayStore();
  warmIndexer();
  const sessions = teamSessionsOf(s);
  // Finding a scenario's pack scans the library and reads a pack (about a second): kept briefly, as the results writer does.
  const packs = new Map<string, { at: number; task: ReturnType<typeof findRunTask> }>();
  const taskOf = (scenario: string | null) => {
    const kept = packs.get(scenario ?? '');
    if (kept && Date.now() - kept.at < PACK_TTL_MS) return kept.task;
    const task = findRunTask(s.library, scenario);
    packs.set(scenario ?? '', { at: Date.now(), task });
    return task;
  };

  /** A file's workspace timeline and its task's action-fired events, from the task pack where it is known. */
  const workspaceOf = (run: ParsedRun, hashesPending = false): { timeline: WorkspaceTimeline; triggers: readonly ActionTrigger[] | null } => {
    const task = taskOf(run.scenario);
    const triggers = task ? packTriggers(task, run.version) : null;
    return { timeline: buildTimeline(run, task ? startingFiles(task, run.version) : null, triggers, hashesPending), triggers };
  };
  /** An opened run, whole: one answered from a file's head is awaited until the rest of the file has been read. */
  const whole = async (id: string): Promise<Result<OpenedRun>> => {
    const opened = store.get(id);
    if (!opened) return fail('not_found', `Replay ${id} is no longer open on the host; open the run again.`);
    return opened.pending ? opened.pending : ok(opened);
  };

  const demoSession = async (studyKey: string, taskId: string, version: 'alone' | 'control' | 'manipulation', seed?: number) => {
    const found = findTeamTask(s.library, studyKey, taskId);
    if (!found.ok) return found;
    const chosen = seed ?? found.value.versions[version].seeds[0] ?? 0;
    const participant = `${DEMO_PARTICIPANT_PREFIX}${crypto.randomBytes(3).toString('hex')}`;
    const view = await sessions.start({ studyKey: demoStudyKey(studyKey), taskId, participant, version, seed: chosen });
    if (!view.ok) return view;
    return ok({ sessionId: view.value.sessionId, studyKey, taskId, version, seed: chosen });
  };

  return {
    replayOpen: async ({ source }) => {
      if (source.kind === 'file') {
        const opened = await openRunFile(s.options.appRoot, source.path);
        if (!opened.ok) return opened;
        const { run, complete, hashesPending } = opened.value;
        const { timeline, triggers } = workspaceOf(run, hashesPending);
        const header = store.add({ kind: 'file', path: opened.value.file }, run, timeline, false, triggers, complete === null);
        const entry = store.get(header.id);
        // A long file answered from its head: its whole outline replaces this one under the same id once read.
        if (complete && entry) {
          entry.pending = complete.then((whole) => {
            if (!whole.ok) return whole;
            const w = workspaceOf(whole.value);
            const replaced = store.replace(header.id, whole.value, w.timeline, w.triggers);
            return replaced ? ok(replaced) : fail('not_found', `Replay ${header.id} is no longer open on the host; open the run again.`);
          });
        }
        return ok(header);
      }
      const log = s.database.eventLog;
      if (!log) return fail('database', 'The session database cannot be used; see the message on the library screen.');
      const summary = log.getSession(source.sessionId);
      if (!summary) return fail('not_found', `No session ${source.sessionId}.`);
      const read = sessionRun(s.library, summary, log.replay(source.sessionId));
      if (!read.ok) return read;
      const { run, task } = read.value;
      const triggers = task ? packTriggers(task, run.version) : null;
      const files = task ? startingFiles(task, run.version) : null;
      return ok(store.add(source, run, buildTimeline(run, files, triggers), isDemoStudyKey(summary.studyKey), triggers));
    },
    replayOutline: async ({ id }) => {
      const opened = await whole(id);
      return opened.ok ? ok(opened.value.header) : opened;
    },
    replayRound: async ({ id, index }) => {
      const opened = await whole(id);
      if (!opened.ok) return opened;
      const round = store.round(opened.value, index);
      return round ? ok(round) : fail('not_found', `The run has ${opened.value.run.rounds.length} rounds; there is no round at position ${index + 1}.`);
    },
    replayFile: async ({ id, index, path: file }) => {
      const opened = await whole(id);
      return opened.ok ? ok(opened.value.timeline.content(index, file)) : opened;
    },
    replayRuns: () => ok([...reelRuns(s.options.appRoot), ...sessionRuns(s)]),
    demoStart: ({ studyKey, taskId, version, seed }) => demoSession(studyKey, taskId, version, seed),
    demoReset: async ({ sessionId }) => {
      const log = s.database.eventLog;
      const summary = log?.getSession(sessionId);
      if (!log || !summary || !isDemoStudyKey(summary.studyKey)) return fail('not_found', `${sessionId} is not a demo session.`);
      const started = log.replay(sessionId).find((e) => e.kind === 'session_started')?.payload as { version?: 'alone' | 'control' | 'manipulation'; seed?: number } | undefined;
      if (!started?.version) return fail('bad_request', `Demo session ${sessionId} has no start.`);
      return demoSession(taskStudyKey(summary.studyKey), summary.taskId, started.version, started.seed);
    },
  };
}

function reelRuns(appRoot: string): ReplayRunRef[] {
  const root = path.join(appRoot, DEMO_REEL_DIR);
  const out: ReplayRunRef[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.json')) {
        const rel = path.relative(appRoot, full).split(path.sep).join('/');
        const parts = rel.split('/');
        out.push({ source: { kind: 'file', path: rel }, title: `${parts.at(-3) ?? ''} · ${parts.at(-2) ?? ''}`, detail: rel, scenario: parts.at(-3) ?? null, demo: false });
      }
    }
  };
  walk(root);
  return out;
}

function sessionRuns(s: AppServices): ReplayRunRef[] {
  const log = s.database.eventLog;
  if (!log) return [];
  const kinds = new Map<string, string | null>();
  const kindOf = (key: string) => {
    if (!kinds.has(key)) kinds.set(key, s.library.open(taskStudyKey(key))?.kind ?? null);
    return kinds.get(key);
  };
  return log
    .listSessions()
    .filter((x) => x.taskId !== STUDY_LOG_TASK && (kindOf(x.studyKey) === 'team' || kindOf(x.studyKey) === 'slack') && x.eventCount > 0)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, LIST_SESSIONS)
    .map((x): ReplayRunRef => ({
      source: { kind: 'session', sessionId: x.id },
      title: `${x.taskId} · ${x.participant}`,
      detail: `${taskStudyKey(x.studyKey)} · ${x.createdAt.slice(0, 16).replace('T', ' ')}`,
      scenario: x.taskId,
      demo: isDemoStudyKey(x.studyKey),
    }));
}
