import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskVersions } from '../../shared/team/pack/schema.js';
import { teamPacksIn } from '../cli/lint-packs.js';
import { loadTeamPack } from './pack/loadPack.js';
import { playTeamRun, startTeamHttpHost, type TeamHttpHost } from '../testing/teamHttpHost.js';

// Every declared path of every team task in studies/ played as a participant through the browser host's HTTP API
// (a real server on 127.0.0.1, real SQLite, the real workspace; hidden tests in the app's Pyodide runner): each
// must end as its task declares. The manipulation is played under its first seed here; the pack linter
// (main/team/pack/lintPack.test.ts) plays every seed in-process. One host serves every run, so the app's one
// Pyodide runner is shared: a task with hidden tests still gets a fresh interpreter for its final check (the
// app's rule: no run's code shares an interpreter with another's), which is most of this file's time. The runs
// with hidden tests are spread among the others, so an interpreter the runner starts ahead of need loads while
// runs without Python are played.
const STUDIES = path.resolve(import.meta.dirname, '../../studies');
const declared = teamPacksIn(STUDIES).flatMap((dir) =>
  loadTeamPack(dir).tasks.flatMap((t) =>
    t.task.paths
      ? taskVersions.flatMap((version) =>
          (['pass', 'fail'] as const).map((kind) => ({
            studyKey: `built-in:${path.basename(dir)}`,
            taskId: t.task.id,
            version,
            kind,
            seed: t.versions[version].seeds[0]!,
            declared: t.task.paths![version][kind],
            python: t.versions[version].workspace.hidden_tests.length > 0,
          })),
        )
      : [],
  ),
);
const withPython = declared.filter((r) => r.python);
const withoutPython = declared.filter((r) => !r.python);
const between = Math.ceil(withoutPython.length / Math.max(1, withPython.length));
const runs = withPython.flatMap((r, i) => [r, ...withoutPython.slice(i * between, (i + 1) * between)]);
runs.push(...withoutPython.slice(withPython.length * between));

let host: TeamHttpHost;
beforeAll(async () => {
  host = await startTeamHttpHost();
});
afterAll(async () => {
  await host?.close();
});

describe('declared paths over the HTTP API', () => {
  it('finds the declared paths of every built-in team task, Pyodide ones included', () => {
    const tasks = new Set(runs.map((r) => r.taskId));
    for (const id of ['hidden-profile', 'impossible-tests', 'handover-hardcoded-test', 'audit-trail-switched-off'])
      expect(tasks).toContain(id);
    // Two paths (pass, fail) in each of the three versions of every task with paths, each played once.
    expect(runs.length).toBe(tasks.size * 6);
    expect(new Set(runs.map((r) => `${r.taskId} ${r.version} ${r.kind}`)).size).toBe(runs.length);
    expect(runs.filter((r) => r.python).map((r) => r.taskId)).toContain('handover-hardcoded-test');
  });

  it.each(runs.map((r, i) => [`${r.taskId} ${r.version} ${r.kind}`, r, i] as const))('%s', async (_name, r, i) => {
    const { exported } = await playTeamRun(
      host,
      { studyKey: r.studyKey, taskId: r.taskId, participant: `DP${i}`, version: r.version, seed: r.seed },
      r.declared.turns,
    );
    expect(exported.score.pass).toBe(r.kind === 'pass');
    if (r.declared.outcome) expect(exported.score.outcome).toBe(r.declared.outcome);
  }, 180_000);
});
