import { describe, expect, it } from 'vitest';
import { ok } from '../../shared/result.js';
import { EventBus } from '../app/eventBus.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { createOwnership, seatMovedBy } from './ownership.js';

const studyEvent = (kind: string, payload: unknown, sessionId = 'study-log-1'): AppEvent => ({
  type: 'session.event',
  event: { sessionId, seq: 1, monoUs: 0, wallTime: '2026-01-01T00:00:00.000Z', kind, payload },
});

describe('ownership: a participant seat kept until a study event names them', () => {
  it('looks a seat up again after that participant moved, not after another participant did', async () => {
    const bus = new EventBus();
    // The participant's step as the study answers it: which run they are on now (counted per lookup).
    const runOf = new Map([
      ['a', 'run-a1'],
      ['b', 'run-b1'],
    ]);
    const lookups: string[] = [];
    const handlers = {
      participantStep: ({ participantId }: { participantId: string }) => {
        lookups.push(participantId);
        return ok({ screen: 'run', run: { seat: 'team', runId: runOf.get(participantId) } });
      },
    } as unknown as AppHandlers;
    const s = { bus, closers: [], options: { host: 'test' } } as unknown as AppServices;
    const owned = createOwnership(s, handlers, (k) => `alias-${k.length}`);

    expect(await owned.participantSeat('a')).toEqual({ kind: 'team', sessionId: 'run-a1' });
    expect(await owned.participantSeat('b')).toEqual({ kind: 'team', sessionId: 'run-b1' });
    expect(lookups).toEqual(['a', 'b']);

    // b's run ends and b moves on: b's seat is read again, a's is kept.
    runOf.set('b', 'run-b2');
    bus.emit(studyEvent('run_ended', { participantId: 'b', runId: 'run-b1', how: 'completed' }));
    bus.emit(studyEvent('run_started', { participantId: 'b', step: 3, cell: 'c1', runId: 'run-b2', attempt: 1, seat: 'team', practice: false }));
    expect(await owned.participantSeat('a')).toEqual({ kind: 'team', sessionId: 'run-a1' });
    expect(await owned.participantSeat('b')).toEqual({ kind: 'team', sessionId: 'run-b2' });
    expect(lookups).toEqual(['a', 'b', 'b']);

    // A run's own events never move a seat; a study event naming nobody moves every seat.
    bus.emit({ type: 'session.event', event: { sessionId: 'run-a1', seq: 9, monoUs: 0, wallTime: '2026-01-01T00:00:00.000Z', kind: 'participant_message', payload: {} } });
    await owned.participantSeat('a');
    expect(lookups).toEqual(['a', 'b', 'b']);
    runOf.set('a', 'run-a2');
    bus.emit(studyEvent('run_voided', { runId: 'run-a1' }));
    expect(await owned.participantSeat('a')).toEqual({ kind: 'team', sessionId: 'run-a2' });
    expect(lookups).toEqual(['a', 'b', 'b', 'a']);
  });

  it('names whose seat an event moves', () => {
    expect(seatMovedBy(studyEvent('step_advanced', { participantId: 'p1', from: 1, to: 2, detour: false }))).toBe('p1');
    expect(seatMovedBy(studyEvent('participant_message', { participantId: 'p1' }))).toBeNull();
    expect(seatMovedBy(studyEvent('erasure_performed', null))).toBe('all');
  });
});
