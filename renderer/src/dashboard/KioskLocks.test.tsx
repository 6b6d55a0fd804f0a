// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import { KioskLocks } from './KioskLocks';

afterEach(cleanup);

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

/** A host with wrong PINs counted against A's link (and one link of another study); clearing forgets A's. */
function fakeHost() {
  const calls: Array<[string, unknown]> = [];
  let failures = 5;
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args) => {
        calls.push([method, args]);
        if (method === 'kioskLocks')
          return {
            ok: true,
            value: {
              locks: [
                ...(failures
                  ? [
                      {
                        scope: { kind: 'participant', studyKey: 'k', participantId: A },
                        failures,
                        waitMs: 30_000,
                      },
                    ]
                  : []),
                {
                  scope: { kind: 'participant', studyKey: 'other', participantId: B },
                  failures: 2,
                  waitMs: 0,
                },
              ],
            },
          };
        if (method === 'clearKioskLock') {
          const had = failures;
          failures = 0;
          return { ok: true, value: { failures: had } };
        }
        return { ok: false, error: { code: 'internal', message: `unexpected ${method}` } };
      },
      subscribe: () => () => {},
      onReconnect: () => () => {},
    }),
  );
  return calls;
}

describe('wrong kiosk PINs on the dashboard', () => {
  it("lists this study's locked links by code and clears one, saying so", async () => {
    const calls = fakeHost();
    const errors: string[] = [];
    render(
      <KioskLocks studyKey="k" codes={new Map([[A, 'P07']])} stamp="1" onError={(m) => errors.push(m)} />,
    );
    await act(async () => {});
    expect(screen.getByRole('listitem').textContent).toBe('P07: 5 wrong PINs, locked for 30 s Clear lock');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear lock' })));
    expect(calls).toContainEqual([
      'clearKioskLock',
      { scope: { kind: 'participant', studyKey: 'k', participantId: A } },
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      "P07's kiosk PIN lock cleared (5 wrong PINs; the clear is recorded).",
    );
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(errors).toEqual([]);
  });
});
