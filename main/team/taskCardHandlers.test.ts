import { describe, expect, it } from 'vitest';
import { listed, refusal } from '../access/policy.js';
import type { Ownership } from '../access/policy.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';

const nobody: Ownership = { participantSeat: () => Promise.resolve(null), raterSessions: () => Promise.resolve([]), studyAlias: () => 'study-alias' };

describe('teamTaskCard', () => {
  it('answers the experimenter with the card of a built-in task', async () => {
    const tmp = makeTempDir();
    const app = createTestApp(tmp.dir);
    try {
      const card = await app.handlers.teamTaskCard({ studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation' }, { host: 'test' });
      if (!card.ok) throw new Error(card.error.message);
      expect(card.value.checker.words).toMatch(/^a deal with Hal with the best joint points/);
      expect(card.value.provenance.map((p) => p.id)).toContain('c781_chat_2');
      const missing = await app.handlers.teamTaskCard({ studyKey: 'built-in:team-demo', taskId: 'nope' }, { host: 'test' });
      expect(missing.ok).toBe(false);
    } finally {
      app.close();
      tmp.cleanup();
    }
  });

  it('is never reachable from a participant or rater link (it names versions, scripts and the checker)', async () => {
    const participant = { kind: 'participant', studyKey: 'built-in:team-demo', participantId: 'a'.repeat(24) } as const;
    const rater = { kind: 'rater', studyKey: 'built-in:team-demo', rater: 'R1' } as const;
    for (const scope of [participant, rater]) {
      expect(listed(scope as never, 'teamTaskCard')).toBe(false);
      expect(await refusal(scope as never, 'teamTaskCard', { studyKey: 'built-in:team-demo', taskId: 'hidden-profile' }, nobody)).toMatch(/may not call teamTaskCard/);
    }
  });
});
