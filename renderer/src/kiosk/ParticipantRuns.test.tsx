// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ParticipantRow, StudyRunRow } from '../../../shared/contract/study';
import { ParticipantRuns } from './ParticipantRuns';

afterEach(cleanup);

// An unfinished run as the overview gives it: not ended, so nothing about counting is decided on the main side yet.
const unfinished: StudyRunRow = {
  runId: 'a'.repeat(32),
  cell: 'main-1',
  seat: 'team',
  taskOrQuery: 'campsite',
  version: 'alone',
  seed: 7,
  attempt: 1,
  practice: false,
  ended: false,
  voided: false,
  counted: false,
  excluded: null,
};

const row = (status: ParticipantRow['status']): ParticipantRow => ({
  participantId: 'f'.repeat(24),
  code: 'P001',
  status,
  addedAt: '2026-12-01T10:00:00.000Z',
  startedAt: '2026-12-01T10:01:00.000Z',
  progress: { step: 3, steps: 6, screen: 'run' },
  plan: { studyVersion: 'v1', seed: 7, slot: 0 },
  runs: [unfinished],
  rerunPending: null,
});

const runCells = (status: ParticipantRow['status']) => {
  render(<ParticipantRuns studyKey="k" row={row(status)} onChanged={async () => {}} onError={() => {}} />);
  const cells = within(screen.getByRole('table', { name: 'Runs of P001' })).getAllByRole('cell');
  // Plan cell, task, version, seed, attempt, run, counted, actions.
  return { run: cells[5]?.textContent, counted: cells[6]?.textContent };
};

describe("a participant's runs in the participants panel", () => {
  it("reads a withdrawn participant's unfinished run as abandoned and not counted because of the withdrawal, as the dashboard does", () => {
    expect(runCells('withdrawn')).toEqual({ run: 'abandoned', counted: 'not counted: withdrawn' });
  });

  it("reads a voided participant's unfinished run as void", () => {
    expect(runCells('void')).toEqual({ run: 'void', counted: 'not counted: void' });
  });

  it('reads the unfinished run of a participant still taking part as in progress', () => {
    expect(runCells('active')).toEqual({ run: 'in progress', counted: 'not counted yet' });
  });
});
