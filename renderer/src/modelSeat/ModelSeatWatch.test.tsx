// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { heldHost } from '../api/heldHost.testing';
import { ModelSeatWatch } from './ModelSeatWatch';

afterEach(cleanup);

describe('watching a model in the evaluated seat', () => {
  it("reads once for a burst of the session's events and once more for those heard meanwhile", async () => {
    const host = heldHost('modelSeatWatch');
    const event = (sessionId: string) => host.event(sessionId, 'message');
    const answer = (i: number, message: string) =>
      host.answer(i, { ok: false, error: { code: 'internal', message } });
    render(<ModelSeatWatch sessionId="s-model" />);
    expect(host.reads()).toBe(1);
    // A model's step: its message, the teammates' replies, a new round — and another session's event, not ours.
    for (const id of ['s-model', 's-model', 's-model', 's-other']) event(id);
    expect(host.reads()).toBe(1);
    await answer(0, 'first');
    expect(host.reads()).toBe(2);
    await answer(1, 'last');
    expect(host.reads()).toBe(2);
    expect(screen.getByText('last')).toBeTruthy();
  });
});
