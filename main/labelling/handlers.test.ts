import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { parseItemsJsonl, type LabellingItem } from '../../shared/labelling/items.js';

const DEMO = path.resolve(import.meta.dirname, '../../studies/judge-validation-demo');
const demoItems = (() => {
  const parsed = parseItemsJsonl('items.jsonl', fs.readFileSync(path.join(DEMO, 'items.jsonl'), 'utf8'));
  if (!parsed.ok) throw new Error('demo items do not parse');
  return new Map(parsed.items.map((i) => [i.id, i]));
})();
const judgeOf = (id: string) => (demoItems.get(id) as LabellingItem).judge!.final;
const labelsOf = (id: string) =>
  (demoItems.get(id) as LabellingItem & { kind: 'message' }).labels.map((l) => l.label);

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

/** A copy of the demo study in the user's studies folder, so a test may edit its files. */
function userCopy(dataDir: string): { key: string; dir: string } {
  const dir = path.join(dataDir, 'studies', 'jv-copy');
  fs.cpSync(DEMO, dir, { recursive: true });
  return { key: 'user:jv-copy', dir };
}

function harness(dataDir = tmp.dir) {
  const app = createTestApp(dataDir);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read as loosely as a JSON client would
  const call = async <T = any>(name: string, args: unknown): Promise<T> => {
    const r = await dispatch(app.handlers, name, args, { host: 'test' }, silentLogger);
    if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
    return r.value as T;
  };
  const attempt = (name: string, args: unknown) =>
    dispatch(app.handlers, name, args, { host: 'test' }, silentLogger);
  return { app, call, attempt };
}

const realIds = (view: { queue: { item: { id: string }; practice: boolean }[] }) =>
  view.queue.filter((q) => !q.practice).map((q) => q.item.id);

describe('labelling sessions', () => {
  it('gives each rater their own seeded order with the shared overlap, practice first, and items sent blind', async () => {
    const { app, call } = harness();
    const key = 'built-in:judge-validation-demo';
    const r1 = await call('openLabelling', { studyKey: key, rater: 'R1' });
    const r2 = await call('openLabelling', { studyKey: key, rater: 'R2' });
    expect(r1.queue.slice(0, 3).map((q: { practice: boolean }) => q.practice)).toEqual([true, true, true]);
    const [a, b] = [realIds(r1), realIds(r2)];
    expect(a.length + b.length).toBe(demoItems.size + 10);
    expect(a.filter((id) => b.includes(id))).toHaveLength(10);
    expect(new Set([...a, ...b])).toEqual(new Set(demoItems.keys()));
    expect(a).not.toEqual([...a].sort());
    const sent = JSON.stringify([r1, r2]);
    for (const word of ['"judge"', 'perJudge', 'referee', 'tiebreak', '"source"', '"answer"', '"why"'])
      expect(sent).not.toContain(word);
    const again = await call('openLabelling', { studyKey: key, rater: 'R1' });
    expect(realIds(again)).toEqual(a);
    expect(app.database.eventLog!.listSessions(key)).toHaveLength(2);
    app.close();
  });

  it('writes each label before answering, and a rater who reopens continues where they stopped', async () => {
    const first = harness();
    const key = 'built-in:judge-validation-demo';
    const view = await first.call('openLabelling', { studyKey: key, rater: 'R2' });
    const practice = view.queue[0].item;
    expect(view.practiceAnswers).toEqual({});
    const afterPractice = await first.call('giveLabel', {
      sessionId: view.sessionId,
      itemId: practice.id,
      label: practice.labels[1].label,
      ms: 1200,
    });
    expect(Object.keys(afterPractice.practiceAnswers)).toEqual([practice.id]);
    const ids = realIds(view);
    await first.call('skipItem', {
      sessionId: view.sessionId,
      itemId: view.queue[1].item.id,
      note: 'warm-up',
    });
    await first.call('skipItem', {
      sessionId: view.sessionId,
      itemId: view.queue[2].item.id,
      note: 'warm-up',
    });
    const given = await first.call('giveLabel', {
      sessionId: view.sessionId,
      itemId: ids[0],
      label: judgeOf(ids[0]!),
      ms: 3400,
    });
    expect(given.progress).toMatchObject({ practiceDone: 3, practiceTotal: 3, done: 1, total: ids.length });
    const log = first.app.database.eventLog!.replay(view.sessionId);
    expect(log.at(-1)).toMatchObject({
      kind: 'label_given',
      payload: { itemId: ids[0], label: judgeOf(ids[0]!), ms: 3400 },
    });
    await first.call('flagItem', { sessionId: view.sessionId, itemId: ids[1], note: 'context cut off' });
    first.app.close();

    const second = harness();
    const resumed = await second.call('openLabelling', { studyKey: key, rater: 'R2' });
    expect(resumed.resumed).toBe(true);
    expect(resumed.resumeAt).toBe(ids[2]);
    expect(resumed.answers[ids[1]!]).toMatchObject({ kind: 'flag', note: 'context cut off' });
    expect(resumed.answers[ids[0]!]).toMatchObject({ kind: 'label', label: judgeOf(ids[0]!), ms: 3400 });
    second.app.close();
  });

  it('undoes across the whole session, even after reopening, one action at a time', async () => {
    const { app, call } = harness();
    const key = 'built-in:judge-validation-demo';
    const view = await call('openLabelling', { studyKey: key, rater: 'R1' });
    const ids = realIds(view);
    await call('giveLabel', {
      sessionId: view.sessionId,
      itemId: ids[0],
      label: labelsOf(ids[0]!)[0],
      ms: 10,
    });
    await call('giveLabel', {
      sessionId: view.sessionId,
      itemId: ids[1],
      label: labelsOf(ids[1]!)[0],
      ms: 10,
    });
    await call('giveLabel', {
      sessionId: view.sessionId,
      itemId: ids[0],
      label: labelsOf(ids[0]!)[2],
      ms: 10,
    });
    let undo = await call('undoLabel', { sessionId: view.sessionId });
    expect(undo.undone).toBe(ids[0]);
    expect(undo.answers[ids[0]!]).toMatchObject({ label: labelsOf(ids[0]!)[0] });
    const reopened = await call('openLabelling', { studyKey: key, rater: 'R1' });
    expect(reopened.lastAction).toBe(ids[1]);
    undo = await call('undoLabel', { sessionId: view.sessionId });
    undo = await call('undoLabel', { sessionId: view.sessionId });
    expect(undo.answers).toEqual({});
    undo = await call('undoLabel', { sessionId: view.sessionId });
    expect(undo.undone).toBeNull();
    expect(
      app.database.eventLog!.replay(view.sessionId).filter((e) => e.kind === 'label_undone'),
    ).toHaveLength(3);
    app.close();
  });

  it('refuses a label outside the item’s set, another rater’s item and an unlisted rater, writing nothing', async () => {
    const { app, call, attempt } = harness();
    const key = 'built-in:judge-validation-demo';
    const r1 = await call('openLabelling', { studyKey: key, rater: 'R1' });
    const r2 = await call('openLabelling', { studyKey: key, rater: 'R2' });
    const onlyR2 = realIds(r2).find((id) => !realIds(r1).includes(id))!;
    const before = app.database.eventLog!.replay(r1.sessionId).length;
    const wrongLabel = await attempt('giveLabel', {
      sessionId: r1.sessionId,
      itemId: realIds(r1)[0],
      label: 'banana',
      ms: 5,
    });
    expect(wrongLabel).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('banana') },
    });
    const notMine = await attempt('giveLabel', {
      sessionId: r1.sessionId,
      itemId: onlyR2,
      label: labelsOf(onlyR2)[0],
      ms: 5,
    });
    expect(notMine).toMatchObject({ ok: false, error: { message: expect.stringContaining(onlyR2) } });
    expect(await attempt('openLabelling', { studyKey: key, rater: 'R9' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('R1, R2') },
    });
    expect(
      await attempt('skipItem', { sessionId: r1.sessionId, itemId: realIds(r1)[0], note: '  ' }),
    ).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(app.database.eventLog!.replay(r1.sessionId)).toHaveLength(before);
    app.close();
  });

  it('names the changed items when a rater resumes on a different item set, and loses no label', async () => {
    const { app, call, attempt } = harness();
    const { key, dir } = userCopy(tmp.dir);
    const view = await call('openLabelling', { studyKey: key, rater: 'R1' });
    const ids = realIds(view);
    for (const id of ids.slice(0, 2))
      await call('giveLabel', { sessionId: view.sessionId, itemId: id, label: judgeOf(id), ms: 100 });
    const file = path.join(dir, 'items.jsonl');
    const original = fs.readFileSync(file, 'utf8');
    const editedId = ids[0]!;
    const lines = original.split('\n').map((line) => {
      if (!line.includes(`"id": "${editedId}"`)) return line;
      const item = JSON.parse(line) as { message: { text: string } };
      item.message.text += ' (edited)';
      return JSON.stringify(item);
    });
    fs.writeFileSync(file, lines.join('\n'));
    const events = app.database.eventLog!.replay(view.sessionId).length;

    const refused = await attempt('openLabelling', { studyKey: key, rater: 'R1' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const message = (refused as { error: { message: string } }).error.message;
    expect(message).toContain("R1's 2 answers are kept");
    expect(message).toContain(view.sessionId);
    expect(message).toContain(`1 of R1's items changed (${editedId})`);
    const label = await attempt('giveLabel', {
      sessionId: view.sessionId,
      itemId: ids[2],
      label: judgeOf(ids[2]!),
      ms: 1,
    });
    expect(label).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(app.database.eventLog!.replay(view.sessionId)).toHaveLength(events);

    fs.writeFileSync(file, original);
    const back = await call('openLabelling', { studyKey: key, rater: 'R1' });
    expect(Object.keys(back.answers).sort()).toEqual(ids.slice(0, 2).sort());
    app.close();
  });
});
