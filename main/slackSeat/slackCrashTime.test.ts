import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardView } from '../../shared/contract/dashboard.js';
import type { RunView } from '../../shared/contract/slack.js';
import { trialResultSchema } from '../../shared/harbor/schemas.js';
import type { CrashPause } from '../../shared/team/engine/activeTime.js';
import { collectBundle } from '../bundle/collect.js';
import { tidyTables } from '../bundle/tidy.js';
import { resultsWriterOf } from '../study/handlers.js';
import { filesUnder } from '../study/study.testing.js';
import { hostAliveOf } from '../team/hostAliveOf.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, startSlackPractice, type TestApp } from './slackSeat.testing.js';

// A Slack study run open when the host was killed: after the restart its clock, the dashboard's cell and the results
// written at the answer show one time on task — the participant's time up to the killed host's last alive stamp,
// none of the hour it was down. Real app services over one SQLite file in a temp dir; the kill is what it leaves on
// disk (the log as committed, alive.json as last stamped); only Date is moved (the hour down), monotonic time is real.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call } = caller(() => app);
const ALIVE = () => path.join(tmp.dir, 'alive.json');

beforeEach(() => {
  tmp = makeTempDir();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(async () => {
  await app.close();
  vi.useRealTimers();
  tmp.cleanup();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** The first row of a tidy CSV (CRLF records) naming the run, by column (its cells here hold no comma or quote). */
function rowOf(csv: string, runId: string): Record<string, string> {
  const [head, ...rows] = csv.trim().split('\r\n');
  const row = rows.find((r) => r.includes(runId));
  if (!row) throw new Error(`no row for ${runId} in\n${csv}`);
  const cells = row.split(',');
  return Object.fromEntries(head!.split(',').map((c, i) => [c, cells[i] ?? '']));
}

describe('a Slack run open when the host was killed', () => {
  it('counts the time up to the last alive stamp, alike in its clock, the dashboard and its results', async () => {
    app = createTestApp(tmp.dir);
    const { participantId, code, runId } = await startSlackPractice(app);
    expect((await call<RunView>('slackRunView', { runId })).status).toBe('running');
    later(40_000); // the participant reads for 40 s; the host's periodic stamp then says it is alive
    hostAliveOf(app).stamp();
    const leftByKill = fs.readFileSync(ALIVE());
    later(10_000);
    await app.close();
    fs.writeFileSync(ALIVE(), leftByKill); // a kill -9 writes no stamp at exit: the file is as last stamped

    later(3_600_000); // down for an hour
    app = createTestApp(tmp.dir);
    const run = await call<RunView>('slackRunView', { runId });
    const crash = app.database.eventLog!.replay(runId).find((e) => e.kind === 'crash_pause')!.payload as CrashPause;
    const aliveMs = Date.parse(crash.alive_until ?? '') - Date.parse(crash.since);
    expect(aliveMs).toBeGreaterThanOrEqual(40_000);
    expect(aliveMs).toBeLessThan(45_000);
    expect(run).toMatchObject({ status: 'running', pauses: [expect.objectContaining({ reason: 'crash' })] });
    expect(run.elapsedMs).toBeGreaterThanOrEqual(aliveMs);
    expect(run.elapsedMs).toBeLessThan(aliveMs + 5_000);

    // The dashboard's cell shows the run's own clock (it had no figure for a Slack run).
    const dashboard = await call<DashboardView>('dashboardView', { studyKey: DEMO });
    const cell = dashboard.participants.find((p) => p.row.participantId === participantId)!.cells.find((c) => c.runId === runId)!;
    expect(cell.status).toBe('in_progress');
    expect(cell.activeMs).not.toBeNull();
    expect(cell.activeMs! - run.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(cell.activeMs! - run.elapsedMs).toBeLessThan(5_000);

    // Paused, the clock stands still: the cell says Paused and shows exactly the run's figure.
    const paused = await call<RunView>('slackPauseRun', { runId, reason: 'phone call' });
    const still = (await call<DashboardView>('dashboardView', { studyKey: DEMO })).participants.find((p) => p.row.participantId === participantId)!.cells.find((c) => c.runId === runId)!;
    expect(still).toMatchObject({ status: 'paused', activeMs: paused.elapsedMs });
    await call('slackResumeRun', { runId, reason: 'back' });

    // The answer stops the clock; the trial written for it records that same time on task and the crash pause.
    await call('slackSubmitAnswer', { runId, answer: 'Permit CP-2024-0815.' });
    const answered = await call<RunView>('slackRunView', { runId });
    expect(answered.elapsedMs).toBeLessThan(aliveMs + 5_000);
    await resultsWriterOf(app)!.idle();
    const job = path.join(tmp.dir, 'results', 'slack-demo', 'excluded', 'practice', 'slack', `human_${code}`);
    const trial = filesUnder(job).find((f) => /^as-library-permit__[0-9a-f]{8}\/result\.json$/.test(f))!;
    const result = trialResultSchema.parse(JSON.parse(fs.readFileSync(path.join(job, trial), 'utf8')));
    const ours = (result.agent_result?.metadata as { teamseat?: { active_ms?: number; pauses?: Array<{ type: string; at: string }> } }).teamseat;
    expect(ours?.active_ms).toBe(answered.elapsedMs);
    expect(ours?.pauses).toEqual([expect.objectContaining({ type: 'crash', at: crash.alive_until }), expect.objectContaining({ type: 'pause', reason: 'phone call' })]);
    expect(answered.pauses[0]).toMatchObject({ reason: 'crash', at: crash.alive_until }); // the seat's list of pauses

    // The station bundle's tidy tables: the same time on task, and the crash from the last stamp.
    const bundle = collectBundle(app, DEMO);
    if (!bundle.ok) throw new Error(bundle.error.message);
    const tables = tidyTables(bundle.value);
    expect(rowOf(tables['tables/runs.csv']!, runId)).toMatchObject({ active_ms: String(answered.elapsedMs) });
    expect(rowOf(tables['tables/pauses.csv']!, runId)).toMatchObject({ reason: 'crash', at: crash.alive_until });
  }, 60_000);
});
