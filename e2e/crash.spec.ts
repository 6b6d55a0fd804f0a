import { test, expect } from './fixtures.js';

// kill -9 of the browser host while events are being written: after a restart, every event the host
// acknowledged is there, in order, and none is half-written.
test('no acknowledged event is lost when the host is killed mid-write', async ({ launch, dataDir }) => {
  test.skip(process.env.TEAMSEAT_E2E === 'electron', 'drives the host over HTTP; the desktop variant is covered by the event-log unit test');
  const first = await launch();
  const host = first.host!;
  const api = async (method: string, body: unknown) => {
    const res = await fetch(`${host.origin}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { ok: boolean; value: unknown };
  };
  const studies = (await api('listStudies', {})).value as { key: string; problems: unknown[] }[];
  const study = studies.find((s) => s.problems.length === 0)!;
  const detail = (await api('openStudy', { key: study.key })).value as { tasks: { id: string }[] };
  const session = (await api('startSession', { studyKey: study.key, taskId: detail.tasks[0]!.id, participant: 'P07' })).value as { id: string };

  // Many writers in flight at once; kill while they are running.
  let acknowledged = 1; // session_started
  const writers = Array.from({ length: 8 }, async (_, w) => {
    for (let i = 0; ; i++) {
      try {
        const r = await api('recordNote', { sessionId: session.id, kind: 'note', reason: `writer ${w} note ${i}` });
        if (r.ok) acknowledged++;
      } catch {
        return; // the host is gone
      }
    }
  });
  await expect.poll(() => acknowledged, { timeout: 20_000 }).toBeGreaterThan(200);
  await first.close({ kill: true });
  await Promise.all(writers);

  const second = await launch(dataDir);
  const res = await fetch(`${second.host!.origin}/api/replaySession`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${second.host!.token}` },
    body: JSON.stringify({ sessionId: session.id }),
  });
  const events = ((await res.json()) as { value: { seq: number; kind: string; payload: { reason?: string } }[] }).value;
  expect(events.length).toBeGreaterThanOrEqual(acknowledged);
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  expect(events[0]!.kind).toBe('session_started');
  for (const e of events.slice(1)) expect(e.payload.reason).toMatch(/^writer \d note \d+$/);

  // The researcher sees the session with every event after the restart.
  const { page } = second;
  await page.locator(`[data-study="${study.key}"] button`).click();
  await expect(page.getByRole('row', { name: /P07/ })).toContainText(String(events.length));
});
