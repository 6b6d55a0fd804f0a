import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { recheckFolder } from './recheckFolder.js';

// `npm run score -- <dir> --study <pack>` re-checks each transcript against the pack's checker: disagreements are
// reported (stderr and `recheck` in the file), the recorded score stays the one scored. Real pack: studies/team-demo.
const REPO = path.resolve(import.meta.dirname, '../..');
const PACK = path.join(REPO, 'studies', 'team-demo');
const DIM = 'sharing_and_seeking_information';

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

/** A model's hidden-profile run that submitted `answer` and carries the score `pass`. */
function put(model: string, file: string, answer: string, pass: boolean, scenario = 'hidden-profile'): string {
  const rel = `transcripts/${DIM}/${scenario}/${model.replaceAll(':', '_').replaceAll('/', '__')}/${file}`;
  const abs = path.join(tmp.dir, ...rel.split('/'));
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(
    abs,
    JSON.stringify({
      evaluated_seat: 'you',
      evaluated_model: model,
      seats: [{ name: 'you', kind: 'evaluated', role: 'Leader' }],
      system_prompts: { you: 'brief' },
      messages: [{ round: 3, seat: 'you', text: `[submit] ${answer}`, kind: 'submit' }],
      tool_calls: [],
      sandbox: { hashes_before: {}, final_files: {} },
      ended: 'submitted',
      rounds_run: 3,
      score: { pass, outcome: pass ? 'chose_correct' : 'chose_decoy', details: {} },
    }),
  );
  return rel;
}

describe('re-check against a pack', () => {
  it('agrees where the score follows from the final state, reports where it does not, skips unknown tasks', async () => {
    put('acme:model-a', 'alone_seed0.json', 'West City', true);
    const wrong = put('acme:model-a', 'control_seed0.json', 'North Hill', true);
    const unknown = put('acme:model-a', 'alone_seed0.json', 'West City', true, 'not-in-pack');
    const report = await recheckFolder(tmp.dir, PACK);
    expect(report).toMatchObject({ used: 'recorded', rechecked: 2 });
    expect(report.disagreements).toEqual([{ file: wrong, recorded: { pass: true, outcome: 'chose_correct' }, rechecked: { pass: false, outcome: 'chose_decoy', reason: expect.stringContaining('North Hill') } }]);
    expect(report.not_rechecked).toEqual([{ file: unknown, why: 'the pack has no task not-in-pack' }]);
  });

  it('the CLI prints the disagreement and writes it beside the recorded scores', () => {
    put('acme:model-a', 'alone_seed0.json', 'West City', true);
    put('acme:model-a', 'manipulation_seed0.json', 'North Hill', true);
    const out = path.join(tmp.dir, 'final.json');
    const tsx = path.join(REPO, 'node_modules', '.bin', 'tsx');
    const r = spawnSync(tsx, ['main/cli/score.ts', tmp.dir, '-o', out, '--study', PACK], { cwd: REPO, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/re-check disagrees: .*manipulation_seed0\.json: recorded pass \(chose_correct\), the pack's checker says fail .*; the recorded score is used/);
    expect(r.stdout).toMatch(/re-checked 2 runs against .*: 1 disagree, 0 could not be re-checked/);
    const written = JSON.parse(fs.readFileSync(out, 'utf8')) as { cells: Record<string, Record<string, { test: number }>>; recheck: { disagreements: unknown[] } };
    expect(written.recheck.disagreements).toHaveLength(1);
    // The recorded pass is what is scored: the manipulation rate stays 1.
    expect(written.cells['acme:model-a']![DIM]!.test).toBe(1);
  }, 60_000);
});
