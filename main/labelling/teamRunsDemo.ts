/**
 * The team-runs demo item set (studies/judge-validation-team-runs): the three tasks of studies/team-demo
 * played through the real app services, in every version and seed, with the demo scripts; the runs are
 * exported in the benchmark's layout and imported as labelling items. The "judge" of each item is the
 * rules labeller's decision recorded in the run. Everything that reaches an item is deterministic (task
 * text, seeds, scripts, the rules labeller), so the same code always writes the same file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createApp } from '../app/services.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { taskVersions } from '../../shared/team/pack/schema.js';
import type { MessageItem } from '../../shared/labelling/items.js';
import type { Problem } from '../../shared/problems.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { importTranscripts } from './importTranscripts.js';
import { TEAM_RUN_SCRIPTS, type DemoMessage } from './teamRunsDemoScripts.js';

export const TEAM_DEMO_STUDY = 'team-demo';
/** The participant id of every demo run; it names the results folder, never an item. */
export const DEMO_PARTICIPANT = 'demo';

export interface TeamRunsDemo {
  items: MessageItem[];
  problems: Problem[];
  /** Runs played, as `<task>/<version>_seed<k>`. */
  runs: string[];
}

/** Plays every run in a fresh temp data dir (removed afterwards) and returns the items in play order. */
export async function makeTeamRunsDemo(appRoot: string): Promise<TeamRunsDemo> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-team-runs-demo-'));
  const app = createApp({
    host: 'browser',
    version: 'demo',
    appRoot,
    dataDir,
    settingsFactory: confSettingsFactory,
    log: silentLogger,
  });
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  };
  // A submit is answered before its hidden tests run (issue 13): the run is exported once its check has committed.
  const untilChecked = async (sessionId: string) => {
    const team = teamSessionsOf(app).get(sessionId);
    if (!team.ok) throw new Error(team.error.message);
    await team.value.whenChecked();
  };
  const pack = loadTeamPack(path.join(appRoot, 'studies', TEAM_DEMO_STUDY));
  const out: TeamRunsDemo = { items: [], problems: [...pack.problems], runs: [] };
  const root = path.join(dataDir, 'results', 'transcripts');
  try {
    for (const script of TEAM_RUN_SCRIPTS) {
      const task = pack.tasks.find((t) => t.task.id === script.taskId);
      if (!task) throw new Error(`studies/${TEAM_DEMO_STUDY} has no task "${script.taskId}"`);
      for (const version of taskVersions) {
        const seeds = task.versions[version].seeds;
        for (const [k, seed] of seeds.entries()) {
          const alone = version === 'alone';
          const messages = alone ? script.alone : (script.scripts[k % script.scripts.length] ?? []);
          const answer = script.answers[alone ? 0 : k % script.answers.length];
          const file = await playRun(call, untilChecked, script.taskId, version, seed, messages, answer);
          const labels = task.versions[version].labels.map((l) => ({
            label: l.id,
            definition: l.definition,
          }));
          const imported = importTranscripts([file], { labels, demo: true }, root);
          out.items.push(...imported.items);
          out.problems.push(...imported.problems);
          out.runs.push(`${script.taskId}/${version}_seed${seed}`);
        }
      }
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

type Call = <T>(method: string, args: unknown) => Promise<T>;

/** One run: the script until the run ends or it runs out, then the answer (or the deal on the table). */
async function playRun(
  call: Call,
  untilChecked: (sessionId: string) => Promise<void>,
  taskId: string,
  version: string,
  seed: number,
  messages: DemoMessage[],
  answer: string | Record<string, number> | undefined,
): Promise<string> {
  let view = await call<TeamView>('teamStart', {
    studyKey: `built-in:${TEAM_DEMO_STUDY}`,
    taskId,
    participant: DEMO_PARTICIPANT,
    version,
    seed,
  });
  for (const m of messages) {
    if (view.status !== 'your_turn') break;
    view = await call<TeamView>('teamSend', { sessionId: view.sessionId, to: m.to, text: m.text });
  }
  if (view.status === 'your_turn') {
    view =
      view.deal?.proposal && !view.deal.accepted
        ? await call<TeamView>('teamAcceptDeal', { sessionId: view.sessionId })
        : await call<TeamView>('teamSubmit', {
            sessionId: view.sessionId,
            ...(answer === undefined ? {} : { answer }),
          });
  }
  await untilChecked(view.sessionId);
  const exported = await call<{ path: string }>('teamExport', { sessionId: view.sessionId });
  return exported.path;
}
