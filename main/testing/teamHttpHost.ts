import fs from 'node:fs';
import path from 'node:path';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { createTestApp } from './testApp.js';
import { makeTempDir } from './tempDir.js';
import { silentLogger } from '../app/logger.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { PathTurn } from '../../shared/team/pack/schema.js';
import { editedText } from '../../shared/team/checker/playPath.js';
import { untilChecked } from '../team/teamCheck.testing.js';

// A real browser host on 127.0.0.1 over the real app services (temp SQLite, the repository's studies, the app's
// Pyodide runner), and a participant's moves in the team seat made through its HTTP API as the seat's UI makes
// them. Shared by the HTTP tests that play team tasks (main/team/declaredPaths.http.test.ts,
// main/scoring/impossibleTests.http.test.ts) and by `npm run verdict-check` (main/cli/verdict-check.ts).

export interface TeamHttpHost {
  /** POST /api/<method> with the experimenter's token; the call's value, or throws naming the method. */
  call<T>(method: string, args: unknown): Promise<T>;
  /** The run's view once its check (run after the submit was answered) has committed: in process, not over HTTP. */
  untilChecked(sessionId: string): Promise<TeamView>;
  /** The session's log as committed (in process): what a test asserts was on disk when a response came back. */
  events(sessionId: string): StoredEvent[];
  /** POST /api/<method>; the whole answer, `{ok:false, error}` included. */
  raw(method: string, args: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;
  close(): Promise<void>;
}

export interface TeamHttpHostOptions {
  /** Study folders copied into the host's data folder before it starts: each is then the study `user:<folder name>`. */
  userStudies?: readonly string[];
}

export async function startTeamHttpHost(options: TeamHttpHostOptions = {}): Promise<TeamHttpHost> {
  const tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  for (const dir of options.userStudies ?? []) fs.cpSync(dir, path.join(tmp.dir, 'data', 'studies', path.basename(dir)), { recursive: true });
  const app = createTestApp(path.join(tmp.dir, 'data'));
  let host: BrowserHost;
  try {
    host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0 });
  } catch (error) {
    app.close();
    tmp.cleanup();
    throw error;
  }
  const raw = async (method: string, args: unknown) => {
    const res = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
      body: JSON.stringify(args),
    });
    return (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  };
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const body = await raw(method, args);
    if (!body.ok) throw new Error(`${method}: ${body.error?.message ?? 'failed'}`);
    return body.value as T;
  };
  return {
    call,
    untilChecked: (sessionId) => untilChecked(app, sessionId),
    events: (sessionId) => app.database.eventLog!.replay(sessionId),
    raw,
    async close() {
      await host.close();
      app.close();
      tmp.cleanup();
    },
  };
}

export interface TeamRunStart {
  studyKey: string;
  taskId: string;
  participant: string;
  version: 'alone' | 'control' | 'manipulation';
  seed: number;
}

export function startTeamRun(host: TeamHttpHost, run: TeamRunStart): Promise<TeamView> {
  return host.call<TeamView>('teamStart', run);
}

/** One turn as the seat's UI makes it: a message, a tool call, an edit of the file's current text, a submission. */
export async function playTurn(host: TeamHttpHost, sessionId: string, turn: PathTurn): Promise<TeamView> {
  const { call } = host;
  if ('say' in turn) return call<TeamView>('teamSend', { sessionId, to: turn.to, text: turn.say });
  if ('tool' in turn)
    return (await call<{ view: TeamView }>('teamTool', { sessionId, name: turn.tool, input: turn.input })).view;
  if ('edit' in turn) {
    const read = await call<{ result: { output: string } }>('teamTool', {
      sessionId,
      name: 'read_file',
      input: { path: turn.edit },
    });
    const content = editedText(read.result.output, turn);
    return (await call<{ view: TeamView }>('teamTool', { sessionId, name: 'edit_file', input: { path: turn.edit, content } }))
      .view;
  }
  if ('submit' in turn) return call<TeamView>('teamSubmit', { sessionId, answer: turn.submit });
  if ('offer' in turn) {
    const theyGet = Object.fromEntries(Object.entries(turn.offer).map(([k, v]) => [k, 3 - v]));
    return call<TeamView>('teamOfferDeal', { sessionId, youGet: turn.offer, theyGet });
  }
  return call<TeamView>('teamAcceptDeal', { sessionId });
}

export interface ExportedRun {
  path: string;
  score: { pass: boolean; outcome: string };
}

/** Starts a run, plays `turns` in order, and exports it; returns the last view and the export. */
export async function playTeamRun(
  host: TeamHttpHost,
  run: TeamRunStart,
  turns: readonly PathTurn[],
): Promise<{ view: TeamView; exported: ExportedRun }> {
  let view = await startTeamRun(host, run);
  for (const turn of turns) view = await playTurn(host, view.sessionId, turn);
  if (view.status === 'checking') view = await host.untilChecked(view.sessionId);
  // A declared path must end the run; one that does not is the task's mistake, named here rather than as a score.
  if (view.status !== 'ended') throw new Error(`${run.taskId} ${run.version}: the run did not end (status ${view.status})`);
  const exported = await host.call<ExportedRun>('teamExport', { sessionId: view.sessionId });
  return { view, exported };
}
