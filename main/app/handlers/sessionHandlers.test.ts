import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../dispatch.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import { createTestApp } from '../../testing/testApp.js';
import { makeTempDir } from '../../testing/tempDir.js';
import type { TeamView } from '../../../shared/team/viewSchema.js';

// recordNote writes raw events; a team or Slack session folds only its own family, so a note there would make the
// session impossible to reopen. It is refused; an old log that already has one opens, with the event reported.
let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

function recordingLogger() {
  const lines: { msg: string; data?: Record<string, unknown> }[] = [];
  const log: Logger = { info: () => {}, warn: (msg, data) => lines.push({ msg, ...(data ? { data } : {}) }), error: (msg, data) => lines.push({ msg, ...(data ? { data } : {}) }) };
  return { log, lines };
}

async function call<T>(app: ReturnType<typeof createTestApp>, method: string, args: unknown) {
  return (await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger)) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
}

async function startTeam(app: ReturnType<typeof createTestApp>): Promise<TeamView> {
  const r = await call<TeamView>(app, 'teamStart', { studyKey: 'built-in:team-demo', taskId: 'impossible-tests', participant: 'P01', version: 'control', seed: 0 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('recordNote and session families', () => {
  it('refuses a note, pause or resume in a team session, naming the kind of session, and writes nothing', async () => {
    const app = createTestApp(tmp.dir);
    const view = await startTeam(app);
    const before = app.database.eventLog!.replay(view.sessionId).length;
    for (const kind of ['note', 'paused', 'resumed']) {
      const r = await call(app, 'recordNote', { sessionId: view.sessionId, kind, reason: 'fire alarm' });
      expect(r).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('is a team session') } });
    }
    expect(app.database.eventLog!.replay(view.sessionId)).toHaveLength(before);
    expect((await call<TeamView>(app, 'teamView', { sessionId: view.sessionId })).ok).toBe(true);
    app.close();
  });

  it('refuses a note in a Slack query run, and still takes one in a plain or labelling session', async () => {
    const app = createTestApp(tmp.dir);
    const log = app.database.eventLog!;
    const run = log.createSession({ studyKey: 'built-in:slack-demo', taskId: 'q1', participant: 'P01', meta: { kind: 'slack' } });
    log.append(run.id, 'slack_run_started', { studyKey: 'built-in:slack-demo', queryId: 'q1', category: 'lookup', participant: 'P01', workspaceId: 'w', timeLimitMinutes: 10 });
    expect(await call(app, 'recordNote', { sessionId: run.id, kind: 'paused', reason: 'x' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('is a Slack query run') } });
    const plain = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P01' });
    expect((await call(app, 'recordNote', { sessionId: plain.id, kind: 'note', reason: 'x' })).ok).toBe(true);
    const rater = log.createSession({ studyKey: 'k', taskId: 'labelling', participant: 'R1' });
    log.append(rater.id, 'labelling_started', {});
    expect((await call(app, 'recordNote', { sessionId: rater.id, kind: 'note', reason: 'break' })).ok).toBe(true);
    app.close();
  });

  it('opens an old team log that already has a raw note and pause, skipping them and reporting each', async () => {
    let app = createTestApp(tmp.dir);
    const view = await startTeam(app);
    // What an older Teamseat let recordNote write.
    const note = app.database.eventLog!.append(view.sessionId, 'note', { reason: 'participant asked a question' });
    const pause = app.database.eventLog!.append(view.sessionId, 'paused', { reason: 'fire alarm' });
    app.close();

    const { log, lines } = recordingLogger();
    app = createTestApp(tmp.dir, log);
    const reopened = await call<TeamView>(app, 'teamView', { sessionId: view.sessionId });
    expect(reopened).toMatchObject({ ok: true, value: { status: 'your_turn', round: view.round } });
    expect(lines.filter((l) => l.msg.includes('not a team event')).map((l) => l.data)).toEqual([
      { sessionId: view.sessionId, seq: note.seq, kind: 'note' },
      { sessionId: view.sessionId, seq: pause.seq, kind: 'paused' },
    ]);
    const sent = await call<TeamView>(app, 'teamSend', { sessionId: view.sessionId, to: 'team', text: 'Looking at the failing test now.' });
    expect(sent.ok).toBe(true);
    app.close();
  });
});
