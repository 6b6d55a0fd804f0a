import { describe, expect, it } from 'vitest';
import type { replayMethods } from '../../shared/contract/replay.js';
import type { AccessScope } from '../../shared/contract/access.js';
import { scopedDispatch } from '../access/guard.js';
import { silentLogger } from '../app/logger.js';
import type { AppHandlers } from '../app/appServices.js';
import type { Ownership } from '../access/policy.js';

// Replay opens any run on this machine by path, and the quick seat starts runs: a participant's or rater's link must
// never reach them, whatever it owns. The handlers here would record the call if the guard let one through.
const reached: string[] = [];
const handlers = new Proxy({} as AppHandlers, {
  get: (_t, name: string) => () => {
    reached.push(name);
    return { ok: true, value: null };
  },
});
const owned: Ownership = {
  participantSeat: () => Promise.resolve({ kind: 'team', sessionId: 'sess-000001' }),
  raterSessions: () => Promise.resolve(['sess-000001']),
  studyAlias: () => 'study-alias',
};
const scopes: AccessScope[] = [
  { kind: 'participant', studyKey: 'built-in:team-demo', participantId: 'a'.repeat(24) },
  { kind: 'rater', studyKey: 'built-in:team-demo', rater: 'R1' },
];
const args: Record<keyof typeof replayMethods, unknown> = {
  replayOpen: { source: { kind: 'session', sessionId: 'sess-000001' } },
  replayOutline: { id: 'rp-abcdef12' },
  replayRound: { id: 'rp-abcdef12', index: 0 },
  replayFile: { id: 'rp-abcdef12', index: 0, path: 'a.py' },
  replayRuns: {},
  demoStart: { studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation', version: 'alone' },
  demoReset: { sessionId: 'sess-000001' },
};

describe('replay and quick seat are experimenter-only', () => {
  for (const scope of scopes) {
    it(`a ${scope.kind} link is refused every replay and demo method, even on its own session`, async () => {
      for (const [name, a] of Object.entries(args)) {
        const r = await scopedDispatch(handlers, scope, owned, name, a, { host: 'browser' }, silentLogger);
        expect(r).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      }
      expect(reached).toEqual([]);
    });
  }
  it('the experimenter reaches them (the refusals above are about scope, not the stub)', async () => {
    const r = await scopedDispatch(handlers, { kind: 'experimenter' }, owned, 'replayRuns', {}, { host: 'browser' }, silentLogger);
    expect(r.ok).toBe(true);
    expect(reached).toEqual(['replayRuns']);
  });
});
