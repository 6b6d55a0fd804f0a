import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { TaskVersion } from '../../shared/team/pack/schema.js';
import { createRulesLabeller } from '../../shared/team/labeller/rulesLabeller.js';
import type { Labeller } from '../../shared/team/labeller/labeller.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { AppServices } from '../app/appServices.js';
import { createSessionWorkspace, openSessionWorkspace, type SessionWorkspace } from '../workspace/sessionWorkspace.js';
import { WorkspaceTools } from '../workspace/tools.js';
import { PyodideTestRunner } from '../pyodide/testRunner.js';
import { findTeamTask } from './taskSource.js';
import type { LoadedTask } from './pack/loadTask.js';
import { TeamSession } from './teamSession.js';
import { engineEvents, WORKSPACE_CREATED, workspaceOf, type WorkspaceCreated } from './teamLog.js';
import { visibleTests } from './testFiles.js';

export interface StartTeam {
  studyKey: string;
  taskId: string;
  participant: string;
  version: TaskVersion;
  seed: number;
}

/** Open team sessions by id; a session not in memory (after a restart) is rebuilt from its log. */
export class TeamSessions {
  private readonly open = new Map<string, TeamSession>();
  private python: PyodideTestRunner | undefined;

  constructor(
    private readonly s: AppServices,
    private readonly labeller: Labeller = createRulesLabeller(),
  ) {}

  async start(a: StartTeam): Promise<Result<TeamView>> {
    const log = this.s.database.eventLog;
    if (!log) return fail('database', 'The session database cannot be used; see the message on the library screen.');
    const found = findTeamTask(this.s.library, a.studyKey, a.taskId);
    if (!found.ok) return found;
    const resolved = found.value.versions[a.version];
    if (!resolved.seeds.includes(a.seed)) {
      return fail('bad_request', `The ${a.version} version of "${resolved.title}" runs with seeds ${resolved.seeds.join(', ')}, not ${a.seed}.`);
    }
    const session = log.createSession({ studyKey: a.studyKey, taskId: a.taskId, participant: a.participant, meta: { kind: 'team', version: a.version, seed: a.seed } });
    let space: SessionWorkspace | null = null;
    if (resolved.workspace.files.length > 0) {
      const files = Object.fromEntries(resolved.workspace.files.map((f) => [f.path, f.text ?? '']));
      const created = createSessionWorkspace(this.workspacesDir(), session.id, files);
      if (!created.ok) return created;
      space = created.value;
      const record: WorkspaceCreated = { root: space.root, hashes_before: { ...space.hashesBefore } };
      log.append(session.id, WORKSPACE_CREATED, record);
    }
    log.append(session.id, 'session_started', { type: 'session_started', task_id: a.taskId, version: a.version, seed: a.seed, participant: a.participant });
    const team = this.build(session.id, a.studyKey, session.createdAt, found.value, a.version, space, false);
    return team.settleNow();
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
    const started = engineEvents(stored).find((e) => e.type === 'session_started');
    if (!started || started.type !== 'session_started') return fail('bad_request', `Session ${sessionId} is not a team session.`);
    const found = findTeamTask(this.s.library, summary.studyKey, summary.taskId);
    if (!found.ok) return found;
    const recorded = workspaceOf(stored);
    let space: SessionWorkspace | null = null;
    if (recorded) {
      const reopened = openSessionWorkspace(recorded.root, recorded.hashes_before);
      if (!reopened.ok) return reopened;
      space = reopened.value;
    }
    const submitted = stored.some((e) => e.kind === 'submitted');
    return ok(this.build(sessionId, summary.studyKey, summary.createdAt, found.value, started.version, space, submitted));
  }

  async resume(sessionId: string): Promise<Result<TeamSession>> {
    const got = this.get(sessionId);
    if (!got.ok) return got;
    // Effects the engine still owes (say the app died between a label and the reply) are carried out now.
    const settled = await got.value.settleNow();
    return settled.ok ? got : settled;
  }

  async close(): Promise<void> {
    await this.python?.dispose();
  }

  private build(id: string, studyKey: string, startedAt: string, loaded: LoadedTask, version: TaskVersion, space: SessionWorkspace | null, submitted: boolean): TeamSession {
    const python = (this.python ??= new PyodideTestRunner());
    const runTests = (files: Record<string, string>) => python.run({ files, tests: visibleTests(files), sessionKey: id });
    const stored = this.s.database.eventLog!.replay(id);
    const team = new TeamSession(
      {
        id,
        studyKey,
        startedAt,
        task: loaded.task,
        resolved: loaded.versions[version],
        log: this.s.database.eventLog!,
        bus: this.s.bus,
        labeller: this.labeller,
        workspace: space ? { space, tools: new WorkspaceTools(space, runTests, submitted) } : null,
        python,
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
