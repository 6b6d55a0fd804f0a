// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import { JudgeSettings } from './JudgeSettings';

afterEach(cleanup);

describe('Settings: the judge endpoint', () => {
  it('shows study.yaml section names as code, never as raw backticks', async () => {
    setApiClient(
      createClient({
        host: 'browser',
        invoke: async (method) => {
          if (method === 'getSettings') return { ok: true, value: { judge: { baseUrl: '', model: '', panels: false }, livePartners: false } };
          if (method === 'judgeKeyStatus') return { ok: true, value: { keySet: false, store: 'file', encrypted: false, note: 'Stored unencrypted.' } };
          return { ok: false as const, error: { code: 'not_found' as const, message: method } };
        },
        subscribe: () => () => {},
      }),
    );
    const { container } = render(<JudgeSettings />);
    await screen.findByText('Stored unencrypted.');
    expect(container.textContent).not.toContain('`');
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['labeller:', 'partners:']);
  });
});
