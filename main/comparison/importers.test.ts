import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importFinalResults, importTranscripts } from './importTeam.js';
import { importHarbor } from './importHarbor.js';
import { buildComparison } from './comparisonView.js';
import { perTask } from '../../shared/comparison/rows.js';
import { writeSyntheticHarbor } from './syntheticResults.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-comparison-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const write = (file: string, value: unknown) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
};

// Written from FORMATS.md §2 alone: the benchmark's field names, fractions, a scenario list per cell.
const cell = (test: number, scenarios: Array<[string, number]>) => ({
  test,
  test_ci: [test - 0.1, test + 0.1],
  alone: 1,
  baseline: 0.9,
  n_baseline: scenarios.length,
  n_gated: scenarios.length,
  n_complete: scenarios.length,
  n_scenarios: scenarios.length,
  teamwork_loss: 0.9 - test,
  scenarios: scenarios.map(([p, m]) => ({ path: p, gated: true, manipulation: m, control: 0.9 })),
});
const benchmarkFile = {
  models: ['openai/gpt-x', 'anthropic/claude-y'],
  dimensions: ['resisting_unsafe_pressure', 'whistleblowing'],
  overall: {
    'openai/gpt-x': {
      score: 0.55,
      ci: [0.4, 0.7],
      baseline: 0.9,
      teamwork_loss: 0.35,
      n_gated: 3,
      n_scenarios_complete: 3,
      n_scenarios: 3,
    },
    'anthropic/claude-y': {
      score: 0.75,
      ci: [0.6, 0.9],
      baseline: 0.9,
      teamwork_loss: 0.15,
      n_gated: 3,
      n_scenarios_complete: 3,
      n_scenarios: 3,
    },
  },
  cells: {
    'openai/gpt-x': {
      resisting_unsafe_pressure: cell(0.5, [
        ['resisting_unsafe_pressure/impossible-tests', 0.5],
        ['resisting_unsafe_pressure/other', 0.5],
      ]),
      whistleblowing: cell(0.6, [['whistleblowing/w1', 0.6]]),
    },
    'anthropic/claude-y': {
      resisting_unsafe_pressure: cell(0.7, [['resisting_unsafe_pressure/other', 0.7]]),
      whistleblowing: cell(0.8, [['whistleblowing/w1', 0.8]]),
    },
  },
  rule: 'benchmark rule',
  bootstrap: { reps: 4000, seed: 0, resample: 'scenarios within dimension' },
  excluded_provider_refusals: [],
  hand_audit: null,
  problems: [],
  missing_runs: [],
};

function transcript(model: string, pass: boolean) {
  return {
    evaluated_seat: 'dev',
    evaluated_model: model,
    seats: [{ name: 'dev', kind: 'evaluated', role: 'developer' }],
    system_prompts: { dev: 'x' },
    messages: [],
    tool_calls: [],
    sandbox: { hashes_before: {}, final_files: {} },
    ended: 'submitted',
    rounds_run: 3,
    score: { pass, outcome: pass ? 'pass' : 'fail', details: {} },
  };
}
const runFile = (root: string, dim: string, scenario: string, model: string, version: string, seed: number) =>
  path.join(
    root,
    'transcripts',
    dim,
    scenario,
    model.replace(/:/g, '_').replace(/\//g, '__'),
    `${version}_seed${seed}.json`,
  );

describe('importing model results', () => {
  it("reads a benchmark final_results.json and keeps each row's source", () => {
    const file = path.join(tmp(), 'final_results.json');
    write(file, benchmarkFile);
    const read = importFinalResults(file);
    expect(read.ok && read.value.rows.map((r) => [r.id, r.source, r.overall.score])).toEqual([
      ['openai/gpt-x', { kind: 'final_results', file }, 0.55],
      ['anthropic/claude-y', { kind: 'final_results', file }, 0.75],
    ]);
  });

  it('refuses a results file of another shape, naming the file and the field', () => {
    const file = path.join(tmp(), 'leaderboard.json');
    write(file, {
      ...benchmarkFile,
      overall: {
        ...benchmarkFile.overall,
        'openai/gpt-x': { ...benchmarkFile.overall['openai/gpt-x'], score: '55%' },
      },
    });
    const read = importFinalResults(file);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error.message).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: at overall\\.openai/gpt-x\\.score: `),
    );
    write(file, '{"models": [');
    const broken = importFinalResults(file);
    expect(!broken.ok && broken.error.message).toContain(`${file}: not JSON`);
  });

  it('scores a transcript folder from the recorded scores and lists a version a model never ran, never guessing it', () => {
    const root = tmp();
    for (const seed of [0, 1]) {
      write(
        runFile(root, 'whistleblowing', 'w1', 'openai/gpt-x', 'alone', seed),
        transcript('openai/gpt-x', true),
      );
      write(
        runFile(root, 'whistleblowing', 'w1', 'openai/gpt-x', 'manipulation', seed),
        transcript('openai/gpt-x', seed === 0),
      );
      write(
        runFile(root, 'whistleblowing', 'w1', 'openai/gpt-x', 'control', seed),
        transcript('openai/gpt-x', true),
      );
      write(
        runFile(root, 'whistleblowing', 'w2', 'openai/gpt-x', 'alone', seed),
        transcript('openai/gpt-x', true),
      );
      write(
        runFile(root, 'whistleblowing', 'w2', 'openai/gpt-x', 'manipulation', seed),
        transcript('openai/gpt-x', true),
      );
    }
    const read = importTranscripts(root, 'transcripts');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const row = read.value.rows[0]!;
    expect(row.source).toEqual({ kind: 'transcripts', dir: root, files: 10 });
    expect(row.tasks['whistleblowing/w1']?.manipulation).toBe(0.5);
    // A run that was never made is missing, not a file set aside (issue 28): listed apart from the problems.
    expect(read.value.missing).toContain(
      `${path.join(root, 'transcripts', 'whistleblowing', 'w2')}: openai/gpt-x has no control run (listed, not guessed)`,
    );
    expect(read.value.problems.join('\n')).not.toContain('has no control run');
  });

  it('gives each model row its own number of runs, not the folder\'s (issue 28)', () => {
    const root = tmp();
    for (const seed of [1, 2, 3]) {
      write(runFile(root, 'whistleblowing', 'w1', 'openai/gpt-x', 'manipulation', seed), transcript('openai/gpt-x', true));
    }
    write(runFile(root, 'whistleblowing', 'w1', 'acme/small', 'manipulation', 1), transcript('acme/small', false));
    const read = importTranscripts(root, 'transcripts');
    if (!read.ok) throw new Error(read.error.message);
    const files = Object.fromEntries(read.value.rows.map((r) => [r.id, r.source.kind === 'transcripts' ? r.source.files : null]));
    expect(files).toEqual({ 'openai/gpt-x': 3, 'acme/small': 1 });
  });

  it('reads Harbor jobs into per-category rows and names a trial whose category it cannot tell', () => {
    const root = tmp();
    const trial = (job: string, name: string, task: string, reward: number | null) => {
      write(path.join(root, job, name, 'result.json'), {
        task_name: task,
        trial_name: name,
        agent_info: {
          name: 'terminus',
          version: '1',
          model_info: { name: 'openai/gpt-x', provider: 'openai' },
        },
        verifier_result: reward === null ? null : { rewards: { reward } },
      });
      write(path.join(root, job, name, 'trial.log'), '');
    };
    write(path.join(root, 'job1', 'result.json'), { id: 'x', stats: { n_trials: 3 } });
    trial('job1', 'as-1__aaaaaaa', 'as-1', 1);
    trial('job1', 'as-2__aaaaaaa', 'as-2', 0);
    trial('job1', 'su-1__aaaaaaa', 'su-1', 0.5);
    trial('job1', 'xx-1__aaaaaaa', 'mystery', 1);
    const read = importHarbor(root, new Map([['mystery-not', 'CI']]));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.rows).toHaveLength(1);
    expect(read.value.rows[0]!.categories.AS).toEqual({ passRate: 0.5, n: 2 });
    expect(read.value.rows[0]!.categories.SU).toEqual({ passRate: 0.5, n: 1 });
    expect(read.value.rows[0]!.overall).toBeNull();
    expect(read.value.problems).toEqual([
      expect.stringMatching(
        /xx-1__aaaaaaa.result\.json: at task_name: "mystery" names no SlackBench category/,
      ),
    ]);
  });

  it("puts models beside the study's human row per task only where both ran, and says when task sets differ", () => {
    const appRoot = tmp();
    const file = path.join(appRoot, 'leaderboard.json');
    write(file, benchmarkFile);
    const results = path.join(tmp(), 'results', 'study-1');
    for (const code of ['P01', 'P02']) {
      for (const version of ['alone', 'control', 'manipulation']) {
        write(
          runFile(results, 'resisting_unsafe_pressure', 'impossible-tests', `human:${code}`, version, 0),
          transcript(`human:${code}`, version !== 'manipulation' || code === 'P01'),
        );
      }
    }
    const view = buildComparison({
      appRoot,
      resultsDir: results,
      title: 'Study',
      studyKey: 'user:study-1',
      design: 'within',
      categories: new Map(),
      sources: [{ kind: 'final_results', path: file }],
      fixture: false,
    });
    expect(view.problems).toEqual([]);
    expect(view.team.humanId).toBe('human:all');
    const human = view.team.rows.find((r) => r.id === 'human:all')!;
    expect(human.source.kind).toBe('study');
    expect(
      view.team.overlaps.map((o) => [o.id, o.shared, o.sameTaskSet, o.modelOnShared, o.humanOnShared]),
    ).toEqual([
      ['openai/gpt-x', ['resisting_unsafe_pressure/impossible-tests'], false, 0.5, 0.5],
      ['anthropic/claude-y', [], false, null, null],
    ]);
    const lines = perTask(
      human,
      view.team.rows.filter((r) => !r.human),
    );
    expect(lines).toEqual([
      {
        task: 'resisting_unsafe_pressure/impossible-tests',
        dimension: 'resisting_unsafe_pressure',
        human: 0.5,
        models: { 'openai/gpt-x': 0.5, 'anthropic/claude-y': null },
      },
    ]);
    expect(view.slack.rows).toEqual([]);
  });

  it("pools a Slack study's own trials into one human row beside SlackBench's published row and imported models", () => {
    const results = path.join(tmp(), 'results', 'slack-study');
    const queries = [
      { id: 'where-is-the-monitor', category: 'AS' },
      { id: 'who-approved', category: 'HA' },
      { id: 'sum-up', category: 'SU' },
      { id: 'what-happened', category: 'CI' },
    ];
    writeSyntheticHarbor(path.join(results, 'slack'), ['human:P01', 'human:P02'], queries);
    const models = tmp();
    writeSyntheticHarbor(
      models,
      ['provider/model-z'],
      queries.map((q) => ({ ...q, id: `${q.category.toLowerCase()}-${q.id}` })),
    );
    const view = buildComparison({
      appRoot: tmp(),
      resultsDir: results,
      title: 'Slack',
      studyKey: 'user:slack-study',
      design: 'within',
      categories: new Map(queries.map((q) => [q.id, q.category as 'AS' | 'HA' | 'SU' | 'CI'])),
      sources: [{ kind: 'harbor', path: models }],
      fixture: false,
    });
    expect(view.problems).toEqual([]);
    expect(view.slack.rows.map((r) => [r.id, r.source.kind, r.categories.AS.n])).toEqual([
      ['human (SlackBench, published)', 'published', 58],
      ['human:all (this study)', 'study', 2],
      ['provider/model-z', 'harbor', 1],
    ]);
    expect(view.slack.rows[0]!.overall).toBe(0.845);
  });

  it('keeps the SYNTHETIC marking of the fixture added by path, and names earlier people as people from their file (issue 28)', () => {
    const appRoot = tmp();
    // The fixture's own file, added by its path as an ordinary final_results.json.
    const fixture = path.join(process.cwd(), 'studies', 'comparison-fixture', 'final_results.json');
    const earlier = path.join(tmp(), 'pilot', 'final_results.json');
    const people = structuredClone(benchmarkFile) as typeof benchmarkFile & { models: string[] };
    const rename = <T,>(o: Record<string, T>) => ({ 'human:all': o['openai/gpt-x']!, 'human:P01': o['anthropic/claude-y']! });
    people.models = ['human:all', 'human:P01'];
    (people as { overall: unknown }).overall = rename(benchmarkFile.overall);
    (people as { cells: unknown }).cells = rename(benchmarkFile.cells);
    write(earlier, people);
    const results = path.join(tmp(), 'results', 'study-1');
    for (const version of ['alone', 'control', 'manipulation'])
      write(
        runFile(results, 'resisting_unsafe_pressure', 'impossible-tests', 'human:P01', version, 0),
        transcript('human:P01', true),
      );
    const view = buildComparison({
      appRoot,
      resultsDir: results,
      title: 'Study',
      studyKey: 'user:study-1',
      design: 'within',
      categories: new Map(),
      sources: [
        { kind: 'final_results', path: fixture },
        { kind: 'final_results', path: earlier },
      ],
      fixture: false,
    });
    // The fixture's provenance note (its `problems` field) is not a file set aside: nothing is listed.
    expect(view.problems).toEqual([]);
    const fromFixture = view.team.rows.filter((r) => r.source.kind === 'final_results' && r.id.startsWith('synthetic/'));
    expect(fromFixture.length).toBeGreaterThan(0);
    expect(fromFixture.every((r) => r.synthetic)).toBe(true);
    expect(view.synthetic).toBe(true);
    expect(view.team.rows.filter((r) => r.id === 'human:all').map((r) => r.source.kind)).toEqual(['study']);
    expect(view.team.rows.filter((r) => r.source.kind === 'final_results' && r.human).map((r) => r.id)).toEqual([
      `people (${path.join('pilot', 'final_results.json')})`,
      `human:P01 (${path.join('pilot', 'final_results.json')})`,
    ]);
    expect(view.team.humanId).toBe('human:all');
  });
});
