import { describe, expect, it } from 'vitest';
import type { ComparisonView } from '../contract/comparison.js';
import type { TeamRow } from './rows.js';
import { SLACKBENCH_HUMAN_ROW } from './slackRows.js';
import {
  dodge,
  figureText,
  fmtPct,
  importedPeopleId,
  intervalShown,
  MIN_N_FOR_INTERVAL,
  overallN,
  pointText,
  ungatedCell,
} from './figures.js';
import { visibleView } from './visible.js';

const dim = (test: number | null, nGated: number, ci: [number | null, number | null] = [null, null]) => ({
  test,
  ci,
  baseline: null,
  teamworkLoss: null,
  nGated,
  nScenarios: 1,
});

function row(id: string, over: Partial<TeamRow> = {}): TeamRow {
  return {
    id,
    human: id.startsWith('human:'),
    pooled: id === 'human:all',
    synthetic: false,
    source: { kind: 'study', file: '/r/final_results.json' },
    overall: { score: 0, ci: [0, 0], baseline: null, teamworkLoss: null, nScenarios: 1 },
    dimensions: {},
    tasks: {},
    ...over,
  };
}

const view = (rows: TeamRow[], over: Partial<ComparisonView> = {}): ComparisonView => ({
  studyKey: 'user:s',
  title: 'S',
  synthetic: rows.some((r) => r.synthetic),
  team: { dimensions: ['whistleblowing'], rows, humanId: 'human:all', overlaps: [] },
  slack: { rows: [] },
  problems: [],
  missing: [],
  warnings: [],
  ...over,
});

describe('figure numbers', () => {
  it('prints one decimal where the value has one: the SlackBench human row is 84.5%, not 85%', () => {
    expect(fmtPct(SLACKBENCH_HUMAN_ROW.overall)).toBe('84.5%');
    expect(fmtPct(0.75)).toBe('75%');
    expect(fmtPct(2 / 3)).toBe('66.7%');
    expect(fmtPct(null)).toBe('–');
  });

  it('draws no interval from fewer than the minimum n and says so; a single run shows its n, not "0% (0–0%)"', () => {
    const single = row('human:P01', {
      dimensions: { whistleblowing: dim(0, 0, [0, 0]) },
      tasks: { 'whistleblowing/w1': { manipulation: 0, control: 1, gated: false } },
    });
    expect(overallN(single)).toBe(1);
    expect(intervalShown([0, 0], 1)).toEqual({ lo: null, hi: null, why: `n=1 < ${MIN_N_FOR_INTERVAL}: no interval` });
    expect(pointText(0, [0, 0], 1)).toBe('0%, n=1, no interval');
    expect(pointText(0.5, [0.3, 0.7], MIN_N_FOR_INTERVAL)).toBe(`50% (30%–70%), n=${MIN_N_FOR_INTERVAL}`);
    expect(pointText(0.5, [null, null], 40)).toBe('50%, n=40');
    const caption = figureText('overall', view([single])).caption;
    expect(caption).toContain(`No interval is drawn for 1 row with fewer than ${MIN_N_FOR_INTERVAL} scenarios`);
  });

  it('counts n as the scenarios a cell averages: gated ones when any is gated, every one played otherwise', () => {
    const r = row('openai/x', {
      human: false,
      dimensions: { whistleblowing: dim(0.5, 1), handling_conflict: dim(1, 0) },
      tasks: {
        'whistleblowing/a': { manipulation: 1, control: 1, gated: true },
        'whistleblowing/b': { manipulation: 0, control: 1, gated: false },
        'handling_conflict/c': { manipulation: 1, control: null, gated: false },
        'handling_conflict/d': { manipulation: null, control: 1, gated: false },
      },
    });
    expect(overallN(r)).toBe(2);
    expect(ungatedCell(r, 'whistleblowing')).toBe(false);
    expect(ungatedCell(r, 'handling_conflict')).toBe(true);
  });
});

describe('captions are true of the rows drawn', () => {
  const gated = row('human:all', {
    dimensions: { whistleblowing: dim(0.5, 2) },
    tasks: { 'whistleblowing/a': { manipulation: 0.5, control: 1, gated: true } },
  });
  const ungated = row('human:P01', {
    dimensions: { whistleblowing: dim(1, 0) },
    tasks: { 'whistleblowing/a': { manipulation: 1, control: 1, gated: false } },
  });

  it('says "over gated scenarios" only when every cell is gated, and names the ungated cells otherwise', () => {
    expect(figureText('dimensions', view([gated])).caption).toContain('over gated scenarios (those whose');
    const mixed = figureText('dimensions', view([gated, ungated])).caption;
    expect(mixed).toContain('the 1 cell marked * is not gated');
    const only = figureText('dimensions', view([ungated])).caption;
    expect(only).not.toContain('over gated scenarios');
    expect(only).toContain('none of these cells is gated');
  });

  it('lists the source of every row, a legend entry per model on the per-task chart, and the SYNTHETIC note', () => {
    const a = row('synthetic/model-a', {
      human: false,
      synthetic: true,
      source: { kind: 'fixture', file: 'studies/comparison-fixture/final_results.json' },
    });
    const b = row('openai/x', { human: false, source: { kind: 'final_results', file: '/d/lb.json' } });
    const text = figureText('tasks', view([gated, a, b]));
    expect(text.legend.map((l) => l.label)).toEqual([
      'people (pooled), n = participants with a manipulation run',
      'synthetic/model-a (SYNTHETIC)',
      'openai/x',
    ]);
    expect(text.sources).toEqual([
      "this study's runs (/r/final_results.json): human:all",
      'SYNTHETIC fixture (studies/comparison-fixture/final_results.json): synthetic/model-a (SYNTHETIC)',
      'final_results.json (/d/lb.json): openai/x',
    ]);
    expect(text.caption).toContain('Rows marked SYNTHETIC are invented');
    expect(figureText('overall', view([gated, b])).caption).not.toContain('SYNTHETIC');
  });

  it('invents no interval for the published Slack row and says so', () => {
    const text = figureText('slack', view([], { slack: { rows: [SLACKBENCH_HUMAN_ROW] } }));
    expect(text.caption).toContain('none is invented');
    expect(text.sources[0]).toContain('84.5% overall');
  });
});

describe('ties and large imports', () => {
  it('sets equal values of one task side by side, centred, and leaves lone points on the line', () => {
    const pts = [
      { task: 't1', v: 0.5 },
      { task: 't1', v: 0.5 },
      { task: 't1', v: 0.5 },
      { task: 't1', v: 0.9 },
      { task: 't2', v: 0.5 },
    ];
    expect(dodge(pts, (p) => p.task, (p) => p.v)).toEqual([-1, 0, 1, 0, 0]);
  });

  it("draws the study's people and the top rows of a 16,000-row import, finds others by search, and says what it left out", () => {
    const models = Array.from({ length: 16_000 }, (_, i) =>
      row(`m/${String(i).padStart(5, '0')}`, {
        human: false,
        source: { kind: 'final_results', file: '/big.json' },
        overall: { score: i / 16_000, ci: [null, null], baseline: null, teamworkLoss: null, nScenarios: 1 },
      }),
    );
    const people = [row('human:all'), row('human:P01'), row('human:P02')];
    const v = visibleView(view([...models, ...people]), '');
    expect(v.drawn).toBe(33);
    // The study's people come first and are never cut by the cap, however many models score above them.
    expect(v.view.team.rows.slice(0, 4).map((r) => r.id)).toEqual(['human:all', 'human:P01', 'human:P02', 'm/15999']);
    expect(v.view.team.rows.at(-1)!.id).toBe('m/15970');
    expect(v.shown.note).toBe(
      'Showing 33 of 16,003 rows: the study’s people, then the top rows by overall score.',
    );
    const found = visibleView(view([...models, ...people]), ' M/00042 ');
    expect(found.view.team.rows.map((r) => r.id)).toEqual(['human:all', 'human:P01', 'human:P02', 'm/00042']);
    expect(figureText('overall', found.view, found.shown).caption).toContain('matching “M/00042”');
    // A search by source finds every row of that source, still only the top ones drawn.
    expect(visibleView(view([...models, ...people]), 'big.json').drawn).toBe(33);
    const none = visibleView(view([...models, ...people]), 'no such row');
    expect(none.view.team.rows).toHaveLength(3);
    expect(none.shown.note).toBe('No row matches “no such row”: showing the study’s people only (3 of 16,003 rows).');
  });

  it('names people from an earlier study as people from that file', () => {
    expect(importedPeopleId('human:all', 'pilot/final_results.json')).toBe('people (pilot/final_results.json)');
    expect(importedPeopleId('human:P03', 'pilot/final_results.json')).toBe('human:P03 (pilot/final_results.json)');
  });
});
