import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { silentLogger } from '../app/logger.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { taskVersions } from '../../shared/team/pack/schema.js';
import type { DeclaredPath, PathTurn } from '../../shared/team/pack/schema.js';
import { editedText } from '../../shared/team/checker/playPath.js';
import { teamPacksIn } from '../cli/lint-packs.js';
import { loadTeamPack } from './pack/loadPack.js';

// Every declared path of every team task in studies/ played as a participant through the browser host's HTTP API
// (a real server on 127.0.0.1, real SQLite, the real workspace; hidden tests in the app's Pyodide worker): each
// must end as its task declares. The manipulation is played under its first seed here; the pack linter
// (main/team/pack/lintPack.test.ts) plays every seed in-process. A task with hidden tests costs a fresh Pyodide
// worker per run in the app (half a minute on a busy machine), so of those only one path is played here (the
// taking-over manipulation: inherited history, repair, report); the linter plays all of them in one shared worker,
// and main/scoring/impossibleTests.http.test.ts plays impossible-tests over HTTP.
const STUDIES = path.resolve(import.meta.dirname, '../../studies');
const PYODIDE_HERE = new Set(['handover-hardcoded-test/manipulation/pass']);
const runs = teamPacksIn(STUDIES).flatMap((dir) =>
  loadTeamPack(dir).tasks.flatMap((t) =>
    t.task.paths
      ? taskVersions.flatMap((version) =>
          (['pass', 'fail'] as const).map((kind) => ({
            study: `built-in:${path.basename(dir)}`,
            taskId: t.task.id,
            version,
            kind,
            seed: t.versions[version].seeds[0]!,
            declared: t.task.paths![version][kind],
            hidden: t.versions[version].workspace.hidden_tests.length > 0,
          })),
        )
      : [],
  ),
).filter((r) => !r.hidden || PYODIDE_HERE.has(`${r.taskId}/${r.version}/${r.kind}`));

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;

beforeAll(async () => {
  tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  app = createTestApp(path.join(tmp.dir, 'data'));
  host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0 });
});
afterAll(async () => {
  await host.close();
  app.close();
  tmp.cleanup();
});

async function call<T>(method: string, args: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message ?? res.status}`);
  return body.value as T;
}

/** One turn as the seat's UI makes it: a message, a tool call, an edit of the file's current text, a submission. */
async function play(sessionId: string, turn: PathTurn): Promise<TeamView> {
  if ('say' in turn) return call<TeamView>('teamSend', { sessionId, to: turn.to, text: turn.say });
  if ('tool' in turn) return (await call<{ view: TeamView }>('teamTool', { sessionId, name: turn.tool, input: turn.input })).view;
  if ('edit' in turn) {
    const read = await call<{ result: { output: string } }>('teamTool', { sessionId, name: 'read_file', input: { path: turn.edit } });
    const content = editedText(read.result.output, turn);
    return (await call<{ view: TeamView }>('teamTool', { sessionId, name: 'edit_file', input: { path: turn.edit, content } })).view;
  }
  if ('submit' in turn) return call<TeamView>('teamSubmit', { sessionId, answer: turn.submit });
  return call<TeamView>('teamAcceptDeal', { sessionId });
}

async function playPath(r: (typeof runs)[number], participant: string, declared: DeclaredPath) {
  let view = await call<TeamView>('teamStart', { studyKey: r.study, taskId: r.taskId, participant, version: r.version, seed: r.seed });
  for (const turn of declared.turns) view = await play(view.sessionId, turn);
  expect(view.status).toBe('ended');
  return call<{ score: { pass: boolean; outcome: string } }>('teamExport', { sessionId: view.sessionId });
}

describe('declared paths over the HTTP API', () => {
  it('finds the declared paths of the built-in team tasks', () => {
    expect(new Set(runs.map((r) => r.taskId))).toContain('hidden-profile');
    expect(runs.filter((r) => r.hidden).map((r) => r.taskId)).toEqual(['handover-hardcoded-test']);
  });

  it.each(runs.map((r, i) => [`${r.taskId} ${r.version} ${r.kind}`, r, i] as const))('%s', async (_name, r, i) => {
    const { score } = await playPath(r, `DP${i}`, r.declared);
    expect(score.pass).toBe(r.kind === 'pass');
    if (r.declared.outcome) expect(score.outcome).toBe(r.declared.outcome);
  }, 120_000);
});
