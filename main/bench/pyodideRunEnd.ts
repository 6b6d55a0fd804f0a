import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../app/services.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { TeamSessions } from '../team/teamSessions.js';
import { median, type BenchRow } from './types.js';

const STUDY = 'built-in:team-demo';
/** The demo's workspace task whose checker runs hidden tests in Python at the run's end. */
const TASK = 'impossible-tests';
const REPS = 3;

type App = ReturnType<typeof createApp>;

/** Starts the task; before submitting, optionally waits for the pre-warm and runs the visible tests as a person would. */
async function runEnd(sessions: TeamSessions, n: number, before: { awaitWarm: boolean; runTests: boolean }): Promise<number> {
  const started = await sessions.start({ studyKey: STUDY, taskId: TASK, participant: `W${n}`, version: 'manipulation', seed: 1 });
  if (!started.ok) throw new Error(`start: ${started.error.message}`);
  const team = sessions.get(started.value.sessionId);
  if (!team.ok) throw new Error(team.error.message);
  if (before.awaitWarm) {
    const warm = await sessions.warmPython();
    if (!warm.ok) throw new Error(warm.error.message);
  }
  if (before.runTests) {
    const ran = await team.value.tool('run_tests', {});
    if (!ran.ok || !ran.value.outcome.resultHead.includes('passed')) throw new Error(`run_tests: ${JSON.stringify(ran)}`);
    // The warm-up that follows a used interpreter (the checker needs a fresh one) has had the person's reading time.
    const warm = await sessions.warmPython();
    if (!warm.ok) throw new Error(warm.error.message);
  }
  const t0 = performance.now();
  const ended = await team.value.submit('Left the failing test for QA.');
  const ms = performance.now() - t0;
  if (!ended.ok || ended.value.status !== 'ended') throw new Error(`submit: ${JSON.stringify(ended)}`);
  return ms;
}

function appIn(root: string, appRoot: string, name: string): App {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return createApp({ host: 'browser', version: 'bench', appRoot, dataDir, settingsFactory: confSettingsFactory, log: silentLogger });
}

/**
 * A workspace run's end (submit → hidden tests in Python → checked → ended), in process. Cold: submitted at once
 * after the start, in a fresh app, so the checker waits for Python to load. Pre-warmed: the start's warm-up has
 * finished, in one app that has already ended other runs (as a lab host has). Also after the person ran the
 * visible tests, whose interpreter the checker may not reuse.
 */
export async function benchPyodideRunEnd(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-runend-'));
  const opened: { app: App; sessions: TeamSessions }[] = [];
  const open = (name: string) => {
    const app = appIn(root, appRoot, name);
    const made = { app, sessions: new TeamSessions(app) };
    opened.push(made);
    return made;
  };
  try {
    const cold: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const { app, sessions } = open(`cold${i}`);
      cold.push(await runEnd(sessions, i, { awaitWarm: false, runTests: false }));
      await sessions.close();
      await app.close();
    }
    const { sessions } = open('warm');
    const warm: number[] = [];
    const afterTests: number[] = [];
    for (let i = 0; i < REPS; i++) {
      warm.push(await runEnd(sessions, 10 + i, { awaitWarm: true, runTests: false }));
      afterTests.push(await runEnd(sessions, 20 + i, { awaitWarm: true, runTests: true }));
    }
    const coldMedian = median(cold);
    return [
      {
        name: `run end, pre-warmed, median of ${REPS} (hidden tests)`,
        value: Math.round(median(warm)),
        unit: 'ms',
        baseline: { name: `cold, submitted at once (median of ${REPS})`, value: Math.round(coldMedian) },
      },
      {
        name: `run end after the visible tests, pre-warmed, median of ${REPS}`,
        value: Math.round(median(afterTests)),
        unit: 'ms',
        baseline: { name: 'cold', value: Math.round(coldMedian) },
      },
      { name: 'run end, pre-warmed, slowest', value: Math.round(Math.max(...warm, ...afterTests)), unit: 'ms' },
    ];
  } finally {
    for (const { app, sessions } of opened) {
      await sessions.close();
      await app.close();
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
}
