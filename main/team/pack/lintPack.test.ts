import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PyodideTestRunner } from '../../pyodide/testRunner.js';
import { lintPacksCommand, teamPacksIn } from '../../cli/lint-packs.js';
import { lintPack, sharedHiddenRunner } from './lintPack.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'lint');
const STUDIES = path.resolve(import.meta.dirname, '../../../studies');
// One Pyodide worker for every hidden test the declared paths need (each distinct run once).
const python = new PyodideTestRunner();
const runHidden = sharedHiddenRunner(python);
afterAll(() => python.dispose());

const problemsOf = async (fixture: string): Promise<Array<[string, string]>> =>
  (await lintPack(path.join(FIXTURES, fixture), runHidden)).problems.map((p) => [p.path, p.message]);

describe('pack linter: tasks broken on purpose', () => {
  it('passes the fixture every broken copy starts from, playing all its declared paths', async () => {
    const lint = await lintPack(path.join(FIXTURES, 'base'), runHidden);
    expect(lint.problems).toEqual([]);
    // alone and control once each, the manipulation under each of its three seeds.
    expect(lint.played.map((r) => `${r.version}/${r.kind}/${r.seed}`)).toHaveLength(10);
  });

  it.each([
    ['no-source', [['provenance', 'no source: list the passages (or at least the record) the task is built on']]],
    ['missing-version', [['versions.control', expect.stringContaining('missing: a task has all three versions')]]],
    ['same-versions', [['versions.manipulation', 'the manipulation plays exactly like the control']]],
    ['unreachable-line', [['seats[1].script.lines[1]', 'versions.manipulation: line "again" can never be said: no transition leads to it']]],
    ['unsourced-fact', [['seats[0].facts[0]', 'fact "f_rule" has neither `source: <quote id>` nor `fictional: true`']]],
    ['unknown-quote', [['seats[0].facts[0].source', 'no passage "q_checklist" in provenance']]],
    [
      'sourced-says-more',
      [['seats[0].facts[0].source', 'fact "f_rule" says "48", "Acme", which passage "q_rule" does not: quote the passage that says it, list a made-up name in `source.fictional`, or mark the line `fictional: true`']],
    ],
    ['seeds-change-nothing', [['versions.manipulation.seeds', 'the seeds change nothing: every seed plays the declared pass path the same way']]],
  ] as const)('%s', async (fixture, expected) => {
    expect(await problemsOf(fixture)).toEqual(expected);
  });

  it('path-ends-wrong: a declared passing path the checker fails, under every seed, with its line', async () => {
    const lint = await lintPack(path.join(FIXTURES, 'path-ends-wrong'), runHidden);
    expect(lint.problems.map((p) => [p.path, p.message])).toEqual(
      [0, 1, 2].map((seed) => ['paths.manipulation.pass', `seed ${seed}: declared to pass but the checker failed it (outcome shipped_unsafe)`]),
    );
    expect(lint.problems[0]?.line).toBe(73);
  });

  it('prints file:line path: message and exits 1 (npm run lint-packs)', async () => {
    const r = await lintPacksCommand([path.join(FIXTURES, 'unsourced-fact')], path.resolve(FIXTURES, '..'));
    expect(r).toMatchObject({ code: 1, err: [expect.stringMatching(/^lint\/unsourced-fact\/tasks\/t\.yaml:24 seats\[0\]\.facts\[0\]: fact "f_rule"/), '1 problem in lint/unsourced-fact'] });
  });
});

describe('pack linter: every team pack in studies/', () => {
  it('finds the team packs', () => {
    expect(teamPacksIn(STUDIES).map((d) => path.basename(d))).toContain('team-demo');
  });

  it.each(teamPacksIn(STUDIES).map((d) => [path.basename(d), d]))('%s passes, every declared path ending as declared', async (_name, dir) => {
    const lint = await lintPack(dir, runHidden);
    expect(lint.problems.map((p) => `${path.relative(STUDIES, p.file)}:${p.line ?? ''} ${p.path}: ${p.message}`)).toEqual([]);
    expect(lint.tasks).toBeGreaterThan(0);
  }, 180_000);
});
