import { describe, expect, it } from 'vitest';
import { buildPlan, participantSeed, williamsSquare } from './plan.js';
import { planSchema, type Plan, type PlanCell } from './model.js';
import { slackProtocolSchema, teamProtocolSchema, type PackContent, type StudyProtocol } from './protocol.js';

const screens = {
  consent: { text: 'About the study.', checkbox: 'I agree' },
  debrief: { text: 'The teammate was scripted.' },
};

function team(extra: Record<string, unknown>, count = 60): StudyProtocol {
  return {
    kind: 'team',
    ...teamProtocolSchema.parse({ participants: { generate: { count } }, screens, ...extra }),
  };
}
function slack(extra: Record<string, unknown>, count = 60): StudyProtocol {
  return {
    kind: 'slack',
    ...slackProtocolSchema.parse({ participants: { generate: { count } }, screens, ...extra }),
  };
}
const teamContent = (ids: string[]): PackContent => ({
  kind: 'team',
  tasks: ids.map((id) => ({ id, seeds: { alone: [0, 1, 2], control: [0, 1, 2], manipulation: [1, 2, 3] } })),
});
const ABC = teamContent(['a', 'b', 'c']);

const plan = (protocol: StudyProtocol, content: PackContent, slot: number): Plan =>
  buildPlan({ protocol, content, participant: `P${slot}`, slot, studyVersion: 'v1' });
const runs = (p: Plan): PlanCell[] => p.steps.flatMap((s) => (s.kind === 'run' ? [s.cell] : []));
const teamRuns = (p: Plan) => runs(p).flatMap((c) => (c.kind === 'team' ? [c] : []));
function tally(keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
}

describe('williamsSquare', () => {
  it.each([2, 3, 4, 5, 6, 7])('over %i treatments is Latin and balances every ordered adjacent pair', (n) => {
    const rows = williamsSquare(n);
    expect(rows.length).toBe(n % 2 === 0 ? n : 2 * n);
    for (const row of rows) expect(row.slice().sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    for (let pos = 0; pos < n; pos++) {
      const counts = Object.values(tally(rows.map((r) => String(r[pos]))));
      expect(new Set(counts).size, `position ${pos}`).toBe(1);
    }
    const pairs = tally(rows.flatMap((r) => r.slice(1).map((b, i) => `${r[i]}>${b}`)));
    expect(Object.keys(pairs).length).toBe(n * (n - 1));
    expect(new Set(Object.values(pairs)).size).toBe(1);
  });
});

describe('buildPlan, between design', () => {
  it('gives each scenario each version equally often over a full Latin-square cycle, one version per scenario each', () => {
    const protocol = team({});
    const plans = [0, 1, 2, 3, 4, 5].map((slot) => plan(protocol, ABC, slot));
    for (const p of plans) {
      const cells = teamRuns(p);
      expect(cells.map((c) => c.taskId).sort()).toEqual(['a', 'b', 'c']);
      expect(cells.map((c) => c.version).sort()).toEqual(['alone', 'control', 'manipulation']);
    }
    const pairs = tally(plans.flatMap((p) => teamRuns(p).map((c) => `${c.taskId}:${c.version}`)));
    expect(Object.keys(pairs).length).toBe(9);
    expect(Object.values(pairs).every((n) => n === 2)).toBe(true);
  });

  it('balances a subset of tasks and the versions together (4 tasks, 2 each, 3 versions: a cycle of 6)', () => {
    const content = teamContent(['a', 'b', 'c', 'd']);
    const protocol = team({ tasks_per_participant: 2 });
    const cells = [0, 1, 2, 3, 4, 5].flatMap((slot) => teamRuns(plan(protocol, content, slot)));
    expect(cells.length).toBe(12);
    expect(tally(cells.map((c) => c.taskId))).toEqual({ a: 3, b: 3, c: 3, d: 3 });
    const pairs = tally(cells.map((c) => `${c.taskId}:${c.version}`));
    expect(Object.keys(pairs).length).toBe(12);
    expect(Object.values(pairs).every((n) => n === 1)).toBe(true);
  });

  it('still balances versions when the subset cycle and the version count share a factor (3 tasks, 1 each, 3 versions)', () => {
    // A version row that stepped with every slot would pin each task to one version here.
    const cells = [...Array(9).keys()].flatMap((slot) =>
      teamRuns(plan(team({ tasks_per_participant: 1 }), ABC, slot)),
    );
    const pairs = tally(cells.map((c) => `${c.taskId}:${c.version}`));
    expect(Object.keys(pairs).length).toBe(9);
    expect(Object.values(pairs).every((n) => n === 1)).toBe(true);
  });

  it('plays alone and control with their first seed and rotates the manipulation seeds across participants', () => {
    const cells = [...Array(9).keys()].flatMap((slot) => teamRuns(plan(team({}), ABC, slot)));
    expect(cells.filter((c) => c.version !== 'manipulation').every((c) => c.seed === 0)).toBe(true);
    const manipulation = tally(
      cells.filter((c) => c.version === 'manipulation').map((c) => `${c.taskId}:${c.seed}`),
    );
    expect(manipulation).toEqual({
      'a:1': 1,
      'a:2': 1,
      'a:3': 1,
      'b:1': 1,
      'b:2': 1,
      'b:3': 1,
      'c:1': 1,
      'c:2': 1,
      'c:3': 1,
    });
  });

  it('plays only the versions the protocol names', () => {
    const cells = [0, 1, 2, 3].flatMap((slot) =>
      teamRuns(plan(team({ versions: ['control', 'manipulation'] }), ABC, slot)),
    );
    expect(new Set(cells.map((c) => c.version))).toEqual(new Set(['control', 'manipulation']));
    expect(tally(cells.map((c) => `${c.taskId}:${c.version}`))['a:control']).toBe(2);
  });
});

describe('buildPlan, within design', () => {
  it('plays every version of each task in the benchmark order alone → control → manipulation', () => {
    const protocol = team({ design: 'within', carry_over: 'acceptable', ordering: 'random', seed: 5 });
    for (const slot of [0, 1, 2, 3]) {
      const cells = teamRuns(plan(protocol, ABC, slot));
      expect(cells.length).toBe(9);
      for (let t = 0; t < 3; t++) {
        const block = cells.slice(t * 3, t * 3 + 3);
        expect(new Set(block.map((c) => c.taskId)).size).toBe(1);
        expect(block.map((c) => c.version)).toEqual(['alone', 'control', 'manipulation']);
      }
    }
    const seeds = [0, 1, 2]
      .flatMap((slot) => teamRuns(plan(protocol, ABC, slot)))
      .filter((c) => c.version === 'manipulation');
    expect(tally(seeds.map((c) => `${c.taskId}:${c.seed}`))).toEqual(
      Object.fromEntries(['a', 'b', 'c'].flatMap((t) => [1, 2, 3].map((s) => [`${t}:${s}`, 1]))),
    );
  });
});

describe('buildPlan, ordering', () => {
  it('latin_square: over a Williams cycle every ordered pair of tasks is adjacent equally often', () => {
    const content = teamContent(['a', 'b', 'c', 'd']);
    const protocol = team({ ordering: 'latin_square', versions: ['control'] });
    const orders = [0, 1, 2, 3].map((slot) => teamRuns(plan(protocol, content, slot)).map((c) => c.taskId));
    const pairs = tally(orders.flatMap((o) => o.slice(1).map((b, i) => `${o[i]}>${b}`)));
    expect(Object.keys(pairs).length).toBe(12);
    expect(Object.values(pairs).every((n) => n === 1)).toBe(true);
    for (let pos = 0; pos < 4; pos++) expect(new Set(orders.map((o) => o[pos])).size).toBe(4);
  });

  it('fixed: the order the protocol lists', () => {
    const protocol = team({ ordering: 'fixed', tasks: ['c', 'a', 'b'], versions: ['control'] });
    expect(teamRuns(plan(protocol, ABC, 1)).map((c) => c.taskId)).toEqual(['c', 'a', 'b']);
  });

  it('random: drawn from the recorded seed, so the same seed gives the same order and the plan can be rebuilt', () => {
    const protocol = team({ ordering: 'random', seed: 42 }, 6);
    const content = teamContent(['a', 'b', 'c', 'd', 'e', 'f']);
    const p = plan(protocol, content, 2);
    expect(p.seed).toBe(participantSeed(protocol, 2));
    expect(
      buildPlan({ protocol, content, participant: 'P2', slot: 2, studyVersion: 'v1', seed: p.seed }),
    ).toEqual(p);
    const orders = new Set(
      [...Array(6).keys()].map((s) =>
        teamRuns(plan(protocol, content, s))
          .map((c) => c.taskId)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('buildPlan, determinism and steps', () => {
  const full = team({
    tasks: ['a', 'b'],
    screens: {
      ...screens,
      screener: {
        questions: [
          {
            id: 'age',
            kind: 'choice',
            text: 'Are you 18 or over?',
            choices: ['yes', 'no'],
            eligible: ['yes'],
          },
        ],
      },
      instructions: { text: 'Play as yourself.' },
      practice: { task: 'c', version: 'control' },
      breaks: { every: 1, seconds: 30 },
      time_limit: { seconds: 600, warning_seconds: 120, per_task: { c: 300 } },
      manipulation_check: { questions: [{ id: 'mc', kind: 'likert', text: 'My teammate pressured me.' }] },
      questionnaire: { questions: [{ id: 'free', kind: 'text', text: 'Anything else?' }] },
      completion: { code: 'C0MPLETE' },
    },
  });

  it('is the same for the same arguments and valid against the shared plan schema', () => {
    const a = plan(full, ABC, 3);
    expect(plan(full, ABC, 3)).toEqual(a);
    expect(planSchema.parse(a)).toEqual(a);
    expect(a).toMatchObject({ participant: 'P3', slot: 3, studyVersion: 'v1' });
  });

  it('walks consent → screener → instructions → practice → runs with checks and breaks → questionnaire → debrief → code', () => {
    const p = plan(full, ABC, 0);
    const kinds = p.steps.map((s) => s.kind);
    expect(kinds.slice(0, 4)).toEqual(['consent', 'screener', 'instructions', 'practice']);
    expect(kinds.slice(-3)).toEqual(['questionnaire', 'debrief', 'completion']);
    expect(kinds.filter((k) => k === 'run').length).toBe(2);
    expect(kinds.filter((k) => k === 'break').length).toBe(1); // between the two runs, never after the last
    const practice = p.steps.find((s) => s.kind === 'practice');
    expect(practice?.kind === 'practice' && practice.cell).toMatchObject({
      taskId: 'c',
      version: 'control',
      seed: 0,
      practice: true,
      timeLimitSec: 300,
    });
    const cells = teamRuns(p);
    expect(cells.every((c) => c.timeLimitSec === 600 && c.timeWarningSec === 120 && !c.practice)).toBe(true);
    const checks = p.steps.flatMap((s) => (s.kind === 'manipulation_check' ? [s.cell] : []));
    // After every counted run, whatever its version: the screens never tell a participant their version.
    expect(checks).toEqual(cells.map((c) => c.cell));
    expect(new Set(cells.map((c) => c.cell)).size).toBe(cells.length);
  });

  it('shows every participant the same screens in the same order, whatever versions they were given', () => {
    const kinds = [0, 1, 2, 3, 4, 5].map((slot) => plan(full, ABC, slot).steps.map((s) => s.kind).join(' '));
    const versions = [0, 1, 2, 3, 4, 5].flatMap((slot) => teamRuns(plan(full, ABC, slot)).map((c) => c.version));
    expect(new Set(versions).size).toBe(3);
    expect(new Set(kinds).size).toBe(1);
  });

  it('refuses a slot that is not a whole number and a protocol that does not fit the pack', () => {
    expect(() => plan(full, ABC, -1)).toThrow(/slot/);
    expect(() => plan(team({ tasks: ['a', 'zz'] }), ABC, 0)).toThrow(/no task "zz"/);
  });
});

describe('buildPlan, Slack', () => {
  const queries = ['as1', 'ha1', 'su1', 'ci1', 'as2', 'ha2', 'su2', 'ci2'];
  const content: PackContent = { kind: 'slack', queries: [...queries, 'practice-q'] };

  it('hands out a balanced subset of queries in a Williams order, practice first and never counted', () => {
    const protocol = slack({
      queries,
      queries_per_participant: 4,
      ordering: 'latin_square',
      screens: { ...screens, practice: { query: 'practice-q' } },
    });
    const plans = [...Array(8).keys()].map((slot) => plan(protocol, content, slot));
    const cells = plans.flatMap(runs);
    expect(cells.every((c) => c.kind === 'slack' && !c.practice)).toBe(true);
    expect(Object.values(tally(cells.map((c) => (c.kind === 'slack' ? c.queryId : ''))))).toEqual(
      Array(8).fill(4),
    );
    expect(plans[0]?.steps.find((s) => s.kind === 'practice')).toMatchObject({
      cell: { kind: 'slack', queryId: 'practice-q', practice: true },
    });
    const first = runs(plans[0] as Plan).map((c) => (c.kind === 'slack' ? c.queryId : ''));
    expect(new Set(first)).toEqual(new Set(['as1', 'ha1', 'su1', 'ci1']));
  });
});
