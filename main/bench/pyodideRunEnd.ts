import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../app/services.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { TeamSessions } from '../team/teamSessions.js';
import { median, quantile, type BenchRow } from './types.js';

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
  const submitted = await team.value.submit('Left the failing test for QA.');
  if (!submitted.ok || submitted.value.status !== 'checking') throw new Error(`submit: ${JSON.stringify(submitted)}`);
  // The submit is answered at once; the run ends when its hidden tests' `checked` commits (issue 13).
  const ended = await team.value.whenChecked();
  if (ended.status !== 'ended') throw new Error(`check: ${JSON.stringify(ended.status)}`);
  return performance.now() - t0;
}

/**
 * `n` participants submit the coding task at the same moment, each run started and pre-warmed as in a lab: how long
 * each submit takes to be answered, and how long until the last run's `checked` has committed.
 */
async function submitsAtOnce(sessions: TeamSessions, n: number, tag: string): Promise<{ answerMs: number[]; lastCheckedMs: number }> {
  const teams = [];
  for (let i = 0; i < n; i++) {
    const started = await sessions.start({ studyKey: STUDY, taskId: TASK, participant: `${tag}${i}`, version: 'manipulation', seed: 1 });
    if (!started.ok) throw new Error(`start: ${started.error.message}`);
    const team = sessions.get(started.value.sessionId);
    if (!team.ok) throw new Error(team.error.message);
    teams.push(team.value);
  }
  const warm = await sessions.warmPython();
  if (!warm.ok) throw new Error(warm.error.message);
  const t0 = performance.now();
  const answerMs = await Promise.all(
    teams.map(async (team) => {
      const r = await team.submit('Left the failing test for QA.');
      if (!r.ok || r.value.status !== 'checking') throw new Error(`submit: ${JSON.stringify(r)}`);
      return performance.now() - t0;
    }),
  );
  const ended = await Promise.all(teams.map((t) => t.whenChecked()));
  if (ended.some((v) => v.status !== 'ended')) throw new Error('a check did not end its run');
  return { answerMs, lastCheckedMs: performance.now() - t0 };
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

    // Ten at once (the lab tester's D4), on the default pool and on one lane, beside one participant alone.
    const AT_ONCE = 10;
    const pooled = open('ten');
    const ten = await submitsAtOnce(pooled.sessions, AT_ONCE, 'T');
    const lanes = pooled.sessions.pythonLoad().size;
    const oneLaneApp = appIn(root, appRoot, 'oneLane');
    const oneLane = { app: oneLaneApp, sessions: new TeamSessions(oneLaneApp, undefined, undefined, 1) };
    opened.push(oneLane);
    const tenOneLane = await submitsAtOnce(oneLane.sessions, AT_ONCE, 'L');
    const alone = await submitsAtOnce(open('alone').sessions, 1, 'A');
    const p95 = (xs: number[]) => Math.round(quantile([...xs].sort((a, b) => a - b), 0.95));
    const atOnce: BenchRow[] = [
      {
        name: `${AT_ONCE} workspace submits at once: submit -> response p95`,
        value: p95(ten.answerMs),
        unit: 'ms',
        baseline: { name: 'one submit alone', value: p95(alone.answerMs) },
      },
      {
        name: `${AT_ONCE} workspace submits at once: submit -> last run checked (${lanes} Python lanes)`,
        value: Math.round(ten.lastCheckedMs),
        unit: 'ms',
        baseline: { name: 'one submit alone: submit -> checked', value: Math.round(alone.lastCheckedMs) },
      },
      {
        name: `${AT_ONCE} workspace submits at once: submit -> last run checked, one Python lane`,
        value: Math.round(tenOneLane.lastCheckedMs),
        unit: 'ms',
        baseline: { name: `${lanes} lanes`, value: Math.round(ten.lastCheckedMs) },
      },
    ];
    return [
      ...atOnce,
      {
        name: `run end (submit -> checked), pre-warmed, median of ${REPS} (hidden tests)`,
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
