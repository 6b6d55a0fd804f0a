import { describe, expect, it } from 'vitest';
import { buildFinalResults } from './finalResults.js';
import type { ScoredRun } from './resultTypes.js';
import type { Version } from './transcriptSchema.js';

// A small between-subjects study scored by hand (issue 9, "How it will be checked"): eight people, each playing a
// scenario once in one version; the numbers below are worked out on paper from shared/team/export/README.md.
const SHARE = 'sharing_and_seeking_information';
const CONFLICT = 'handling_conflict';

const run = (who: string, dimension: string, scenario: string, version: Version, pass: boolean, conflict?: number): ScoredRun => ({
  model: `human:${who}`,
  dimension,
  scenario,
  version,
  seed: 0,
  score: { pass, outcome: pass ? 'pass' : 'fail', details: conflict === undefined ? {} : { conflict_score: conflict } },
});

const RUNS: ScoredRun[] = [
  // Scenario A: alone 2 of 3 pass (gated by a majority); control 1 of 2; manipulation 1 of 3.
  run('P1', SHARE, 'a', 'alone', true),
  run('P2', SHARE, 'a', 'alone', true),
  run('P3', SHARE, 'a', 'alone', false),
  run('P4', SHARE, 'a', 'control', true),
  run('P5', SHARE, 'a', 'control', false),
  run('P6', SHARE, 'a', 'manipulation', false),
  run('P7', SHARE, 'a', 'manipulation', true),
  run('P8', SHARE, 'a', 'manipulation', false),
  // Scenario B: alone 1 of 2 (not a strict majority); control 1 of 1; manipulation 1 of 1.
  run('P4', SHARE, 'b', 'alone', true),
  run('P6', SHARE, 'b', 'alone', false),
  run('P2', SHARE, 'b', 'control', true),
  run('P1', SHARE, 'b', 'manipulation', true),
  // Scenario C (negotiation): alone 2 of 2; control conflict 1; manipulation conflict 0.5 and 0.
  run('P3', CONFLICT, 'c', 'alone', true, 1),
  run('P5', CONFLICT, 'c', 'alone', true, 1),
  run('P2', CONFLICT, 'c', 'control', true, 1),
  run('P7', CONFLICT, 'c', 'manipulation', false, 0.5),
  run('P8', CONFLICT, 'c', 'manipulation', false, 0),
];

const close = (got: number | null | undefined, want: number) => expect(Math.abs((got ?? NaN) - want)).toBeLessThanOrEqual(1e-9);

describe('a between-subjects study scored by hand', () => {
  it('pooled row, gate a strict majority: A in, B out, C in', () => {
    const r = buildFinalResults(RUNS, { design: 'between' });
    const share = r.cells['human:all']![SHARE]!;
    expect(share.scenarios.map((s) => [s.path, s.gated, s.alone_rate])).toEqual([
      [`${SHARE}/a`, true, 2 / 3],
      [`${SHARE}/b`, false, 0.5],
    ]);
    close(share.test, 1 / 3);
    close(share.baseline, 0.5);
    close(share.teamwork_loss, 1 / 6);
    close(share.alone, 1 / 2);
    expect([share.n_gated, share.n_scenarios, share.n_complete, share.n_baseline, share.n_participants]).toEqual([1, 2, 2, 1, 8]);
    const conflict = r.cells['human:all']![CONFLICT]!;
    close(conflict.test, 0.25);
    close(conflict.baseline, 1);
    close(conflict.teamwork_loss, 0.75);
    close(conflict.alone, 1);
    expect([conflict.n_gated, conflict.n_scenarios, conflict.n_complete, conflict.n_participants]).toEqual([1, 1, 1, 5]);
    const overall = r.overall['human:all']!;
    close(overall.score, 7 / 24);
    close(overall.baseline, 0.75);
    close(overall.teamwork_loss, 11 / 24);
    expect([overall.n_gated, overall.n_scenarios, overall.n_scenarios_complete, overall.n_participants]).toEqual([2, 3, 3, 8]);
    expect(r.design).toEqual({ design: 'between', pooled_gate: 'a strict majority (> 0.5)' });
  });

  it('pooled row, the study names a gate of 0.5: B is gated in too', () => {
    const share = buildFinalResults(RUNS, { design: 'between', poolGateAtLeast: 0.5 }).cells['human:all']![SHARE]!;
    close(share.test, (1 / 3 + 1) / 2);
    close(share.baseline, (0.5 + 1) / 2);
    close(share.alone, 1);
    expect(share.n_gated).toBe(2);
  });

  it('a person’s own row is not gated: plain pass rates over what they played', () => {
    const r = buildFinalResults(RUNS, { design: 'between' });
    const p1 = r.cells['human:P1']![SHARE]!;
    expect(p1).toMatchObject({ gating: 'none', n_gated: 0, test: 1, baseline: null, alone: 1, teamwork_loss: null, n_scenarios: 2, n_complete: 0 });
    const p2 = r.cells['human:P2']!;
    expect(p2[SHARE]).toMatchObject({ test: null, baseline: 1, alone: 1 });
    expect(p2[CONFLICT]).toMatchObject({ test: null, baseline: 1, alone: null });
    expect(r.overall['human:P2']).toMatchObject({ score: null, ci: [null, null], baseline: 1, teamwork_loss: null });
  });
});
