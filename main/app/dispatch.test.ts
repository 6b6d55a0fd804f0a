import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from './dispatch.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { Logger } from './logger.js';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

function recordingLogger() {
  const lines: { msg: string; data?: Record<string, unknown> }[] = [];
  const log: Logger = { info: () => {}, warn: (msg, data) => lines.push({ msg, data }), error: (msg, data) => lines.push({ msg, data }) };
  return { log, lines };
}

describe('dispatch', () => {
  it('rejects an argument that fails the schema before the handler runs, names the field, and writes nothing', async () => {
    const { log, lines } = recordingLogger();
    const app = createTestApp(tmp.dir, log);
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const result = await dispatch(app.handlers, 'recordNote', { sessionId: session.id, kind: 'paused', reason: '' }, { host: 'test' }, log);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('reason') } });
    const extra = await dispatch(app.handlers, 'recordNote', { sessionId: session.id, kind: 'rm -rf', reason: 'x' }, { host: 'test' }, log);
    expect(extra.ok).toBe(false);
    expect(app.database.eventLog!.replay(session.id)).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual(['rejected call with invalid arguments', 'rejected call with invalid arguments']);
    app.close();
  });

  it('rejects unknown methods, including inherited object keys', async () => {
    const app = createTestApp(tmp.dir);
    for (const name of ['dropDatabase', 'constructor', '__proto__', 'toString']) {
      expect(await dispatch(app.handlers, name, {}, { host: 'test' }, recordingLogger().log)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    app.close();
  });

  it('turns a handler that throws into an error value', async () => {
    const app = createTestApp(tmp.dir);
    const handlers = { ...app.handlers, listStudies: () => { throw new Error('disk on fire'); } };
    const result = await dispatch(handlers, 'listStudies', {}, { host: 'test' }, recordingLogger().log);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining('disk on fire') } });
    app.close();
  });

  it('records a typed pause with its reason and replays it', async () => {
    const app = createTestApp(tmp.dir);
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const seen: unknown[] = [];
    app.bus.subscribe((e) => seen.push(e));
    const r = await dispatch(app.handlers, 'recordNote', { sessionId: session.id, kind: 'paused', reason: 'fire alarm' }, { host: 'test' }, recordingLogger().log);
    expect(r.ok).toBe(true);
    const replay = await dispatch(app.handlers, 'replaySession', { sessionId: session.id }, { host: 'test' }, recordingLogger().log);
    expect(replay).toMatchObject({ ok: true, value: [{ seq: 1, kind: 'paused', payload: { reason: 'fire alarm' } }] });
    expect(seen).toEqual([{ type: 'session.event', event: expect.objectContaining({ seq: 1, kind: 'paused' }) }]);
    app.close();
  });
});
