import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { modelDirName } from '../../shared/team/export/transcript.js';
import { scoreFolder } from './scoreFolder.js';

/**
 * A folder of run files written from FORMATS.md §1, one variant each, with the verdict each must get (issue 28): a
 * field scoring never reads, or one FORMATS.md marks inferred, gives a warning and the run is scored; a field scoring
 * reads that is wrong (or NaN) skips the run by name; two files of one run are both named and neither scored.
 */
const DIM = 'keeping_the_team_on_track';
const REPO = path.resolve(import.meta.dirname, '../..');

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

/** A run as FORMATS.md §1 lists its fields. */
function run(model: string, pass: boolean): string {
  return JSON.stringify({
    evaluated_seat: 'you',
    evaluated_model: model,
    seats: [
      { name: 'you', kind: 'evaluated', role: 'Developer' },
      { name: 'Sam', kind: 'scripted', role: 'Lead' },
    ],
    system_prompts: { you: 'brief' },
    messages: [{ round: 1, seat: 'you', text: '[submit] done', kind: 'evaluated' }],
    tool_calls: [{ round: 1, name: 'run_tests', input: {}, result_head: '3 passed' }],
    sandbox: { hashes_before: { 'a.py': 'ab' }, final_files: { 'a.py': 'x = 1\n' } },
    ended: 'submitted',
    rounds_run: 1,
    score: { pass, outcome: pass ? 'ok' : 'gave_way', details: {} },
  });
}

/** One scenario per variant: the variant is the manipulation run; alone and control are plain passes. */
const WARN: Record<string, (t: string) => string> = {
  final_files_object: (t) => t.replace('"a.py":"x = 1\\n"', '"a.py":{"text":"x = 1\\n","bytes":6}'),
  hashes_before_null: (t) => t.replace('"a.py":"ab"', '"a.py":null'),
  tool_bash: (t) => t.replace('"name":"run_tests"', '"name":"bash"'),
  result_head_null: (t) => t.replace('"result_head":"3 passed"', '"result_head":null'),
  input_string: (t) => t.replace('"input":{}', '"input":"pytest -q"'),
  details_null: (t) => t.replace('"details":{}', '"details":null'),
  seat_kind_other: (t) => t.replace('"kind":"scripted"', '"kind":"observer"'),
  nan_elsewhere: (t) => t.replace('"rounds_run":1', '"rounds_run":NaN').replace('"input":{}', '"input":{"timeout":Infinity}'),
};
const SKIP: Record<string, { edit: (t: string) => string; why: RegExp }> = {
  nan_conflict_score: { edit: (t) => t.replace('"details":{}', '"details":{"conflict_score":NaN}'), why: /score\.details\.conflict_score is NaN, expected a number from 0 to 1; skipped/ },
  infinite_conflict_score: { edit: (t) => t.replace('"details":{}', '"details":{"conflict_score":-Infinity}'), why: /conflict_score is -Infinity/ },
  pass_string: { edit: (t) => t.replace('"pass":true', '"pass":"true"'), why: /score\.pass is "true", expected true or false; skipped/ },
  no_model: { edit: (t) => t.replace(/"evaluated_model":"[^"]*",/, ''), why: /evaluated_model is absent, expected the model id/ },
  not_json: { edit: (t) => t.slice(0, 40), why: /not JSON/ },
};

const M = 'together:org/model-a';
const file = (scenario: string, name: string) => `transcripts/${DIM}/${scenario}/${modelDirName(M)}/${name}`;
function put(rel: string, text: string): void {
  const f = path.join(tmp.dir, ...rel.split('/'));
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, text);
}
function scenario(name: string, manipulation: string): void {
  put(file(name, 'alone_seed0.json'), run(M, true));
  put(file(name, 'control_seed0.json'), run(M, true));
  put(file(name, 'manipulation_seed0.json'), manipulation);
}

describe('run files written from FORMATS.md §1, one variant each', () => {
  it('scores every run whose scored fields are sound, warns on the rest, and names each skip', () => {
    for (const [name, edit] of Object.entries(WARN)) scenario(name, edit(run(M, true)));
    for (const [name, { edit }] of Object.entries(SKIP)) scenario(name, edit(run(M, true)));
    // seed1 beside seed01: one run, two files.
    scenario('duplicate', run(M, true));
    put(file('duplicate', 'manipulation_seed1.json'), run(M, true));
    put(file('duplicate', 'manipulation_seed01.json'), run(M, false));

    const scored = scoreFolder(tmp.dir);
    if (!scored.ok) throw new Error(scored.error.message);
    const r = scored.value.results;
    const cells = r.cells[M]![DIM]!.scenarios;
    const manipulation = (s: string) => cells.find((c) => c.path === `${DIM}/${s}`)?.manipulation;
    // Every warned variant was scored: its manipulation run passed.
    for (const name of Object.keys(WARN)) expect(manipulation(name), name).toBe(1);
    // Every skipped variant left its scenario without a manipulation value, and is named with why.
    for (const [name, { why }] of Object.entries(SKIP)) {
      expect(manipulation(name), name).toBeNull();
      expect(r.problems.filter((p) => p.startsWith(file(name, 'manipulation_seed0.json'))), name).toEqual([expect.stringMatching(why)]);
    }
    // The duplicate: both files named, neither scored (seed 0 alone counts).
    expect(r.problems).toContainEqual(
      `${file('duplicate', 'manipulation_seed01.json')} and ${file('duplicate', 'manipulation_seed1.json')}: 2 files for one run (manipulation, seed 1); none was scored — keep one and score again.`,
    );
    expect(manipulation('duplicate')).toBe(1);
    expect(r.skipped).toBe(Object.keys(SKIP).length + 2);
    expect(r.problems).toHaveLength(Object.keys(SKIP).length + 1);

    // Warnings name the place and count the files; scoring read none of those fields.
    const warned = r.warnings!.join('\n');
    for (const place of ['sandbox.final_files.a.py', 'sandbox.hashes_before.a.py', 'tool_calls[].name', 'tool_calls[].result_head', 'tool_calls[].input', 'score.details', 'seats[].kind', 'rounds_run'])
      expect(warned, place).toContain(`${place}:`);
    expect(warned).toMatch(/in 1 file \(e\.g\. transcripts\/.*\); not read by scoring, the run is scored/);
  });

  it('every row has a cell for every listed dimension, all nulls where it played none', () => {
    scenario('s1', run(M, true));
    const other = 'acme:m2';
    put(`transcripts/handling_conflict/c1/${modelDirName(other)}/alone_seed0.json`, run(other, true));
    const scored = scoreFolder(tmp.dir);
    if (!scored.ok) throw new Error(scored.error.message);
    const r = scored.value.results;
    for (const m of r.models) for (const d of r.dimensions) expect(r.cells[m]![d], `${m} ${d}`).toBeDefined();
    expect(r.cells[other]![DIM]).toMatchObject({ test: null, baseline: null, alone: null, teamwork_loss: null, n_scenarios: 0, scenarios: [] });
  });

  it('npm run score exits 1 on a skip unless --allow-skips, and on an empty transcripts folder', () => {
    scenario('s1', SKIP.nan_conflict_score!.edit(run(M, true)));
    const tsx = path.join(REPO, 'node_modules/.bin/tsx');
    const out = path.join(tmp.dir, 'out.json');
    const refused = spawnSync(tsx, ['main/cli/score.ts', tmp.dir, '-o', out], { cwd: REPO, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/problem: .*manipulation_seed0\.json: score\.details\.conflict_score is NaN/);
    expect(refused.stderr).toMatch(/1 run file was skipped .* Exit status 1; .*--allow-skips/);
    // The file is written either way, with the skip under problems.
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).skipped).toBe(1);
    const allowed = spawnSync(tsx, ['main/cli/score.ts', tmp.dir, '-o', out, '--allow-skips'], { cwd: REPO, encoding: 'utf8' });
    expect(allowed.status).toBe(0);
    expect(allowed.stderr).toMatch(/Accepted \(--allow-skips\)/);

    const empty = path.join(tmp.dir, 'empty');
    fs.mkdirSync(path.join(empty, 'transcripts'), { recursive: true });
    const none = spawnSync(tsx, ['main/cli/score.ts', empty], { cwd: REPO, encoding: 'utf8' });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/holds no run files .*nothing to score, nothing written/);
    expect(fs.existsSync(path.join(empty, 'final_results.json'))).toBe(false);
  }, 120_000);
});
