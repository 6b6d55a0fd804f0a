// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import { useApp } from '../state/appStore';
import type { AppInfo } from '../../../shared/contract/schemas';
import { SessionList } from './SessionList';

afterEach(cleanup);

describe('recorded sessions on the study page', () => {
  it('show each run’s session id (what npm run rejudge takes), copyable', async () => {
    const id = 'a1b2c3d4e5f6a1b2c3d4e5f6';
    setApiClient(
      createClient({
        host: 'browser',
        invoke: async (method) =>
          method === 'listSessions'
            ? { ok: true as const, value: [{ id, studyKey: 'built-in:team-demo', taskId: 'hidden-profile', participant: 'P01', createdAt: '2026-12-03T10:00:00.000Z', eventCount: 12 }] }
            : { ok: false as const, error: { code: 'not_found' as const, message: method } },
        subscribe: () => () => {},
      }),
    );
    useApp.setState({ info: { database: { status: 'ok' } } as unknown as AppInfo });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    render(<SessionList studyKey="built-in:team-demo" />);
    const field = await screen.findByLabelText('Session id of P01, hidden-profile');
    expect((field as HTMLInputElement).value).toBe(id);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the session id of P01, hidden-profile' }));
    await waitFor(() => expect(copied).toEqual([id]));
    await screen.findByText('Copied');
  });
});
