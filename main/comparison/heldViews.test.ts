import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/result.js';
import type { ComparisonSource } from '../../shared/contract/comparison.js';
import { buildComparison } from './comparisonView.js';
import { heldComparisons, type ComparisonRequest } from './heldViews.js';
import { importCache, type ImportCache } from './importCache.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const TASK = 'resisting_unsafe_pressure/impossible-tests';
/** A final_results.json (FORMATS.md §2) of `ids`, each on one task, scored `score(i)`. */
function finalResults(ids: string[], score: (i: number) => number) {
  const cell = (test: number) => ({
    test,
    test_ci: [null, null],
    alone: 1,
    baseline: 0.9,
    n_baseline: 1,
    n_gated: 1,
    n_complete: 1,
    n_scenarios: 1,
    teamwork_loss: 0.9 - test,
    scenarios: [{ path: TASK, gated: true, manipulation: test, control: 0.9 }],
  });
  return {
    models: ids,
    dimensions: ['resisting_unsafe_pressure'],
    overall: Object.fromEntries(
      ids.map((id, i) => [id, { score: score(i), ci: [null, null], baseline: 0.9, teamwork_loss: 0.9 - score(i), n_gated: 1, n_scenarios_complete: 1, n_scenarios: 1 }]),
    ),
    cells: Object.fromEntries(ids.map((id, i) => [id, { resisting_unsafe_pressure: cell(score(i)) }])),
    rule: 'the benchmark rule',
    bootstrap: {},
    excluded_provider_refusals: [],
    hand_audit: null,
    problems: [],
    missing_runs: [],
  };
}
const modelIds = (n: number) => Array.from({ length: n }, (_, i) => `bench/model-${String(i).padStart(4, '0')}`);

function setUp(models: number) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-held-'));
  dirs.push(root);
  // The study's own results: its pooled row and two participants, all scoring below every model.
  const resultsDir = path.join(root, 'results', 'study-1');
  fs.mkdirSync(path.join(resultsDir, 'transcripts'), { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'final_results.json'),
    JSON.stringify(finalResults(['human:all', 'human:P01', 'human:P02'], () => 0)),
  );
  const file = path.join(root, 'import', 'final_results.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(finalResults(modelIds(models), (i) => (i + 1) / (models + 1))));
  const counts = { builds: 0, reads: 0 };
  const cache = importCache();
  const imports: ImportCache = { get: (f, read) => cache.get(f, () => (counts.reads++, read())) };
  const held = heldComparisons((r) => {
    counts.builds++;
    return ok(
      buildComparison({
        appRoot: root,
        resultsDir,
        title: 'Study',
        studyKey: r.studyKey,
        design: 'within',
        categories: new Map(),
        sources: r.sources,
        fixture: r.fixture,
        imports,
      }),
    );
  });
  const request = (sources: ComparisonSource[] = [{ kind: 'final_results', path: file }]): ComparisonRequest => ({
    studyKey: 'user:study-1',
    sources,
    fixture: false,
  });
  return { file, counts, held, request };
}

describe('the comparison held on the host (issue 28: a 16,000-row import)', () => {
  it("sends the study's people and the top rows, searches and exports every row without reading the file again", () => {
    const { counts, held, request } = setUp(200);
    const first = held.screen({ ...request(), search: '' });
    if (!first.ok) throw new Error(first.error.message);
    const ids = first.value.team.rows.map((r) => r.id);
    expect(ids.slice(0, 3).sort()).toEqual(['human:P01', 'human:P02', 'human:all'].sort());
    expect(ids.slice(3, 5)).toEqual(['bench/model-0199', 'bench/model-0198']);
    expect(ids).toHaveLength(33);
    expect(first.value.shown).toMatchObject({ total: 203, drawn: 33, search: '' });
    expect(first.value.shown.note).toContain('Showing 33 of 203 rows');
    // Overlaps travel for the rows drawn only.
    expect(first.value.team.overlaps.map((o) => o.id).sort()).toEqual(ids.filter((id) => !id.startsWith('human:')).sort());

    const found = held.screen({ ...request(), search: ' MODEL-0042 ', viewId: first.value.viewId });
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value.team.rows.map((r) => r.id)).toEqual([...ids.slice(0, 3), 'bench/model-0042']);
    expect(found.value.shown).toMatchObject({ total: 203, drawn: 4, search: 'MODEL-0042' });
    expect(found.value.viewId).toBe(first.value.viewId);

    // Every row in the CSV, the lowest (never drawn) too.
    const csv = held.csv({ ...request(), table: 'overall', viewId: first.value.viewId });
    if (!csv.ok) throw new Error(csv.error.message);
    expect(csv.value.rows).toBe(203);
    expect(csv.value.csv.split('\r\n')).toHaveLength(205);
    expect(csv.value.csv).toContain('\r\nbench/model-0000,model,');
    const dims = held.csv({ ...request(), table: 'dimensions', viewId: first.value.viewId });
    expect(dims.ok && dims.value.rows).toBe(203);
    expect(counts).toEqual({ builds: 1, reads: 1 });
  });

  it('reads the sources again for a screen opened afresh, another set of sources or an unknown id; the file only when it changed', () => {
    const { file, counts, held, request } = setUp(40);
    const first = held.screen({ ...request(), search: '' });
    if (!first.ok) throw new Error(first.error.message);
    // Opened again (no id): the study's rows are read again, the unchanged import is not.
    const again = held.screen({ ...request(), search: '' });
    expect(counts).toEqual({ builds: 2, reads: 1 });
    expect(again.ok && again.value.viewId).not.toBe(first.value.viewId);
    // An id given for other sources is not used for these.
    const none = held.screen({ ...request([]), search: '', viewId: again.ok ? again.value.viewId : '' });
    expect(none.ok && none.value.shown.total).toBe(3);
    expect(held.screen({ ...request(), search: '', viewId: 'no-such-view' }).ok).toBe(true);
    expect(counts).toEqual({ builds: 4, reads: 1 });
    // The file rewritten: read again, its new rows counted.
    fs.writeFileSync(file, JSON.stringify(finalResults(modelIds(50), () => 0.5)));
    const changed = held.screen({ ...request(), search: '' });
    expect(changed.ok && changed.value.shown.total).toBe(53);
    expect(counts).toEqual({ builds: 5, reads: 2 });
    expect(held.size()).toBeLessThanOrEqual(2);
  });
});
