import { describe, expect, it } from 'vitest';
import { countedAttempt, currentStep, exclusionOf, foldStudy, participantStatus } from './fold.js';
import type { StoredStudyEvent } from './log.js';
import type { Plan } from './model.js';

const P = 'a'.repeat(24);
const cell = (c: string, practice = false) => ({ kind: 'team' as const, cell: c, taskId: 't', version: 'control' as const, seed: 0, practice });
const plan: Plan = {
  participant: 'P01',
  studyVersion: 'v1',
  seed: 7,
  slot: 0,
  steps: [{ kind: 'consent' }, { kind: 'practice', cell: cell('p1', true) }, { kind: 'run', cell: cell('c1') }, { kind: 'run', cell: cell('c2') }, { kind: 'debrief' }, { kind: 'completion' }],
};

function log(...events: Array<[string, Record<string, unknown>]>): StoredStudyEvent[] {
  return events.map(([kind, payload], i) => ({ seq: i + 1, wallTime: `2026-01-01T00:00:0${i % 10}Z`, kind, payload: { participantId: P, ...payload } }));
}
const started = log(['participant_added', { code: 'P01', source: 'generated' }], ['participant_started', { plan, completionCode: 'X' }]);
const advance = (from: number, to: number, detour = false): [string, Record<string, unknown>] => ['step_advanced', { from, to, detour }];
const run = (step: number, c: string, runId: string, attempt: number, practice = false): [string, Record<string, unknown>] => [
  'run_started',
  { step, cell: c, runId, attempt, seat: 'team', practice },
];
const ended = (runId: string): [string, Record<string, unknown>] => ['run_ended', { runId, how: 'submitted' }];
const fold = (...more: Array<[string, Record<string, unknown>]>) => foldStudy([...started, ...log(...more).map((e) => ({ ...e, seq: e.seq + 2 }))]).participants[0]!;

describe('the study fold', () => {
  it('moves through the plan and is finished at the completion screen', () => {
    expect(participantStatus(foldStudy(started.slice(0, 1)).participants[0]!)).toBe('invited');
    const p = fold(['consent_given', { step: 0 }], advance(0, 1), run(1, 'p1', 'r0', 1, true), ended('r0'), advance(1, 2), run(2, 'c1', 'r1', 1), ended('r1'), advance(2, 3), run(3, 'c2', 'r2', 1), ended('r2'), advance(3, 4), advance(4, 5));
    expect(currentStep(p)?.kind).toBe('completion');
    expect(participantStatus(p)).toBe('finished');
    expect(p.runs.map((r) => exclusionOf(p, r))).toEqual(['practice', null, null]);
  });

  it('a rerun of an earlier cell is a detour: the participant plays it, then returns to where they were', () => {
    const p = fold(advance(0, 2), run(2, 'c1', 'r1', 1), ended('r1'), advance(2, 3), ['rerun_requested', { cell: 'c1', reason: 'crash' }]);
    expect(currentStep(p)).toMatchObject({ kind: 'run', cell: { cell: 'c1' } });
    expect(p.currentRun).toBeNull();
    const back = fold(advance(0, 2), run(2, 'c1', 'r1', 1), ended('r1'), advance(2, 3), ['rerun_requested', { cell: 'c1', reason: 'crash' }], run(2, 'c1', 'r1b', 2), ended('r1b'), advance(2, 3, true));
    expect(currentStep(back)).toMatchObject({ kind: 'run', cell: { cell: 'c2' } });
    // The latest attempt that ended counts until the experimenter chooses.
    expect(countedAttempt(back, 'c1')).toBe(2);
    expect(back.runs.map((r) => exclusionOf(back, r))).toEqual(['superseded', null]);
    const chosen = fold(advance(0, 2), run(2, 'c1', 'r1', 1), ended('r1'), ['rerun_requested', { cell: 'c1', reason: 'x' }], run(2, 'c1', 'r1b', 2), ended('r1b'), ['attempt_chosen', { cell: 'c1', attempt: 1 }]);
    expect(chosen.runs.map((r) => exclusionOf(chosen, r))).toEqual([null, 'superseded']);
  });

  it('void and withdrawal exclude every run; declining records nothing but the refusal', () => {
    const voided = fold(advance(0, 2), run(2, 'c1', 'r1', 1), ended('r1'), ['run_voided', { runId: 'r1', reason: 'test' }]);
    expect(exclusionOf(voided, voided.runs[0]!)).toBe('void');
    expect(countedAttempt(voided, 'c1')).toBeNull();
    const withdrawn = fold(advance(0, 2), run(2, 'c1', 'r1', 1), ended('r1'), ['participant_withdrawn', { reason: 'debrief', by: 'participant' }]);
    expect(participantStatus(withdrawn)).toBe('withdrawn');
    expect(exclusionOf(withdrawn, withdrawn.runs[0]!)).toBe('withdrawn');
    expect(participantStatus(fold(['consent_declined', {}]))).toBe('declined');
  });

  it('reports an event that does not parse and folds the rest', () => {
    const state = foldStudy([...started, { seq: 3, wallTime: 'x', kind: 'run_started', payload: { participantId: P, cell: 5 } }, { seq: 4, wallTime: 'x', kind: 'mystery', payload: {} }]);
    expect(state.problems).toEqual([expect.stringMatching(/^study event 3 \(run_started\) at /), 'study event 4: unknown kind "mystery"']);
    expect(state.participants[0]?.plan).not.toBeNull();
  });
});
