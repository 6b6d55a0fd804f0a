// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import type { Result } from '../../../shared/result';
import type { TeamView } from '../../../shared/team/viewSchema';
import { heldHost as heldViewHost } from '../api/heldHost.testing';
import { useTeamSession } from './useTeamSession';

afterEach(cleanup);

// The transport is faked at the contract: the test is about when the seat reads its view, not what the host sends.
function fakeHost() {
  const reconnected = new Set<() => void>();
  let reads = 0;
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method) => {
        if (method === 'teamView') reads++;
        return { ok: true, value: { status: 'your_turn', read: reads } };
      },
      subscribe: () => () => {},
      onReconnect: (fn) => {
        reconnected.add(fn);
        return () => reconnected.delete(fn);
      },
    }),
  );
  return {
    reads: () => reads,
    reconnect: () => act(() => reconnected.forEach((fn) => fn())),
    listening: () => reconnected.size,
  };
}

describe('the team seat after the host was down', () => {
  it('reads its view again when the event stream is back, and stops listening when the seat closes', async () => {
    const host = fakeHost();
    const { result, unmount } = renderHook(() => useTeamSession('s-1'));
    await act(async () => {});
    expect(host.reads()).toBe(1);
    host.reconnect();
    await act(async () => {});
    expect(host.reads()).toBe(2);
    expect((result.current.view as unknown as { read: number }).read).toBe(2);
    unmount();
    expect(host.listening()).toBe(0);
  });
});

// A host whose teamView answers are held until the test gives them, and whose event stream the test drives.
function heldHost() {
  const host = heldViewHost('teamView');
  return {
    event: (kind: string) => host.event('s-1', kind),
    /** Answers the i-th teamView call with a view marked `read`. */
    answer: (i: number, read: number) => host.answer(i, { ok: true, value: { status: 'your_turn', read } }),
    deliver: (kind: string) => host.deliver('s-1', kind),
    reads: host.reads,
  };
}

/** An action whose answer the test gives. */
function heldAction(seat: { current: ReturnType<typeof useTeamSession> }) {
  let answer!: (v: Result<TeamView>) => void;
  let done!: Promise<unknown>;
  act(() => {
    done = seat.current.act(
      () => new Promise<Result<TeamView>>((resolve) => (answer = resolve)),
      (v) => v,
    );
  });
  return {
    answer: (read: number) =>
      act(async () => {
        answer({ ok: true, value: { status: 'your_turn', read } as unknown as TeamView });
        await done;
      }),
  };
}

const shown = (seat: { current: ReturnType<typeof useTeamSession> }) =>
  (seat.current.view as unknown as { read: number }).read;

describe('the team seat while an action waits', () => {
  it("reads its view once for a burst of the run's events and once more for the events heard meanwhile, showing the last", async () => {
    const host = heldHost();
    const { result } = renderHook(() => useTeamSession('s-1'));
    await host.answer(0, 0);
    const send = heldAction(result);
    // One send commits the message, the teammate's reply, a new round…: each is an event on the stream.
    for (const kind of ['message', 'message', 'round_started', 'typing']) host.event(kind);
    expect(host.reads()).toBe(2);
    host.event('message');
    await host.answer(1, 1);
    expect(shown(result)).toBe(1);
    expect(host.reads()).toBe(3);
    await host.answer(2, 2);
    expect(shown(result)).toBe(2);
    expect(host.reads()).toBe(3);
    await send.answer(3);
    expect(shown(result)).toBe(3);
  });

  it("drops a read started before the action answered (older than the action's view) and reads no more once nothing waits", async () => {
    const host = heldHost();
    const { result } = renderHook(() => useTeamSession('s-1'));
    await host.answer(0, 0);
    const send = heldAction(result);
    for (const kind of ['message', 'message', 'round_started']) host.event(kind);
    await send.answer(5);
    await host.answer(1, 4);
    expect(shown(result)).toBe(5);
    expect(host.reads()).toBe(2);
  });

  it('drops a read that started during one action and comes back while the next action waits', async () => {
    const host = heldHost();
    const { result } = renderHook(() => useTeamSession('s-1'));
    await host.answer(0, 0);
    const first = heldAction(result);
    host.event('message');
    await first.answer(5);
    const second = heldAction(result);
    await host.answer(1, 4);
    expect(shown(result)).toBe(5);
    // A read the second action's own events ask for is newer, and shows.
    host.event('message');
    expect(host.reads()).toBe(3);
    await host.answer(2, 6);
    expect(shown(result)).toBe(6);
    await second.answer(7);
    expect(shown(result)).toBe(7);
  });

  it("reads the check's end even when it is heard before the submit's answer has been drawn", async () => {
    const host = heldHost();
    const { result } = renderHook(() => useTeamSession('s-1'));
    await host.answer(0, 0);
    let answer!: (v: Result<TeamView>) => void;
    await act(async () => {
      const submit = result.current.act(
        () => new Promise<Result<TeamView>>((resolve) => (answer = resolve)),
        (v) => v,
      );
      answer({ ok: true, value: { status: 'checking', read: 1 } as unknown as TeamView });
      await submit;
      // Still inside act: React has not drawn the checking view yet when the check's end arrives.
      host.deliver('ended');
    });
    expect(host.reads()).toBe(2);
    await host.answer(1, 2);
    expect(shown(result)).toBe(2);
  });
});

describe('the team seat with nothing of its own waiting', () => {
  it("reads its view at once on an event nobody at this page caused (the experimenter's pause from the dashboard)", async () => {
    const host = heldHost();
    const { result } = renderHook(() => useTeamSession('s-1'));
    await host.answer(0, 0);
    expect(host.reads()).toBe(1);
    host.event('paused');
    expect(host.reads()).toBe(2);
    await host.answer(1, 1);
    expect(shown(result)).toBe(1);
    // Nothing more was heard: no more reads.
    expect(host.reads()).toBe(2);
  });
});
