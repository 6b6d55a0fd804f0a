import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { teamSessionsOf } from './teamSessionsOf.js';
import { teamActiveTime } from './teamClock.js';

// Issue 13 (the lab tester's D4): ten participants submitting the coding task at once waited minutes, because each
// submit ran its hidden tests in Python on the request, one session after another. Now the submit is recorded and
// answered at once, the checks run in the background on the app's Python pool (two lanes), and each run ends when
// its `checked` commits. Real SQLite, the real workspace and the real Pyodide pool; submitted while Python is still
// loading, so a submit that waited for its check could not be answered before a check commits.
const STUDY = 'built-in:team-demo';
const TASK = 'impossible-tests';
const N = 10;

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  // Two lanes whatever the machine (a two-core PC's default is one since issue 25): two checks run at once here.
  vi.stubEnv('TEAMSEAT_SANDBOX_LANES', '2');
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(async () => {
  await app.close();
  tmp.cleanup();
  vi.unstubAllEnvs();
});

describe('hidden-test checks off the submit request', () => {
  it('answers ten concurrent submits before any check commits, runs two checks at once, and ends each run with its check', async () => {
    const sessions = teamSessionsOf(app);
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const started = await sessions.start({ studyKey: STUDY, taskId: TASK, participant: `C${i}`, version: 'control', seed: 0 });
      if (!started.ok) throw new Error(started.error.message);
      ids.push(started.value.sessionId);
    }
    const checkedAt = new Map<string, number>();
    const off = app.bus.subscribe((e) => {
      if (e.type === 'session.event' && e.event.kind === 'checked') checkedAt.set(e.event.sessionId, performance.now());
    });
    const teams = ids.map((id) => {
      const got = sessions.get(id);
      if (!got.ok) throw new Error(got.error.message);
      return got.value;
    });

    const answered = await Promise.all(teams.map(async (team) => ({ r: await team.submit('Left the failing test for QA.'), at: performance.now() })));
    for (const { r } of answered) {
      if (!r.ok) throw new Error(r.error.message);
      // Calm, and nothing of the result: the seat shows that the work is being checked, its clock stopped.
      expect(r.value.status).toBe('checking');
      expect(r.value.clock?.running).toBe(false);
    }
    expect(checkedAt.size).toBe(0);
    // The ten checks wait on the pool's two lanes, not on the requests.
    expect(sessions.pythonLoad()).toEqual({ runs: N, lanes: 2, size: 2 });
    const lastAnswer = Math.max(...answered.map((a) => a.at));

    // The first check of each lane (the others queue behind them; each needs an interpreter of its own).
    const first = await Promise.all(teams.slice(0, 2).map((t) => t.whenChecked()));
    off();
    expect(first.map((v) => v.status)).toEqual(['ended', 'ended']);
    expect(Math.min(...checkedAt.values())).toBeGreaterThan(lastAnswer);
    const log = app.database.eventLog!;
    for (const id of ids.slice(0, 2)) {
      const stored = log.replay(id);
      // The same log as when the check ran on the request: the submit, then its check and the end, once each.
      expect(stored.slice(-4).map((e) => e.kind)).toEqual(['tool_call', 'submitted', 'checked', 'ended']);
      expect(stored.filter((e) => e.kind === 'checked')).toHaveLength(1);
      // Time on task stops at the submit: the check's time is not the participant's.
      const atSubmit = stored.findIndex((e) => e.kind === 'submitted');
      expect(teamActiveTime(stored).activeMs).toBe(teamActiveTime(stored.slice(0, atSubmit + 1)).activeMs);
    }
    // A run still being checked refuses everything else and says why.
    const late = await teams[N - 1]!.send('one more thing', 'team');
    expect(late.ok ? 'sent' : late.error.message).toMatch(/being checked/);

    // The app closes with checks still queued: they commit nothing (a restart runs them again from the log).
    await app.close();
    const reopened = createTestApp(tmp.dir);
    try {
      for (const id of ids.slice(2)) expect(reopened.database.eventLog!.replay(id).at(-1)?.kind).toBe('submitted');
    } finally {
      // Closed before its startup sweep runs: this test does not wait for eight more checks.
      await reopened.close();
    }
  }, 300_000);
});
