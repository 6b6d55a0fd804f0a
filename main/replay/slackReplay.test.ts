import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StudyLibrary } from '../studies/studyLibrary.js';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { GRADED, RUN_STARTED, SUBMITTED, TOOL_CALL } from '../slackSeat/runLog.js';
import { sessionRun } from './sessionRun.js';

const library = new StudyLibrary([{ dir: path.resolve(import.meta.dirname, '../../studies'), origin: 'built-in' }]);
let seq = 0;
const event = (kind: string, payload: unknown): StoredEvent => ({ sessionId: 'slack-run-1', seq: ++seq, monoUs: seq * 1000, wallTime: `2026-12-01T10:00:0${seq}Z`, kind, payload });

describe('a Slack run replays its trajectory', () => {
  it('the query, then each search and channel the person opened, then the answer and the verdict', () => {
    const stored = [
      event(RUN_STARTED, { studyKey: 'built-in:slack-demo', queryId: 'as-riverside-monitor', category: 'AS', participant: 'S07', workspaceId: 'w1', timeLimitMinutes: 20 }),
      event(TOOL_CALL, { tool: 'search_messages', arguments: { query: 'monitor' }, resultHead: '3 results' }),
      event(TOOL_CALL, { tool: 'get_channel_history', arguments: { channel: 'riverside' }, resultHead: '20 messages' }),
      event(SUBMITTED, { answer: 'FINAL_ANSWER: the Palas Fidas 200', late: false }),
      event(GRADED, { by: 'grader', graderId: 'G1', model: null, outcome: { status: 'judged', verdict: { queryId: 'as-riverside-monitor', category: 'AS', mode: 'match', pass: true, reward: 1, reply: 'YES' } } }),
    ];
    const r = sessionRun(library, { id: 'slack-run-1', studyKey: 'built-in:slack-demo', taskId: 'as-riverside-monitor', participant: 'S07', createdAt: '', eventCount: stored.length }, stored);
    if (!r.ok) throw new Error(r.error.message);
    const run = r.value.run;
    expect(run.format).toBe('slack');
    expect(run.rounds.map((_x, k) => run.roundAt(k, null).items.map((i) => (i.type === 'tool' ? i.name : i.seat)))).toEqual([['query'], ['search_messages'], ['get_channel_history'], ['S07']]);
    expect(run.roundAt(0, null).items[0]).toMatchObject({ type: 'message', text: expect.stringMatching(/Riverside/i) });
    expect(run.verdict).toMatchObject({ pass: true });
    expect(run.awaiting).toBeUndefined();
    expect(run.ended).toBe('submitted');

    // Before the grade: no verdict, and the replay says the answer awaits a grader rather than that there is none.
    const ungraded = sessionRun(library, { id: 'slack-run-1', studyKey: 'built-in:slack-demo', taskId: 'as-riverside-monitor', participant: 'S07', createdAt: '', eventCount: 4 }, stored.slice(0, 4));
    if (!ungraded.ok) throw new Error(ungraded.error.message);
    expect(ungraded.value.run).toMatchObject({ verdict: null, awaiting: 'a grader' });
  });
});
