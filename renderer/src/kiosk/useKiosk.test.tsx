// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { heldHost as heldStepHost } from '../api/heldHost.testing';
import { useKiosk } from './useKiosk';

afterEach(cleanup);

const RUN = 'run-0123abcd';
const runScreen = (ended: boolean) => ({
  participantId: 'p-1',
  screen: 'run',
  stepToken: 'step-4',
  step: 4,
  steps: 9,
  seat: 'team',
  practice: true,
  title: 'Sharing the campsite supplies',
  timeLimitSec: null,
  run: { seat: 'team', runId: RUN, ended },
});

// participantStep answers are held until the test gives them; the test drives the run's event stream.
function heldHost() {
  const host = heldStepHost('participantStep');
  return {
    event: (kind: string) => host.event(RUN, kind),
    answer: (i: number, value: unknown) => host.answer(i, { ok: true, value }),
    moved: () => host.emit({ type: 'visit.moved' }),
    reads: host.reads,
    listening: host.listening,
  };
}

const ended = (k: { current: ReturnType<typeof useKiosk> }) => {
  const s = k.current.screen;
  return s?.screen === 'run' ? s.run?.ended : undefined;
};

describe('the kiosk during a run', () => {
  it("reads the participant's step once for a burst of the run's events and once more for those heard meanwhile, so the run's end shows", async () => {
    const host = heldHost();
    const { result, unmount } = renderHook(() => useKiosk('p-1'));
    await host.answer(0, runScreen(false));
    expect(host.listening()).toBe(1);
    // One send in the seat: the message, the teammate's reply, a new round, each an event of the run.
    for (const kind of ['message', 'message', 'round_started']) host.event(kind);
    expect(host.reads()).toBe(2);
    host.event('ended');
    await host.answer(1, runScreen(false));
    expect(host.reads()).toBe(3);
    await host.answer(2, runScreen(true));
    expect(ended(result)).toBe(true);
    expect(host.reads()).toBe(3);
    unmount();
    expect(host.listening()).toBe(0);
  });

  it('shows nothing read after the page is gone', async () => {
    const host = heldHost();
    const { result, unmount } = renderHook(() => useKiosk('p-1'));
    await host.answer(0, runScreen(false));
    host.event('ended');
    unmount();
    await host.answer(1, runScreen(true));
    expect(ended(result)).toBe(false);
  });
});

describe('the kiosk on a finished task', () => {
  it("reads its screen again when the plan moves under it (the experimenter's rerun), with no run event and no reload", async () => {
    const host = heldHost();
    const { result } = renderHook(() => useKiosk('p-1'));
    await host.answer(0, runScreen(true));
    expect(host.reads()).toBe(1);
    host.moved();
    expect(host.reads()).toBe(2);
    await host.answer(1, { ...runScreen(false), stepToken: 'step-4b', run: null });
    const s = result.current.screen;
    expect(s?.screen === 'run' ? [s.stepToken, s.run] : null).toEqual(['step-4b', null]);
  });
});
