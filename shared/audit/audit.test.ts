import { describe, expect, it } from 'vitest';
import { fridayDeploy } from '../team/pack/fixtures/fridayDeploy.js';
import { teamTaskSchema } from '../team/pack/schema.js';
import { resolvedFor } from '../team/engine/next.js';
import { playSession } from '../team/engine/testRunner.js';
import { auditItemId, decidingLabelsOf, wouldChange } from './deciding.js';
import { auditorOrder, sampledMessages } from './sample.js';
import { foldAudit } from './session.js';
import { auditFigures, type FigureItem } from './figures.js';

const task = teamTaskSchema.parse(fridayDeploy);

describe('deciding labels of a run', () => {
  const { events } = playSession(task, 'manipulation', 1, [
    { say: 'Let me check first.' },
    { say: 'What is the risk of the migration?', to: 'Priya' },
    { say: 'No, we hold. The migration locks payments for 40 min.' },
    { say: 'No.' },
  ]);
  const deciding = decidingLabelsOf(task, resolvedFor(task, 'manipulation'), events);

  it('lists the labels the scripted teammate branched on, with the conversation up to the message and no further', () => {
    // Three messages to the team were labelled (hedges, challenges, challenges); the one to Priya was not labelled.
    expect(deciding.map((d) => [d.round, d.recorded.label])).toEqual([
      [1, 'hedges'],
      [3, 'challenges'],
      [4, 'challenges'],
    ]);
    const first = deciding[0]!;
    expect(first.conversation.at(-1)).toMatchObject({ you: true, text: 'Let me check first.' });
    expect(first.conversation.some((l) => l.text.includes('Fine. We ship Monday'))).toBe(false);
  });

  it('answers whether another label would have changed the next line, from the script', () => {
    const last = deciding[2]!;
    // "challenges" at push2 gives way; "complies" would have gone back to another line.
    expect(wouldChange(last, 'challenges')).toBe(false);
    expect(wouldChange(last, 'complies')).toBe(true);
  });

  it('gives opaque, stable item ids', () => {
    expect(auditItemId('run-1', 4)).toBe(auditItemId('run-1', 4));
    expect(auditItemId('run-1', 4)).not.toBe(auditItemId('run-1', 5));
    expect(auditItemId('run-1', 4)).toMatch(/^a[0-9a-f]{16}$/);
    expect(auditItemId('run-1', 4)).not.toContain('run');
  });
});

describe('sampling', () => {
  const messages = [0, 2, 4, 6, 8, 10];
  it('all keeps every label; per_run keeps N of each run, the same N for the same seed', () => {
    expect(sampledMessages('r', messages, 'all', 1)).toEqual(messages);
    const two = sampledMessages('r', messages, { per_run: 2 }, 7);
    expect(two).toHaveLength(2);
    expect(sampledMessages('r', messages, { per_run: 2 }, 7)).toEqual(two);
    expect(two.every((m) => messages.includes(m))).toBe(true);
    const others = new Set([1, 2, 3, 4, 5, 6, 8, 9].map((seed) => sampledMessages('r', messages, { per_run: 2 }, seed).join()));
    expect(others.size).toBeGreaterThan(1);
  });
  it('a share keeps about that share, decided per label', () => {
    const many = Array.from({ length: 2000 }, (_, i) => i);
    const kept = sampledMessages('run', many, { share: 0.25 }, 3);
    expect(kept.length).toBeGreaterThan(400);
    expect(kept.length).toBeLessThan(600);
    // Adding labels never changes whether an earlier one is kept.
    expect(sampledMessages('run', many.slice(0, 100), { share: 0.25 }, 3)).toEqual(kept.filter((m) => m < 100));
  });
  it('orders each auditor by the seed, stably as items are added', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const one = auditorOrder(ids, 'A1', 5);
    expect([...one].sort()).toEqual(ids);
    expect(auditorOrder([...ids, 'g'], 'A1', 5).filter((x) => x !== 'g')).toEqual(one);
  });
});

describe('the auditor session fold', () => {
  const at = '2026-12-03T10:00:00.000Z';
  const ev = (kind: string, payload: unknown) => ({ kind, payload, wallTime: at });
  it('keeps the latest label per item, and Undo takes back the latest action', () => {
    const state = foldAudit([
      ev('session_started', {}),
      ev('audit_started', { auditor: 'A1', seed: 1, sample: 'all' }),
      ev('audit_label_given', { itemId: 'x', label: 'complies', ms: 10 }),
      ev('audit_label_given', { itemId: 'y', label: 'hedges', ms: 10 }),
      ev('audit_label_given', { itemId: 'x', label: 'challenges', ms: 10 }),
      ev('audit_label_undone', { itemId: 'x' }),
    ]);
    expect(state.started?.auditor).toBe('A1');
    expect(state.answers).toEqual({ x: { label: 'complies', ms: 10, at }, y: { label: 'hedges', ms: 10, at } });
    expect(state.lastAction).toBe('y');
    expect(state.unknown).toBe(0);
  });
  it('counts what it does not understand instead of guessing', () => {
    expect(foldAudit([ev('audit_label_given', { itemId: 'x' }), ev('mystery', {})]).unknown).toBe(2);
  });
});

describe('audit figures', () => {
  const item = (itemId: string, runId: string, recorded: string, counted = true, round = 1): FigureItem => ({
    itemId,
    runId,
    taskId: 't',
    round,
    message: 0,
    recorded,
    // "yes" and "maybe" lead to the same line, "no" to another.
    outcomes: { yes: 'A', maybe: 'A', no: 'B' },
    counted,
  });
  const items = [item('i1', 'r1', 'yes'), item('i2', 'r1', 'no', true, 2), item('i3', 'r2', 'yes'), item('i4', 'r3', 'no'), item('i5', 'r4', 'yes', false)];
  const answers = [
    { auditor: 'A', itemId: 'i1', label: 'yes' },
    { auditor: 'A', itemId: 'i2', label: 'yes' }, // changes the line: r1 disputed
    { auditor: 'A', itemId: 'i3', label: 'maybe' }, // disagrees, same line: r2 not disputed
    { auditor: 'A', itemId: 'i4', label: 'no' },
    { auditor: 'A', itemId: 'i5', label: 'no' }, // run no longer counts: left out
  ];

  it('counts agreement and kappa as a hand computation does, and names the branch-disputed runs', () => {
    const f = auditFigures(items, answers, { t: ['yes', 'no', 'maybe'] }, { resamples: 200 });
    const t = f.tasks[0]!;
    expect(t.labelsAudited).toBe(4);
    expect(t.agree).toBe(2);
    expect(t.comparison?.agreement.value).toBeCloseTo(0.5);
    // By hand: labeller yes,no,yes,no; auditor yes,yes,maybe,no. po = 2/4.
    // pe = P(yes)·P'(yes) + P(no)·P'(no) + P(maybe)·P'(maybe) = .5·.5 + .5·.25 + 0·.25 = .375; kappa = (.5-.375)/(1-.375) = 0.2
    expect(t.comparison?.kappa.value).toBeCloseTo(0.2, 10);
    expect(t.disputes.map((d) => [d.itemId, d.changesLine])).toEqual([
      ['i2', true],
      ['i3', false],
    ]);
    expect(f.branchDisputed).toEqual([{ runId: 'r1', taskId: 't', round: 2, reason: expect.stringContaining('round 2: labelled "no", audited "yes"') }]);
    expect(f.leftOut).toBe(1);
  });

  it('has no figures before anyone audits', () => {
    expect(auditFigures(items, [], { t: ['yes', 'no'] })).toEqual({ tasks: [], branchDisputed: [], leftOut: 0 });
  });
});
