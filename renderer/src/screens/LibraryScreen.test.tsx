// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../App';
import { createClient, setApiClient } from '../api/client';
import type { StudySummary } from '../../../shared/contract/schemas';
import type { Result } from '../../../shared/result';

afterEach(cleanup);

const studies: StudySummary[] = [
  {
    key: 'built-in:team-demo',
    id: 'team-demo',
    title: 'Three demo tasks',
    kind: 'team',
    description: 'Demo',
    taskCount: 3,
    origin: 'built-in',
    dir: '/s/team-demo',
    problems: [],
  },
  {
    key: 'user:typo',
    id: null,
    title: 'typo',
    kind: null,
    description: '',
    taskCount: null,
    origin: 'user',
    dir: '/d/typo',
    problems: [
      { file: 'typo/study.yaml', path: 'kind', line: 4, message: 'expected team, slack or labelling' },
    ],
  },
];

/** A transport mocked at the contract: records calls, answers from a table. */
function fakeApi(
  answers: Record<string, unknown>,
  database: unknown = { status: 'ok', path: '/d/teamseat.db', schemaVersion: 1 },
) {
  const calls: [string, unknown][] = [];
  const info = { host: 'browser', version: '0.1.0', dataDir: '/d', database, notices: [] };
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args): Promise<Result<unknown>> => {
        calls.push([method, args]);
        // The researcher's own page: the host says whose link this is before anything else (kiosk links: e2e/kiosk*.spec.ts).
        const table: Record<string, unknown> = {
          accessWhoAmI: { kind: 'experimenter' },
          appInfo: info,
          startFreshDatabase: {
            ...info,
            database: { status: 'ok', path: '/d/teamseat.db', schemaVersion: 1 },
          },
          ...answers,
        };
        return method in table
          ? { ok: true, value: table[method] }
          : { ok: false, error: { code: 'not_found', message: `no ${method}` } };
      },
      subscribe: () => () => {},
    }),
  );
  return calls;
}

describe('the study library screen', () => {
  it('shows each study with its kind and task count, and a broken pack with its precise error', async () => {
    fakeApi({ listStudies: studies });
    render(<App />);
    expect(await screen.findByText('Three demo tasks')).toBeTruthy();
    expect(screen.getByText(/3 tasks/)).toBeTruthy();
    expect(screen.getByText('Studies that need fixing')).toBeTruthy();
    const problems = screen.getByLabelText('Problems');
    expect(problems.textContent).toContain('typo/study.yaml:4');
    expect(problems.textContent).toContain('expected team, slack or labelling');
  });

  it('opens a study through the contract and lists its tasks', async () => {
    const calls = fakeApi({
      listStudies: studies,
      openStudy: {
        ...studies[0],
        tasks: [{ id: 'campsite', title: 'Campsite negotiation', detail: 'handling_conflict' }],
        source: null,
      },
    });
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Three demo tasks' }));
    expect(await screen.findByRole('cell', { name: 'Campsite negotiation' })).toBeTruthy();
    expect(screen.getByText('handling conflict')).toBeTruthy();
    expect(calls).toContainEqual(['openStudy', { key: 'built-in:team-demo' }]);
  });

  it('names a damaged database file and starts a fresh one only when asked', async () => {
    const calls = fakeApi(
      { listStudies: [] },
      { status: 'corrupt', path: '/d/teamseat.db', message: '/d/teamseat.db is damaged' },
    );
    render(<App />);
    expect(await screen.findByText('The session database cannot be opened')).toBeTruthy();
    expect(calls.some(([m]) => m === 'startFreshDatabase')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /start a fresh database/ }));
    await waitFor(() => expect(screen.queryByText('The session database cannot be opened')).toBeNull());
    expect(calls).toContainEqual(['startFreshDatabase', { confirm: true }]);
  });
});
