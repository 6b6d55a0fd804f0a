/**
 * The demo reel (studies/demo-reel/runs): the three tasks of studies/team-demo played through the app's own
 * services as pilot runs, in their manipulation version, once holding firm and once giving in, each exported in
 * the benchmark's transcript layout. The participant's lines are the judge-validation demo scripts
 * (main/labelling/teamRunsDemoScripts.ts); the coding task adds workspace tool calls so its replay has edits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dispatch } from '../../app/dispatch.js';
import { silentLogger } from '../../app/logger.js';
import { createApp } from '../../app/services.js';
import { confSettingsFactory } from '../../settings/confFactory.js';
import type { TeamView } from '../../../shared/team/viewSchema.js';
import { TEAM_RUN_SCRIPTS } from '../../labelling/teamRunsDemoScripts.js';
import { teamSessionsOf } from '../../team/teamSessionsOf.js';

const STUDY = 'built-in:team-demo';

type Step =
  | { send: { to: string; text: string } }
  | { tool: { name: 'list_files' | 'read_file' | 'edit_file' | 'grep' | 'run_tests'; input: Record<string, unknown> } };

export interface ReelRun {
  taskId: string;
  /** Who the run is recorded as: `reel-pass` or `reel-fail` (the participant code of a pilot run). */
  participant: 'reel-pass' | 'reel-fail';
  expect: 'pass' | 'fail';
  /** Index of the version's seed. */
  seedIndex: number;
  steps: Step[];
  answer?: string | Record<string, number>;
}

const script = (taskId: string, k: number): Step[] =>
  (TEAM_RUN_SCRIPTS.find((s) => s.taskId === taskId)?.scripts[k] ?? []).map((m) => ({ send: m }));
const answer = (taskId: string, k: number) => TEAM_RUN_SCRIPTS.find((s) => s.taskId === taskId)?.answers[k];

const TEST_FILE = 'tests/test_plateau.py';

/** The reel: per task one run that holds firm (script 0) and one that gives in (script 1). */
export function reelRuns(testFileText: string): ReelRun[] {
  return [
    { taskId: 'campsite-negotiation', participant: 'reel-pass', expect: 'pass', seedIndex: 0, steps: script('campsite-negotiation', 0), answer: answer('campsite-negotiation', 0) },
    { taskId: 'campsite-negotiation', participant: 'reel-fail', expect: 'fail', seedIndex: 1, steps: script('campsite-negotiation', 1), answer: answer('campsite-negotiation', 1) },
    {
      taskId: 'impossible-tests',
      participant: 'reel-pass',
      expect: 'pass',
      seedIndex: 0,
      steps: [
        { tool: { name: 'list_files', input: {} } },
        { tool: { name: 'read_file', input: { path: TEST_FILE } } },
        { tool: { name: 'run_tests', input: {} } },
        ...script('impossible-tests', 0),
      ],
      answer: answer('impossible-tests', 0),
    },
    {
      taskId: 'impossible-tests',
      participant: 'reel-fail',
      expect: 'fail',
      seedIndex: 1,
      steps: [
        { tool: { name: 'read_file', input: { path: TEST_FILE } } },
        { tool: { name: 'edit_file', input: { path: TEST_FILE, content: testFileText.replace('[5, 6, 6, 7, 7]), 3)', '[5, 6, 6, 7, 7]), 2)') } } },
        { tool: { name: 'run_tests', input: {} } },
        ...script('impossible-tests', 1),
      ],
      answer: answer('impossible-tests', 1),
    },
    { taskId: 'hidden-profile', participant: 'reel-pass', expect: 'pass', seedIndex: 0, steps: script('hidden-profile', 0), answer: answer('hidden-profile', 0) },
    { taskId: 'hidden-profile', participant: 'reel-fail', expect: 'fail', seedIndex: 1, steps: script('hidden-profile', 1), answer: answer('hidden-profile', 1) },
  ];
}

export interface ReelResult {
  /** Path relative to the output folder → file content. */
  files: Record<string, string>;
  /** One line per run: task, participant, expected and actual outcome. */
  played: Array<{ taskId: string; participant: string; expect: 'pass' | 'fail'; pass: boolean; outcome: string; rel: string }>;
}

/** Plays the reel in a fresh temp data dir (removed afterwards) through the app's handlers. */
export async function makeDemoReel(appRoot: string): Promise<ReelResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-demo-reel-'));
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  const app = createApp({ host: 'browser', version: 'demo-reel', appRoot, dataDir, settingsFactory: confSettingsFactory, log: silentLogger });
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  };
  const out: ReelResult = { files: {}, played: [] };
  try {
    const testText = readTestFile(appRoot);
    for (const run of reelRuns(testText)) {
      const versions = await call<Array<{ version: string; seeds: number[] }>>('teamVersions', { studyKey: STUDY, taskId: run.taskId });
      const seeds = versions.find((v) => v.version === 'manipulation')?.seeds ?? [];
      const seed = seeds[run.seedIndex % seeds.length] ?? 0;
      let view = await call<TeamView>('teamStart', { studyKey: STUDY, taskId: run.taskId, participant: run.participant, version: 'manipulation', seed });
      for (const step of run.steps) {
        if (view.status !== 'your_turn') break;
        if ('send' in step) view = await call<TeamView>('teamSend', { sessionId: view.sessionId, ...step.send });
        else view = (await call<{ view: TeamView }>('teamTool', { sessionId: view.sessionId, ...step.tool })).view;
      }
      if (view.status === 'your_turn') {
        view =
          view.deal?.proposal && !view.deal.accepted
            ? await call<TeamView>('teamAcceptDeal', { sessionId: view.sessionId })
            : await call<TeamView>('teamSubmit', { sessionId: view.sessionId, ...(run.answer === undefined ? {} : { answer: run.answer }) });
      }
      // A submit is answered before its hidden tests run (issue 13): the run is exported once its check has committed.
      const team = teamSessionsOf(app).get(view.sessionId);
      if (!team.ok) throw new Error(team.error.message);
      await team.value.whenChecked();
      const exported = await call<{ path: string; score: { pass: boolean; outcome: string } }>('teamExport', { sessionId: view.sessionId });
      const rel = path.relative(path.join(dataDir, 'results'), exported.path).split(path.sep).join('/');
      out.files[rel] = fs.readFileSync(exported.path, 'utf8');
      out.played.push({ taskId: run.taskId, participant: run.participant, expect: run.expect, pass: exported.score.pass, outcome: exported.score.outcome, rel });
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

function readTestFile(appRoot: string): string {
  const yaml = fs.readFileSync(path.join(appRoot, 'studies', 'team-demo', 'tasks', 'impossible-tests.yaml'), 'utf8');
  // The test file as the pack holds it (a YAML block scalar), for the give-in run's edit: only the one line changes.
  const start = yaml.indexOf(`- path: ${TEST_FILE}`);
  const block = yaml.slice(start).split('\n').slice(2);
  const lines: string[] = [];
  for (const line of block) {
    if (line.trim() !== '' && !line.startsWith('        ')) break;
    lines.push(line.slice(8));
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}
