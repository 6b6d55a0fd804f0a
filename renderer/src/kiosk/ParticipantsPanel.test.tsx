// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import type { ParticipantRow } from '../../../shared/contract/study';
import type { Result } from '../../../shared/result';
import { ParticipantsPanel } from './ParticipantsPanel';

afterEach(cleanup);

const invited: ParticipantRow = {
  participantId: 'e'.repeat(24),
  code: 'K7QX-P01',
  status: 'invited',
  addedAt: '2026-12-01T10:00:00.000Z',
  startedAt: null,
  progress: null,
  plan: null,
  runs: [],
  rerunPending: null,
};

/** The study service at the contract, answering the participants panel's calls; every call recorded. */
function fakeStudy(over: { warnings?: string[]; online?: boolean; add?: (args: Record<string, unknown>) => Result<unknown> } = {}) {
  const calls: [string, Record<string, unknown>][] = [];
  const rows = [invited];
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args): Promise<Result<unknown>> => {
        const a = args as Record<string, unknown>;
        calls.push([method, a]);
        if (method === 'studyParticipants')
          return {
            ok: true,
            value: { studyKey: 'k', studyId: 's', studyVersion: 'v1', resultsDir: '/r', participants: rows, warnings: over.warnings ?? [], station: { id: 'K7QX', firstSlot: 6 }, online: over.online ?? false },
          };
        if (method === 'participantLink') return { ok: true, value: { fragment: 'kiosk=0123.abc', scope: 'participant' } };
        if (method === 'enrolmentLink') return { ok: true, value: { fragment: 'enrol=4567.def', idParameter: 'PROLIFIC_PID', cap: 6, abandonAfterMinutes: 90, completionUrl: 'https://app.prolific.com/submissions/complete?cc={code}' } };
        if (method === 'studyAddParticipants' && over.add) return over.add(a);
        return { ok: false, error: { code: 'not_found', message: `no ${method}` } };
      },
      subscribe: () => () => {},
    }),
  );
  return calls;
}

describe('the participants panel', () => {
  it('gives an invited participant’s link without starting their visit, and says when the plan is fixed', async () => {
    const calls = fakeStudy();
    render(<ParticipantsPanel studyKey="k" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show the link for K7QX-P01' }));
    const link = (await screen.findByLabelText('Link for K7QX-P01')) as HTMLInputElement;
    expect(link.value).toMatch(/#kiosk=0123\.abc$/);
    expect(calls.map(([m]) => m)).not.toContain('studyStartParticipant');
    expect(screen.getByText(/fixed when they first open it/)).toBeTruthy();
    expect(screen.getByText(/This station is/).textContent).toMatch(/K7QX.*start at 6/);
  });

  it('adds a pasted list of platform ids, one a line, and names a refusal with its line', async () => {
    let answer: Result<unknown> = { ok: false, error: { code: 'bad_request', message: 'No participant was added: line 2: "Jane Doe" looks like a name.' } };
    const calls = fakeStudy({ add: () => answer });
    render(<ParticipantsPanel studyKey="k" />);
    const box = await screen.findByLabelText(/paste recruitment-platform ids/);
    const add = screen.getByRole('button', { name: 'Add these ids' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '5f2a9c0e1b\nJane Doe\n' } });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toMatch(/line 2: "Jane Doe" looks like a name/);
    expect((box as HTMLTextAreaElement).value).toBe('5f2a9c0e1b\nJane Doe\n');
    answer = { ok: true, value: [{ ...invited, code: '5f2a9c0e1b' }, { ...invited, code: 'A1B2C3' }] };
    fireEvent.change(box, { target: { value: '5f2a9c0e1b\nA1B2C3\n' } });
    fireEvent.click(add);
    expect((await screen.findByRole('status')).textContent).toBe('Added 2 participants: 5f2a9c0e1b, A1B2C3.');
    expect(calls).toContainEqual(['studyAddParticipants', { studyKey: 'k', codes: '5f2a9c0e1b\nA1B2C3\n' }]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows an online study’s one study link with Prolific’s placeholder, and a balance warning', async () => {
    fakeStudy({ online: true, warnings: ['study.yaml protocol.enrolment.cap: the enrolment cap 7 does not complete the balance'] });
    render(<ParticipantsPanel studyKey="k" />);
    const link = (await screen.findByLabelText('Study link')) as HTMLInputElement;
    expect(link.value).toMatch(/#enrol=4567\.def&PROLIFIC_PID=\{\{%PROLIFIC_PID%\}\}$/);
    expect(screen.getByText(/up to 6 participants/)).toBeTruthy();
    expect(screen.getByText(/does not complete the balance/)).toBeTruthy();
  });
});
