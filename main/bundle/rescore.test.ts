import { describe, expect, it } from 'vitest';
import { rescore } from './merge.js';

const run = (model: string, pass: boolean, extra: string) =>
  Buffer.from(`{"evaluated_model": "${model}", "rounds_run": NaN, "score": {"pass": ${pass}, "outcome": "x", "details": {${extra}}}}`);

describe('npm run merge re-scores as npm run score reads', () => {
  it('scores a run whose unread fields differ, and names a run skipped for a NaN conflict score and both files of a doubled run', () => {
    const base = 'results/transcripts/handling_conflict/c1/acme_m';
    const files = new Map<string, Buffer>([
      [`${base}/alone_seed0.json`, run('acme:m', true, '')],
      [`${base}/control_seed0.json`, run('acme:m', true, '"conflict_score": 1')],
      [`${base}/manipulation_seed0.json`, run('acme:m', false, '"conflict_score": NaN')],
      [`${base}/manipulation_seed1.json`, run('acme:m', true, '"conflict_score": 1')],
      [`${base}/manipulation_seed01.json`, run('acme:m', false, '"conflict_score": 0')],
    ]);
    const r = rescore(files, 'within')!;
    expect(r.skipped).toBe(3);
    expect(r.problems).toEqual([
      `${base}/manipulation_seed0.json: score.details.conflict_score is NaN, expected a number from 0 to 1; skipped.`,
      `${base}/manipulation_seed1.json and ${base}/manipulation_seed01.json: 2 files for one run (acme:m handling_conflict/c1 manipulation, seed 1); none was scored.`,
    ]);
    // NaN outside what scoring reads only warns (four runs were read; the skipped one is not counted).
    expect(r.warnings).toContainEqual(expect.stringMatching(/^rounds_run: .*NaN — in 4 files/));
    // Alone and control were scored; no manipulation value is left, so no test score and no paired loss.
    expect(r.cells['acme:m']!['handling_conflict']).toMatchObject({ n_gated: 1, baseline: 1, test: null, teamwork_loss: null });
  });
});
