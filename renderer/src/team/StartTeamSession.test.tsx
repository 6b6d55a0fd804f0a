// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { StudyDetail } from '../../../shared/contract/schemas';
import type { Result } from '../../../shared/result';
import { createClient, setApiClient } from '../api/client';
import { StartTeamSession } from './StartTeamSession';

afterEach(cleanup);

// Faked at the contract: each task's seed list is answered only when the test says, so a late answer can be made.
function fakeHost() {
  const pending = new Map<string, (value: Result<unknown>) => void>();
  setApiClient(
    createClient({
      host: 'browser',
      subscribe: () => () => {},
      invoke: (method, args) => {
        if (method === 'teamVersions') {
          const { taskId } = args as { taskId: string };
          return new Promise<Result<unknown>>((resolve) => pending.set(taskId, resolve));
        }
        return Promise.resolve({ ok: true, value: { participantPrefix: 'P' } });
      },
    }),
  );
  const answer = (taskId: string, seeds: number[]) =>
    act(async () => pending.get(taskId)!({ ok: true, value: ['alone', 'control', 'manipulation'].map((version) => ({ version, seeds })) }));
  return { answer };
}

const study = { key: 'user:s', tasks: [{ id: 'first', title: 'First task' }, { id: 'second', title: 'Second task' }] } as unknown as StudyDetail;

describe('the pilot-run panel', () => {
  it("offers the chosen task's seeds even when an earlier task's answer comes last", async () => {
    const host = fakeHost();
    render(<StartTeamSession study={study} />);
    fireEvent.change(screen.getByLabelText('Task'), { target: { value: 'second' } });
    await host.answer('second', [4, 5, 6]);
    await host.answer('first', [1, 2, 3]);
    const seeds = [...(screen.getByLabelText('Seed') as HTMLSelectElement).options].map((o) => o.value);
    expect(seeds).toEqual(['4', '5', '6']);
  });
});
