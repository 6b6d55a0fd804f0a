// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { DimensionScore, TeamResults } from '../../../shared/contract/results';
import { ScoreTable } from './ScoreTable';

afterEach(cleanup);

const cell = (over: Partial<DimensionScore>): DimensionScore => ({
  test: 0.5,
  test_ci: [0.25, 0.75],
  alone: 1,
  baseline: 0.75,
  teamwork_loss: 0.25,
  n_gated: 2,
  n_scenarios: 2,
  n_complete: 2,
  n_baseline: 2,
  gating: null,
  n_participants: null,
  ...over,
});
const empty = cell({ test: null, test_ci: [null, null], alone: null, baseline: null, teamwork_loss: null, n_gated: 0, n_scenarios: 0, n_complete: 0, n_baseline: 0 });
const overall = { score: 0.5, ci: [0.25, 0.75] as [number, number], baseline: 0.75, teamwork_loss: 0.25, n_gated: 2, n_scenarios: 2, n_scenarios_complete: 2 };

function results(design: 'within' | 'between'): TeamResults {
  return {
    kind: 'team',
    studyKey: 'user:s',
    title: 'S',
    design,
    pooledGate: '',
    dimensions: ['whistleblowing', 'handling_conflict'],
    runs: [],
    rows: [
      { model: 'human:P01', dimensions: { whistleblowing: cell({}), handling_conflict: empty }, overall },
      { model: 'human:all', dimensions: { whistleblowing: cell({ gating: 'mean_of_participants' }), handling_conflict: empty }, overall },
    ],
    problems: [],
    missingRuns: 0,
    recheck: null,
  };
}

describe('the Results score table', () => {
  it("states the benchmark's paired teamwork loss and footnotes the pooled row by design", () => {
    render(<ScoreTable results={results('within')} />);
    const caption = screen.getByText(/Teamwork loss, as the benchmark defines it/);
    expect(caption.textContent).toMatch(/gated scenarios with both a control and a\s+manipulation value, of control − manipulation/);
    expect(caption.textContent).toMatch(/Everyone \(human:all\): the mean of the participants’ own values, loss included/);
    cleanup();
    render(<ScoreTable results={results('between')} />);
    expect(screen.getByText(/Teamwork loss, as the benchmark defines it/).textContent).toMatch(/a participant’s own loss is blank \(nothing is paired within one person\)/);
  });

  it('draws no line for a dimension a row never played (its cell is all nulls)', () => {
    render(<ScoreTable results={results('within')} />);
    // Per row: its one played dimension and the overall line; handling_conflict (all nulls) is not drawn.
    expect(document.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(document.body.textContent).not.toMatch(/conflict/i);
  });
});
