import { describe, expect, it } from 'vitest';
import { fail, ok } from '../result.js';
import { judgeAnswer, verdictFromReply } from './judgeAnswer.js';
import type { ChatMessage } from './prompt.js';
import type { SlackQuery } from './query.js';

const as: SlackQuery = { id: 'as-1', category: 'AS', query: 'Which site was dropped?', reference: 'HR-07' };
const ha: SlackQuery = { id: 'ha-1', category: 'HA', query: 'What did reviewers say?', reference: 'Reviews are not out yet.' };
const su: SlackQuery = {
  id: 'su-1',
  category: 'SU',
  query: 'Summarise the outage.',
  reference: 'NG-03 failed; enclosure replaced.',
  checklist: ['NG-03 stopped on 14 Oct', 'water in the connector', 'enclosure replaced', 'data flagged'],
};

describe('verdictFromReply', () => {
  it('scores a match YES as a pass with reward 1 and NO as 0', () => {
    const yes = verdictFromReply(as, 'YES');
    const no = verdictFromReply(as, 'NO');
    expect(yes.status === 'judged' && [yes.verdict.pass, yes.verdict.reward]).toEqual([true, 1]);
    expect(no.status === 'judged' && [no.verdict.pass, no.verdict.reward]).toEqual([false, 0]);
  });

  it('passes an abstention only when it abstains AND names the reason', () => {
    const cases = [
      ['{"abstains": true, "names_reason": true}', true],
      ['{"abstains": true, "names_reason": false}', false],
      ['{"abstains": false, "names_reason": true}', false],
    ] as const;
    for (const [reply, pass] of cases) {
      const outcome = verdictFromReply(ha, reply);
      expect(outcome.status === 'judged' && outcome.verdict.pass).toBe(pass);
    }
  });

  it('gives SU partial credit, items met / items', () => {
    const reply = JSON.stringify({ items: [1, 2, 3, 4].map((item) => ({ item, met: item !== 2 })) });
    const outcome = verdictFromReply(su, reply);
    if (outcome.status !== 'judged') throw new Error(outcome.message);
    expect(outcome.verdict.reward).toBe(0.75);
    expect(outcome.verdict.pass).toBe(false);
    expect(outcome.verdict.items?.map((i) => i.met)).toEqual([true, false, true, true]);
  });

  it('turns a malformed reply into an error that keeps the reply', () => {
    const outcome = verdictFromReply(as, 'I think the answer is probably right.');
    expect(outcome).toMatchObject({ status: 'error', stage: 'reply', reply: 'I think the answer is probably right.' });
  });
});

describe('judgeAnswer', () => {
  it('sends the final answer only, and the reference, to the judge', async () => {
    let sent: ChatMessage[] = [];
    const outcome = await judgeAnswer(as, 'I looked around.\nFINAL_ANSWER: HR-07 was dropped', async (messages) => {
      sent = messages;
      return ok('YES');
    });
    expect(outcome.status).toBe('judged');
    const user = sent.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain('HR-07 was dropped');
    expect(user).not.toContain('I looked around');
    expect(user).toContain('Reference answer:\nHR-07');
  });

  it('reports a failed request as a request error', async () => {
    const outcome = await judgeAnswer(as, 'x', async () => fail('internal', 'endpoint down'));
    expect(outcome).toEqual({ status: 'error', queryId: 'as-1', stage: 'request', message: 'endpoint down' });
  });
});
