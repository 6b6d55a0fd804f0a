import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunView } from '../../shared/contract/slack.js';
import type { Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import type { DatabaseHolder } from '../app/databaseHolder.js';
import { EventLog } from '../db/eventLog.js';
import { monotonicMicros } from '../db/monotonic.js';
import { openDatabase, type Db } from '../db/open.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { foldRun, RUN_STARTED, runStatus, timeOnTaskOf, type RunStarted } from './runLog.js';
import { SlackRuns } from './runs.js';
import { SlackWorkspaces } from './workspaces.js';
import { HostAlive } from '../team/hostAlive.js';
import type { CrashPause } from '../../shared/team/engine/activeTime.js';

// A Slack query run's clock: stopped while paused, not counting a crash or restart, and a time limit that main
// records (warning, then the end). Real SQLite; the log and the runs read one clock that a test moves forward.
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let db: Db;
let services: AppServices;
let runs: SlackRuns;
let offsetUs = 0;
/** Set by a test whose clock may move only when it says so: the monotonic time it stood still at. */
let stoodAtUs: number | null = null;
const mono = () => (stoodAtUs ?? monotonicMicros()) + offsetUs;
const wall = () => new Date(Date.now() + offsetUs / 1000);
const later = (ms: number) => (offsetUs += ms * 1000);
const newRuns = () => new SlackRuns(services, new SlackWorkspaces(tmp.dir, app.bus), mono, wall);

beforeEach(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  offsetUs = 0;
  stoodAtUs = null;
  db = openDatabase(path.join(tmp.dir, 'clocked.db'));
  services = { ...app, database: { eventLog: new EventLog(db, { wall, monoUs: mono }) } as unknown as DatabaseHolder };
  runs = newRuns();
});
afterEach(() => {
  runs.close();
  db.close();
  app.close();
  tmp.cleanup();
});

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const kinds = (id: string) => services.database.eventLog!.replay(id).map((e) => e.kind);

/** A run as the study's run starter makes it: a session and its start event. */
function startRun(timeLimitMinutes: number, queryId = 'q'): string {
  const log = services.database.eventLog!;
  const session = log.createSession({ studyKey: 'built-in:slack-demo', taskId: queryId, participant: 'P01', meta: { kind: 'slack' } });
  const started: RunStarted = { studyKey: 'built-in:slack-demo', queryId, category: 'AS', participant: 'P01', workspaceId: 'slack-demo', timeLimitMinutes };
  log.append(session.id, RUN_STARTED, started);
  return session.id;
}

describe('the Slack run clock', () => {
  it('stops while paused and refuses browse calls and the answer until resumed', () => {
    const id = startRun(20);
    later(60_000);
    const paused = value(runs.pause(id, 'phone call', 'participant'));
    expect(paused.elapsedMs).toBeGreaterThanOrEqual(60_000);
    later(600_000);
    const still = value(runs.view(id));
    expect(still.elapsedMs).toBe(paused.elapsedMs);
    expect(runs.gate(id, { workspaceId: 'slack-demo' })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/paused/) } });
    expect(runs.submit(id, 'CP-2024-0815')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/paused/) } });
    value(runs.resume(id, 'back', 'participant'));
    expect(runs.gate(id, { workspaceId: 'slack-demo' }).ok).toBe(true);
  });

  it("holds the experimenter's pause: the seat may not lift it, the experimenter's takes over the seat's own, and neither counts", () => {
    stoodAtUs = monotonicMicros();
    const id = startRun(20);
    later(10_000);
    value(runs.pause(id, 'bathroom', 'participant'));
    later(5_000);
    // The experimenter pauses over the seat's own pause: it becomes theirs, with no time between.
    const held = value(runs.pause(id, 'experimenter: fire alarm', 'experimenter'));
    expect(held).toMatchObject({ status: 'paused', pausedBy: 'experimenter' });
    later(600_000);
    const before = kinds(id).length;
    expect(runs.resume(id, 'resumed', 'participant')).toMatchObject({ ok: false, error: { code: 'unauthorized', message: expect.stringMatching(/only the experimenter can resume/) } });
    expect(runs.pause(id, 'again', 'participant')).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(kinds(id).length).toBe(before);
    const resumed = value(runs.resume(id, 'experimenter', 'experimenter'));
    expect(resumed).toMatchObject({ status: 'running', pausedBy: null });
    expect(resumed.elapsedMs).toBe(held.elapsedMs);
    expect(resumed.elapsedMs).toBe(10_000);
    expect(kinds(id).slice(1)).toEqual(['paused', 'resumed', 'paused', 'resumed']);
  });

  it("pauses an abandoned visit's run from its last event: the idle time is not on its clock, never ends it, and only the experimenter lifts it", () => {
    stoodAtUs = monotonicMicros();
    const id = startRun(20);
    later(60_000);
    runs.record(id, { tool: 'list_channels', arguments: {}, resultHead: '3 channels' });
    const last = services.database.eventLog!.replay(id).at(-1)!;
    // The participant leaves; 31 minutes later (past the 20-minute limit) the visit is found abandoned.
    later(31 * 60_000);
    const paused = value(runs.pauseAbandoned(id, 'visit abandoned'));
    expect(paused).toMatchObject({ status: 'paused', pausedBy: 'experimenter', elapsedMs: 60_000 });
    expect(paused.pauses.at(-1)).toMatchObject({ at: last.wallTime, reason: 'visit abandoned', resumedAt: null });
    const log = services.database.eventLog!.replay(id);
    expect(log.at(-1)).toMatchObject({ kind: 'paused', payload: { by: 'experimenter', idle_before: true } });
    expect(kinds(id)).not.toContain('time_up');
    // The results' clock agrees: nothing after the last action counts, and the pause is listed from it.
    expect(timeOnTaskOf(foldRun(log)!)).toMatchObject({ activeMs: 60_000, pauses: [expect.objectContaining({ at: last.wallTime, resumed_at: null })] });
    later(600_000);
    expect(value(runs.view(id)).elapsedMs).toBe(60_000);
    // A second look records nothing twice; the seat cannot lift it, the experimenter can, and the clock goes on from there.
    const count = kinds(id).length;
    value(runs.pauseAbandoned(id, 'visit abandoned'));
    expect(runs.resume(id, 'back', 'participant')).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(kinds(id).length).toBe(count);
    value(runs.resume(id, 'experimenter', 'experimenter'));
    later(5_000);
    expect(value(runs.view(id))).toMatchObject({ status: 'running', elapsedMs: 65_000 });
  });

  it('leaves an answered run of an abandoned visit as it was', () => {
    const id = startRun(20);
    value(runs.submit(id, 'CP-2024-0815'));
    const count = kinds(id).length;
    expect(value(runs.pauseAbandoned(id, 'visit abandoned')).status).toBe('submitted');
    expect(kinds(id).length).toBe(count);
  });

  it('records a crash or restart as a typed crash pause, measured by wall time, not counted', () => {
    const id = startRun(20);
    later(30_000);
    const before = value(runs.view(id)).elapsedMs;
    later(3_600_000); // the host is down for an hour
    runs.close();
    runs = newRuns();
    const after = value(runs.view(id));
    // The gap runs from the last recorded event (the start here) to the restart: none of it is counted.
    expect(before).toBeGreaterThanOrEqual(30_000);
    expect(after.elapsedMs).toBeLessThan(1000);
    expect(after.status).toBe('running');
    expect(after.pauses).toEqual([expect.objectContaining({ reason: 'crash' })]);
    expect(kinds(id).filter((k) => k === 'crash_pause')).toHaveLength(1);
    value(runs.view(id)); // once per restart, not per call
    expect(kinds(id).filter((k) => k === 'crash_pause')).toHaveLength(1);
  });

  it("counts the time up to the crashed process's last alive stamp, and none of the downtime after it", () => {
    // Each simulated process has its own alive stamp (in a folder of their own: the test app stamps the data dir).
    const stamps = path.join(tmp.dir, 'processes');
    const first = new HostAlive(stamps, wall);
    first.stamp();
    runs.close();
    runs = new SlackRuns(services, new SlackWorkspaces(tmp.dir, app.bus), mono, wall, first);
    const id = startRun(20);
    value(runs.view(id));
    later(45_000);
    first.stamp(); // its last periodic stamp: the participant was reading, the app alive; then it is killed
    later(3_600_000);
    runs.close();
    runs = new SlackRuns(services, new SlackWorkspaces(tmp.dir, app.bus), mono, wall, new HostAlive(stamps, wall));
    const after = value(runs.view(id));
    const crash = services.database.eventLog!.replay(id).find((e) => e.kind === 'crash_pause')!.payload as CrashPause;
    const alive = Date.parse(crash.alive_until ?? '') - Date.parse(crash.since);
    expect(alive).toBeGreaterThanOrEqual(45_000);
    expect(alive).toBeLessThan(46_000);
    // 45 s on task before the kill; the hour down is not counted (nor does it bring the 20-minute limit closer).
    expect(after.elapsedMs).toBeGreaterThanOrEqual(45_000);
    expect(after.elapsedMs).toBeLessThan(46_000);
    expect(after.status).toBe('running');
  });

  it('lists a run left open by a crash as of its last event until it is opened again: the downtime never ends it', () => {
    const id = startRun(1);
    later(30_000);
    runs.close();
    later(3_600_000); // the host is down for an hour; then the study's runs are listed before anyone opens this one
    runs = newRuns();
    const state = value(runs.state(id));
    expect(runStatus(state, mono())).toBe('time_up'); // what the listings said: the hour counted against the limit
    expect(runs.statusOf(state)).toBe('running');
    expect(value(runs.view(id)).status).toBe('running');
    expect(runs.statusOf(value(runs.state(id)))).toBe('running');
  });

  it('reopens a run left open by a crash through start as its seat does: the downtime is not on its clock', () => {
    const id = startRun(20, 'as-library-permit');
    later(30_000);
    runs.close();
    later(3_600_000);
    runs = newRuns();
    // The one-at-a-time panel's Start on a query already begun returns that run (it returned it with the hour counted).
    const again = value(runs.start('built-in:slack-demo', 'as-library-permit', 'P01'));
    expect(again.runId).toBe(id);
    expect(again).toMatchObject({ status: 'running', pauses: [expect.objectContaining({ reason: 'crash' })] });
    expect(again.elapsedMs).toBeLessThan(1000);
  });

  it('warns before the limit, then ends the run with time_limit on the next call', () => {
    const id = startRun(10);
    later(9 * 60_000 + 5_000);
    const warned = value(runs.view(id));
    expect(warned.warnAtMs).toBe(9 * 60_000);
    expect(warned.timeWarning?.remainingMs).toBeLessThanOrEqual(55_000);
    expect(kinds(id)).toContain('time_warning');
    later(60_000);
    expect(runs.gate(id, { workspaceId: 'slack-demo' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/time .* is up/) } });
    const ended: RunView = value(runs.view(id));
    expect(ended).toMatchObject({ status: 'time_up', ended: 'time_limit', elapsedMs: 10 * 60_000 });
    expect(kinds(id).filter((k) => k === 'time_up')).toHaveLength(1);
    // The answer the person was typing is kept, marked late.
    expect(value(runs.submit(id, 'CP-2024-0815')).answer).toMatchObject({ late: true });
  });

  it('warns and ends a run by its timer with nobody calling', async () => {
    // The clock moves only when the test moves it, so each wake-up finds the time the test set, however late a loaded
    // machine wakes it (the warning's window is the last 100 ms of the one-second limit).
    stoodAtUs = monotonicMicros();
    const id = startRun(1 / 60); // one second
    value(runs.view(id));
    const until = async (kind: string) => {
      while (!kinds(id).includes(kind)) await new Promise((r) => setTimeout(r, 20));
    };
    later(950);
    await until('time_warning');
    expect(kinds(id)).not.toContain('time_up');
    later(100);
    await until('time_up');
  });
});
