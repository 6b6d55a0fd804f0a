// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import type { RunView } from '../../../../shared/contract/slack';
import type { Result } from '../../../../shared/result';
import { RunBar } from './RunBar';

afterEach(cleanup);

const run: RunView = {
  runId: 'run-abc123',
  studyKey: 'built-in:slack-demo',
  queryId: 'ha-gpu-model',
  category: 'HA',
  query: 'Which GPU model did the lab buy?',
  participant: 'P07',
  workspaceId: 'ws-1',
  status: 'running',
  startedAt: '2025-01-01T10:00:00.000Z',
  timeLimitMs: 20 * 60_000,
  elapsedMs: 65_000,
  remainingMs: 20 * 60_000 - 65_000,
  pauses: [],
  actionCount: 3,
  answer: null,
  grading: 'not_submitted',
};

/** The contract mocked at the transport: every call is recorded and answered with the run in a new state. */
function fakeApi() {
  const calls: [string, Record<string, unknown>][] = [];
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args): Promise<Result<unknown>> => {
        const a = args as Record<string, unknown>;
        calls.push([method, a]);
        if (method === 'slackPauseRun') return { ok: true, value: { ...run, status: 'paused', pauses: [{ at: 'x', reason: a.reason, resumedAt: null, resumeReason: null }] } };
        if (method === 'slackSubmitAnswer') return { ok: true, value: { ...run, status: 'submitted', answer: { text: a.answer, at: 'x', late: false } } };
        return { ok: false, error: { code: 'not_found', message: `no ${method}` } };
      },
      subscribe: () => () => {},
    }),
  );
  return calls;
}

function mount(onRun: (r: RunView) => void = () => {}) {
  return render(<RunBar run={run} receivedAt={Date.now()} showCategory={false} onRun={onRun} onRefresh={() => {}} onError={() => {}} />);
}

describe('the query run bar', () => {
  it('shows the question and the clock but not the category', () => {
    fakeApi();
    const { container } = mount();
    expect(screen.getByLabelText('Question').textContent).toBe(run.query);
    expect(screen.getByRole('timer').textContent).toContain('18:55 left');
    expect(screen.getByRole('timer').textContent).toContain('01:05 used');
    expect(container.textContent).not.toMatch(/HA|abstention/);
  });

  it('pauses only with a reason, through the run id', async () => {
    const calls = fakeApi();
    const seen: RunView[] = [];
    mount((r) => seen.push(r));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    fireEvent.click(screen.getByLabelText('other'));
    const pause = screen.getAllByRole('button', { name: 'Pause' }).at(-1)!;
    expect((pause as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Other reason'), { target: { value: 'phone call' } });
    fireEvent.click(pause);
    await waitFor(() => expect(seen[0]?.status).toBe('paused'));
    expect(calls).toEqual([['slackPauseRun', { runId: 'run-abc123', reason: 'phone call' }]]);
  });

  it('records the answer only after the confirmation', async () => {
    const calls = fakeApi();
    const seen: RunView[] = [];
    mount((r) => seen.push(r));
    fireEvent.click(screen.getByRole('button', { name: 'Answer…' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: '  None was bought.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit…' }));
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('cannot be changed');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() => expect(seen[0]?.status).toBe('submitted'));
    expect(calls).toEqual([['slackSubmitAnswer', { runId: 'run-abc123', answer: 'None was bought.' }]]);
  });
});
