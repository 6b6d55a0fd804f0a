import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { TaskVersion } from '../../shared/team/pack/schema.js';
import { studyLabeller } from '../judge/studyLabeller.js';
import type { Labeller } from '../../shared/team/labeller/labeller.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { AppServices } from '../app/appServices.js';
import fs from 'node:fs';
import { createSessionWorkspace, type SessionWorkspace } from '../workspace/sessionWorkspace.js';
import { WorkspaceTools } from '../workspace/tools.js';
import { reopenWorkspaceFromLog, WorkspaceJournal } from '../workspace/workspaceJournal.js';
import { hashFiles } from '../workspace/workspaceLog.js';
import { normaliseWorkspacePath } from '../workspace/paths.js';
import { PythonPool } from '../pyodide/pool.js';
import { findTeamTask } from './taskSource.js';
import type { LoadedTask } from './pack/loadTask.js';
import { TeamSession } from './teamSession.js';
import { studyPartners } from '../partners/studyPartners.js';
import { engineEvents, WORKSPACE_CREATED, workspaceOf, type WorkspaceCreated } from './teamLog.js';
import type { EventLog } from '../db/eventLog.js';
import { monotonicMicros } from '../db/monotonic.js';
import { visibleTests } from './testFiles.js';
import { foldSession } from '../../shared/team/engine/state.js';
import { next } from '../../shared/team/engine/next.js';
import type { HostAlive } from './hostAlive.js';
import { hostAliveOf } from './hostAliveOf.js';

export interface StartTeam {
  studyKey: string;
  taskId: string;
  participant: string;
  version: TaskVersion;
  seed: number;
  /** Active time after which the run ends with `time_limit` (a plan cell's `timeLimitSec`). */
  timeLimitSec?: number | undefined;
  /** How long before the limit to warn (a plan cell's `timeWarningSec`); default 2 minutes or 10%. */
  timeWarningSec?: number | undefined;
}

/** Open team sessions by id; a session not in memory (after a restart) is rebuilt from its log. */
export class TeamSessions {
  private readonly open = new Map<string, TeamSession>();
  private python: PythonPool | undefined;
  private closed = false;

  constructor(
    private readonly s: AppServices,
    /** Tests pass one labeller; the app asks per study (its judge panel when the study and Settings allow it, else rules). */
    private readonly labeller: Labeller | ((studyKey: string, sessionId: string) => Labeller) = (studyKey, sessionId) => studyLabeller(s, studyKey, undefined, sessionId),
    /** Must be the clock the event log stamps events with. */
    private readonly clock: { monoUs: () => number; wall: () => Date } = { monoUs: monotonicMicros, wall: () => new Date() },
    /** Python lanes (runs of different sessions at once); default defaultPoolSize() (main/pyodide/pool.ts). */
    private readonly pythonLanes?: number,
  ) {
    this.startedAt = clock.wall();
    this.alive = hostAliveOf(s);
  }

  /** The app's alive stamps, and the earlier processes' (a crashed run counts time up to its writer's last one). */
  private readonly alive: HostAlive;

  /** When this instance (the app's process) started: a session whose last event is older was interrupted. */
  private readonly startedAt: Date;

  async start(a: StartTeam): Promise<Result<TeamView>> {
    const log = this.s.database.eventLog;
    if (!log) return fail('database', 'The session database cannot be used; see the message on the library screen.');
    const found = findTeamTask(this.s.library, a.studyKey, a.taskId);
    if (!found.ok) return found;
    const resolved = found.value.versions[a.version];
    if (!resolved.seeds.includes(a.seed)) {
      return fail('bad_request', `The ${a.version} version of "${resolved.title}" runs with seeds ${resolved.seeds.join(', ')}, not ${a.seed}.`);
    }
    const files: Record<string, string> = {};
    for (const f of resolved.workspace.files) {
      const clean = normaliseWorkspacePath(f.path);
      if (!clean.ok || clean.value === '') return fail('invalid_pack', `Task workspace file "${f.path}": ${clean.ok ? 'empty path' : clean.error.message}`);
      files[clean.value] = f.text ?? '';
    }
    const session = log.createSession({ studyKey: a.studyKey, taskId: a.taskId, participant: a.participant, meta: { kind: 'team', version: a.version, seed: a.seed } });
    const started = {
      kind: 'session_started',
      payload: {
        type: 'session_started',
        task_id: a.taskId,
        version: a.version,
        seed: a.seed,
        participant: a.participant,
        ...(a.timeLimitSec !== undefined ? { time_limit_sec: a.timeLimitSec } : {}),
        ...(a.timeWarningSec !== undefined ? { time_warning_sec: a.timeWarningSec } : {}),
      },
    };
    let space: SessionWorkspace | null = null;
    if (Object.keys(files).length > 0) {
      // The starting files go into the log first (with the start, in one transaction): the folder is derived from it.
      let parent: string;
      try {
        fs.mkdirSync(this.workspacesDir(), { recursive: true });
        parent = fs.realpathSync(this.workspacesDir());
      } catch (error) {
        return fail('internal', `Could not create the workspaces folder: ${String(error)}`);
      }
      const record: WorkspaceCreated = { root: path.join(parent, session.id), hashes_before: hashFiles(files), files };
      log.appendAll(session.id, [{ kind: WORKSPACE_CREATED, payload: record }, started]);
      const created = createSessionWorkspace(parent, session.id, files);
      if (!created.ok) return created;
      space = created.value;
    } else {
      log.append(session.id, started.kind, started.payload);
    }
    const team = this.build(session.id, a.studyKey, session.createdAt, found.value, a.version, space, false, files);
    // A workspace task will run Python (tests, the checker at the end): start it now, off the request path.
    if (space) void this.warmPython();
    return team.settleNow();
  }

  /** Python runs queued or running now, and on how many of the pool's lanes (tests, benches). */
  pythonLoad(): { runs: number; lanes: number; size: number } {
    const pool = this.runner();
    return { ...pool.load, size: pool.size };
  }

  /** Settles once a Python interpreter that has run nothing is loaded for the next run that needs one. */
  warmPython(): Promise<Result<void>> {
    return this.runner().warmUp();
  }

  /** One pool for every session; each lane keeps a spare interpreter, so a run's final check rarely waits for Python. */
  private runner(): PythonPool {
    return (this.python ??= new PythonPool({ keepSpare: true, ...(this.pythonLanes !== undefined ? { size: this.pythonLanes } : {}) }));
  }

  /**
   * Runs whose check was interrupted (the host was killed after `submitted`, before `checked`) are found from the
   * log and carried on: the check runs again and the run ends as it would have (issue 13). Called at startup.
   */
  recoverChecks(): Promise<void> {
    // After this turn: the study service subscribes to the bus first, so the run's end reaches the study log.
    return (this.recovering ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.carryOnChecks()));
  }
  private recovering: Promise<void> | undefined;

  private async carryOnChecks(): Promise<void> {
    const log = this.s.database.eventLog;
    if (!log || this.closed) return;
    for (const id of log.sessionsWithout('session_started', 'ended')) {
      if (this.closed || this.open.has(id) || !owesCheck(this.s, log, id)) continue;
      const resumed = await this.resume(id);
      if (!resumed.ok) this.s.log.warn('a run whose check was interrupted could not be carried on', { sessionId: id, error: resumed.error.message });
    }
  }

  /** The session, resuming it from the log when the app was restarted (or killed) since it was last used. */
  get(sessionId: string): Result<TeamSession> {
    const cached = this.open.get(sessionId);
    if (cached) return ok(cached);
    const log = this.s.database.eventLog;
    if (!log) return fail('database', 'The session database cannot be used.');
    const summary = log.getSession(sessionId);
    if (!summary) return fail('not_found', `No session ${sessionId}.`);
    const stored = log.replay(sessionId);
    // An old log may hold an event of another family (a raw note once appended by recordNote): skipped, and reported.
    const started = engineEvents(stored, (skipped) =>
      this.s.log.warn('skipped an event that is not a team event while reopening a team session', { sessionId, seq: skipped.seq, kind: skipped.kind }),
    ).find((e) => e.type === 'session_started');
    if (!started || started.type !== 'session_started') return fail('bad_request', `Session ${sessionId} is not a team session.`);
    const found = findTeamTask(this.s.library, summary.studyKey, summary.taskId);
    if (!found.ok) return found;
    const recorded = workspaceOf(stored);
    let space: SessionWorkspace | null = null;
    let files: Record<string, string> = {};
    if (recorded) {
      const reopened = reopenWorkspaceFromLog(recorded, stored);
      if (!reopened.ok) return reopened;
      ({ space, files } = reopened.value);
    }
    const submitted = stored.some((e) => e.kind === 'submitted');
    const team = this.build(sessionId, summary.studyKey, summary.createdAt, found.value, started.version, space, submitted, files);
    // Not open in this process: the app or host was restarted (or killed) since the session's last event.
    team.recordRestart(this.clock.wall(), this.startedAt, (wall) => this.alive.aliveAfter(wall));
    return ok(team);
  }

  /** Whether the run's check is running in this process (the dashboard shows "checking"; nothing is opened for it). */
  checking(sessionId: string): boolean {
    return this.open.get(sessionId)?.checking ?? false;
  }

  async resume(sessionId: string): Promise<Result<TeamSession>> {
    const got = this.get(sessionId);
    if (!got.ok) return got;
    // A message waiting for its label carries on by itself: the session is read as it stands (the participant's
    // page shows their line and a teammate typing while the experimenter's console decides, however long).
    if (got.value.waitingForLabel) return got;
    // Effects the engine still owes (say the app died between a label and the reply) are carried out now.
    await got.value.carryOn();
    return got;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const team of this.open.values()) team.dispose();
    await this.python?.dispose();
  }

  private build(
    id: string,
    studyKey: string,
    startedAt: string,
    loaded: LoadedTask,
    version: TaskVersion,
    space: SessionWorkspace | null,
    submitted: boolean,
    files: Record<string, string>,
  ): TeamSession {
    const log: EventLog = this.s.database.eventLog!;
    const python = this.runner();
    const runTests = (files: Record<string, string>) => python.run({ files, tests: visibleTests(files), sessionKey: id });
    const stored = log.replay(id);
    const team = new TeamSession(
      {
        id,
        studyKey,
        startedAt,
        task: loaded.task,
        resolved: loaded.versions[version],
        log,
        bus: this.s.bus,
        labeller: typeof this.labeller === 'function' ? this.labeller(studyKey, id) : this.labeller,
        workspace: space ? { space, tools: new WorkspaceTools(space, runTests, submitted), journal: new WorkspaceJournal(log, id, space, files) } : null,
        python,
        monoUs: this.clock.monoUs,
        partners: studyPartners(this.s, studyKey, loaded.versions[version]),
      },
      stored,
    );
    this.open.set(id, team);
    return team;
  }

  private workspacesDir(): string {
    return path.join(this.s.options.dataDir, 'workspaces');
  }
}


/** Whether the session's log stops where the engine owes it a check (an interrupted one): read from the log alone. */
function owesCheck(s: AppServices, log: EventLog, sessionId: string): boolean {
  const summary = log.getSession(sessionId);
  if (!summary) return false;
  const state = foldSession(engineEvents(log.replay(sessionId)));
  if (!state.started || state.ended) return false;
  const found = findTeamTask(s.library, summary.studyKey, summary.taskId);
  return found.ok && next(found.value.task, state).effects.some((e) => e.type === 'run_checker');
}
