// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import type { ErasureAudit, ParticipantRow, StudyRunRow } from '../../../shared/contract/study';
import type { Result } from '../../../shared/result';
import { ParticipantsPanel } from './ParticipantsPanel';

afterEach(cleanup);

const run = (over: Partial<StudyRunRow>): StudyRunRow => ({
  runId: 'a'.repeat(32),
  cell: 'main-1',
  seat: 'team',
  taskOrQuery: 'campsite',
  version: 'alone',
  seed: 7,
  attempt: 1,
  practice: false,
  ended: true,
  voided: false,
  counted: true,
  excluded: null,
  ...over,
});

const participant = (over: Partial<ParticipantRow>): ParticipantRow => ({
  participantId: 'f'.repeat(24),
  code: 'P001',
  status: 'active',
  addedAt: '2026-12-01T10:00:00.000Z',
  startedAt: '2026-12-01T10:01:00.000Z',
  progress: { step: 3, steps: 6, screen: 'run' },
  plan: { studyVersion: 'v1', seed: 7, slot: 0 },
  runs: [],
  rerunPending: null,
  ...over,
});

/** The study service at the contract: each experimenter call is recorded and answered by `on`, which may change the rows. */
function fakeStudy(
  rows: ParticipantRow[],
  on: Record<string, (args: Record<string, unknown>) => Result<unknown>> = {},
) {
  const calls: [string, Record<string, unknown>][] = [];
  const state = { rows };
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args): Promise<Result<unknown>> => {
        calls.push([method, args as Record<string, unknown>]);
        if (method === 'studyParticipants')
          return {
            ok: true,
            value: {
              studyKey: 'k',
              studyId: 's',
              studyVersion: 'v1',
              resultsDir: '/r',
              participants: state.rows,
              warnings: [],
              station: { id: 'K7QX', firstSlot: 0 },
              online: false,
            },
          };
        const h = on[method];
        return h
          ? h(args as Record<string, unknown>)
          : { ok: false, error: { code: 'not_found', message: `no ${method}` } };
      },
      subscribe: () => () => {},
    }),
  );
  return { calls, state };
}

const openManage = async (code: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Runs and actions for ${code}` }));
  return screen.getByRole('group', { name: `Actions for ${code}` });
};

describe('the participants panel: per-participant actions', () => {
  it('voids a participant with a typed reason, refreshes the overview, and shows a refusal in the error banner', async () => {
    const p = participant({ runs: [run({})] });
    const { calls, state } = fakeStudy([p], {
      studyVoid: () => {
        state.rows = [{ ...p, status: 'void' }];
        return { ok: true, value: state.rows[0] };
      },
      studyWithdraw: () => ({
        ok: false,
        error: { code: 'conflict', message: 'P001 has already withdrawn.' },
      }),
    });
    render(<ParticipantsPanel studyKey="k" />);
    const actions = await openManage('P001');
    fireEvent.click(within(actions).getByRole('button', { name: 'Void…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Void P001?' });
    const reason = within(dialog).getByLabelText(/Reason/);
    expect(document.activeElement).toBe(reason);
    const confirm = within(dialog).getByRole('button', { name: 'Void participant' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'test visit by the RA' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toContainEqual([
      'studyVoid',
      { studyKey: 'k', participantId: p.participantId, reason: 'test visit by the RA' },
    ]);
    expect(calls.filter(([m]) => m === 'studyParticipants').length).toBe(2);
    const row = document.querySelector('tr[data-participant="P001"]')!;
    expect(within(row as HTMLElement).getByRole('cell', { name: 'void' })).toBeTruthy();
    // A finished run: Correct code is not offered, and the panel says why.
    expect(within(actions).queryByRole('button', { name: 'Correct code…' })).toBeNull();
    expect(screen.getByText(/can no longer be corrected/)).toBeTruthy();

    fireEvent.click(within(actions).getByRole('button', { name: 'Withdraw…' }));
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'asked to stop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw participant' }));
    expect((await screen.findByRole('alert')).textContent).toBe('P001 has already withdrawn.');
  });

  it('Escape closes a dialog without calling the service, and focus returns to the button that opened it', async () => {
    const { calls } = fakeStudy([participant({})]);
    render(<ParticipantsPanel studyKey="k" />);
    const actions = await openManage('P001');
    const withdraw = within(actions).getByRole('button', { name: 'Withdraw…' });
    withdraw.focus();
    fireEvent.click(withdraw);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(withdraw);
    expect(calls.map(([m]) => m)).not.toContain('studyWithdraw');
  });

  it('lists the runs with cell, version, seed, attempt and why not counted; rerun asks a reason, and an earlier attempt can be counted', async () => {
    const first = run({ runId: '1'.repeat(32), attempt: 1, counted: false, excluded: 'superseded' });
    const second = run({ runId: '2'.repeat(32), attempt: 2, seed: 7 });
    const p = participant({ runs: [first, second] });
    const { calls, state } = fakeStudy([p], {
      studyRerunCell: () => {
        state.rows = [{ ...p, rerunPending: 'main-1' }];
        return { ok: true, value: state.rows[0] };
      },
      studyChooseAttempt: () => {
        state.rows = [
          {
            ...p,
            runs: [
              { ...first, counted: true, excluded: null },
              { ...second, counted: false, excluded: 'superseded' },
            ],
          },
        ];
        return { ok: true, value: state.rows[0] };
      },
    });
    render(<ParticipantsPanel studyKey="k" />);
    await openManage('P001');
    const runs = screen.getByRole('table', { name: 'Runs of P001' });
    const rows = within(runs).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('main-1');
    expect(rows[1]!.textContent).toContain('alone');
    expect(rows[1]!.textContent).toContain('not counted: superseded');
    expect(rows[2]!.textContent).toContain('counted');

    // Rerun is offered on the latest attempt only.
    expect(within(rows[1]!).queryByRole('button', { name: /Rerun/ })).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Rerun main-1 for P001' }));
    const dialog = screen.getByRole('dialog', { name: 'Rerun main-1 for P001?' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'the network dropped' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for a rerun' }));
    expect(await screen.findByText(/A rerun of main-1 is waiting/)).toBeTruthy();
    expect(calls).toContainEqual([
      'studyRerunCell',
      { studyKey: 'k', participantId: p.participantId, cell: 'main-1', reason: 'the network dropped' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Count attempt 1 of main-1 for P001' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Count attempt 2 of main-1 for P001' })).toBeTruthy(),
    );
    expect(calls).toContainEqual([
      'studyChooseAttempt',
      { studyKey: 'k', participantId: p.participantId, cell: 'main-1', attempt: 1 },
    ]);
  });

  it('erases only once the participant code is typed exactly, then shows the audit with what was removed', async () => {
    const p = participant({ runs: [run({})] });
    const audit: ErasureAudit = {
      at: '2026-12-01T11:00:00.000Z',
      participantId: p.participantId,
      events: 14,
      sessions: 1,
      workspaces: [],
      files: 1,
      derived: 2,
      copies: 1,
    };
    const { calls, state } = fakeStudy([p], {
      studyErase: () => {
        state.rows = [];
        return { ok: true, value: audit };
      },
    });
    render(<ParticipantsPanel studyKey="k" />);
    const actions = await openManage('P001');
    fireEvent.click(within(actions).getByRole('button', { name: 'Erase data…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Erase all data of P001?' });
    expect(dialog.textContent).toContain('permanently');
    expect(dialog.textContent).toContain('audit record');
    const code = within(dialog).getByLabelText('Participant code');
    const erase = within(dialog).getByRole('button', { name: 'Erase permanently' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    fireEvent.change(code, { target: { value: 'P00' } });
    expect(erase.disabled).toBe(true);
    fireEvent.submit(code);
    expect(calls.map(([m]) => m)).not.toContain('studyErase');
    fireEvent.change(code, { target: { value: 'P001' } });
    expect(erase.disabled).toBe(false);
    fireEvent.click(erase);
    const report = await screen.findByRole('status');
    expect(report.textContent).toContain('Erased P001');
    expect(report.textContent).toContain('14 events');
    expect(report.textContent).toContain('1 result file and 2 exported files removed, and 1 copy of the database deleted');
    expect(calls).toContainEqual([
      'studyErase',
      { studyKey: 'k', participantId: p.participantId, confirmCode: 'P001' },
    ]);
    expect(document.querySelector('tr[data-participant="P001"]')).toBeNull();
  });
});
