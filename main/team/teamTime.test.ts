import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import path from 'node:path';
import { monotonicMicros } from '../db/monotonic.js';
import { openDatabase, type Db } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import type { AppServices } from '../app/appServices.js';
import type { DatabaseHolder } from '../app/databaseHolder.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { Result } from '../../shared/result.js';
import { TeamSessions, type StartTeam } from './teamSessions.js';
import { teamActiveTime } from './teamClock.js';

// The participant's clock: stopped while paused, not counting a crash or restart, and a time limit that ends the
// run from main. Real SQLite in a temp dir; the log and the sessions read one clock (the real one plus an offset a
// test moves forward), so "ten minutes later" takes no time.
const CAMPSITE: Omit<StartTeam, 'participant'> = { studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation', version: 'control', seed: 0 };

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let offsetUs = 0;
/** Set by a test whose clock may move only when it says so: the monotonic time it stood still at. */
let stoodAtUs: number | null = null;
const clock = () => (stoodAtUs ?? monotonicMicros()) + offsetUs;
let sessions: TeamSessions;
let db: Db;
let services: AppServices;
const later = (ms: number) => (offsetUs += ms * 1000);

beforeEach(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  offsetUs = 0;
  stoodAtUs = null;
  db = openDatabase(path.join(tmp.dir, 'clocked.db'));
  const eventLog = new EventLog(db, { wall: () => new Date(Date.now() + offsetUs / 1000), monoUs: clock });
  services = { ...app, database: { eventLog } as unknown as DatabaseHolder };
  sessions = new TeamSessions(services, undefined, { monoUs: clock, wall: () => new Date(Date.now() + offsetUs / 1000) });
});
afterEach(async () => {
  await sessions.close();
  db.close();
  app.close();
  tmp.cleanup();
});

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const team = async (id: string) => value(await sessions.resume(id));
const log = (id: string) => services.database.eventLog!.replay(id);
/** A restart: a new TeamSessions over the same database, as a new process would have, after `downMs` down. */
async function restart(downMs = 0) {
  await sessions.close();
  later(downMs);
  sessions = new TeamSessions(services, undefined, { monoUs: clock, wall: () => new Date(Date.now() + offsetUs / 1000) });
}

describe('the team seat clock', () => {
  it('stops while paused, and refuses every participant action until resumed', async () => {
    const view = value(await sessions.start({ ...CAMPSITE, participant: 'P01' }));
    const t = await team(view.sessionId);
    later(30_000);
    const paused = value(await t.pause('participant asked a question', 'participant'));
    expect(paused.clock).toMatchObject({ running: false });
    const at = paused.clock!.activeMs;
    expect(at).toBeGreaterThanOrEqual(30_000);
    later(600_000);
    expect(t.view().clock).toEqual(paused.clock);

    const refusals = [
      await t.send('Can we split the water 2-1?', 'team'),
      await t.tool('read_file', { path: 'x' }),
      await t.acceptDeal(),
      await t.submit('done'),
    ];
    for (const r of refusals) expect(r).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/paused/) } });
    expect(log(view.sessionId).filter((e) => ['participant_message', 'tool_call', 'deal_accepted', 'submitted'].includes(e.kind))).toEqual([]);

    value(await t.resume('back', 'participant'));
    later(5_000);
    const running = t.view().clock!;
    expect(running.running).toBe(true);
    expect(running.activeMs - at).toBeGreaterThanOrEqual(5_000);
    expect(running.activeMs - at).toBeLessThan(60_000);
  });

  it('records a crash or restart as a typed crash pause measured by wall time, not counted as active', async () => {
    const view = value(await sessions.start({ ...CAMPSITE, participant: 'P02' }));
    value(await (await team(view.sessionId)).send('I would like the water, you can have the firewood.', 'team'));
    // The clock stands still from here, so only the hour moves it: a slow machine adds nothing (it once could).
    stoodAtUs = monotonicMicros();
    const before = teamActiveTime(log(view.sessionId)).activeMs;
    await restart(3_600_000); // the host is down for an hour
    const resumed = (await team(view.sessionId)).view();
    const crash = log(view.sessionId).filter((e) => e.kind === 'crash_pause');
    expect(crash).toHaveLength(1);
    expect((crash[0]!.payload as { gap_ms: number }).gap_ms).toBeGreaterThanOrEqual(3_600_000);
    expect(resumed.clock!.activeMs - before).toBe(0);
    const timing = teamActiveTime(log(view.sessionId));
    expect(timing.pauses).toEqual([expect.objectContaining({ reason: 'crash', type: 'crash' })]);
  });

  it('warns before the limit and ends the run with time_limit, checked on every call', async () => {
    const view = value(await sessions.start({ ...CAMPSITE, participant: 'P03', timeLimitSec: 600 }));
    expect(view.clock).toMatchObject({ limitMs: 600_000, warnAtMs: 540_000 });
    const t = await team(view.sessionId);
    later(545_000);
    const warned = value(await sessions.resume(view.sessionId)).view();
    expect(warned.timeWarning?.remainingMs).toBeGreaterThan(0);
    expect(warned.timeWarning?.remainingMs).toBeLessThanOrEqual(55_000);
    later(60_000);
    const late = await t.send('Deal?', 'team');
    expect(late).toMatchObject({ ok: false, error: { message: 'The time for this task is up; the run has ended.' } });
    const ended = t.view();
    expect(ended).toMatchObject({ status: 'ended', ended: 'time_limit' });
    expect(log(view.sessionId).map((e) => e.kind).slice(-3)).toEqual(['time_up', 'checked', 'ended']);
  });

  it('warns and ends a run by its timer with nobody calling, also after a restart', async () => {
    // The clock moves only when the test moves it, so each wake-up finds the time the test set, however late a loaded
    // machine wakes it (the warning's window was the last 100 ms of a one-second limit).
    stoodAtUs = monotonicMicros();
    const view = value(await sessions.start({ ...CAMPSITE, participant: 'P04', timeLimitSec: 2, timeWarningSec: 1 }));
    await restart();
    const reopened = await team(view.sessionId); // reopened after the restart: the timer is set again from the log
    const kinds = () => log(view.sessionId).map((e) => e.kind);
    const until = async (kind: string) => {
      while (!kinds().includes(kind)) await new Promise((r) => setTimeout(r, 20));
    };
    later(1500 - reopened.view().clock!.activeMs); // between the warning (1 s) and the limit (2 s)
    await until('time_warning');
    expect(kinds()).not.toContain('time_up');
    later(1000);
    await until('ended');
    expect(kinds().slice(-3)).toEqual(['time_up', 'checked', 'ended']);
  });

  it('a run not yet warned warns once, and a session without a limit never ends by time', async () => {
    const view = value(await sessions.start({ ...CAMPSITE, participant: 'P05' }));
    later(10 * 3_600_000);
    expect(value(await sessions.resume(view.sessionId)).view()).toMatchObject({ status: 'your_turn', timeWarning: null, clock: { limitMs: null } });
  });
});

describe('the transcript timing', () => {
  it('leaves pauses and crash gaps out of active_ms and lists them', async () => {
    const view: TeamView = value(await sessions.start({ ...CAMPSITE, participant: 'P06' }));
    const t = await team(view.sessionId);
    later(10_000);
    value(await t.pause('bathroom', 'participant'));
    later(300_000);
    value(await t.resume('back', 'participant'));
    later(10_000);
    const timing = teamActiveTime(log(view.sessionId), clock());
    expect(timing.activeMs).toBeGreaterThanOrEqual(20_000);
    expect(timing.activeMs).toBeLessThan(25_000);
    expect(timing.pauses).toEqual([expect.objectContaining({ reason: 'bathroom', type: 'pause' })]);
  });
});
