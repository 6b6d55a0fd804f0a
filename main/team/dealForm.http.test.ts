import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { startTeamHttpHost, startTeamRun, type TeamHttpHost } from '../testing/teamHttpHost.js';

// Issue 23: a participant's offer through the deal form, made over the browser host's HTTP API as the seat makes it,
// is in the committed log when the answer comes back, is answered by the counterpart in the same answer, and reaches
// the exported transcript marked as the deal form. A bad offer is refused in plain words and records nothing.
let host: TeamHttpHost;
beforeAll(async () => {
  host = await startTeamHttpHost();
});
afterAll(async () => {
  await host?.close();
});

const run = { studyKey: 'built-in:team-library', taskId: 'campsite-hungry-boys', participant: 'P-deal', version: 'manipulation' as const, seed: 1 };
const offer = (sessionId: string, youGet: Record<string, number>, theyGet: Record<string, number>) => host.raw('teamOfferDeal', { sessionId, youGet, theyGet });
const kinds = (sessionId: string) => host.events(sessionId).map((e) => e.kind);

describe('the deal form over HTTP', () => {
  it('records an offer before answering, keeps the best deal reachable after Jo has submitted, and exports it as the deal form', async () => {
    let view = await startTeamRun(host, run);
    const sessionId = view.sessionId;
    // Go along until Jo's real offer, then a reply that takes it: Jo submits its split and its script is finished.
    for (const text of ['Hi!', 'Yes, food.', 'Ok.', 'Water, I guess.', 'Sounds good.']) {
      view = await host.call<TeamView>('teamSend', { sessionId, to: 'team', text });
    }
    expect(view.deal?.proposal).toMatchObject({ from: 'Jo', youGet: { Food: 2, Water: 1, Firewood: 1 } });
    expect(view.deal?.form).toEqual({ counterpart: 'Jo', items: [{ name: 'Food', count: 3 }, { name: 'Water', count: 3 }, { name: 'Firewood', count: 3 }] });

    // Counts that do not add up: refused in plain words, and nothing is recorded.
    const before = host.events(sessionId).length;
    const bad = await offer(sessionId, { Food: 3, Water: 0, Firewood: 3 }, { Food: 3, Water: 3, Firewood: 0 });
    expect(bad).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'This offer cannot be put on the table: Food: 3 + 3 = 6, but there are 3 packages of Food.' },
    });
    expect(host.events(sessionId).length).toBe(before);

    // Everything for Pine camp: Jo turns it down and puts its own split back; the participant keeps the turn.
    const greedy = await offer(sessionId, { Food: 3, Water: 3, Firewood: 3 }, { Food: 0, Water: 0, Firewood: 0 });
    expect(greedy.ok).toBe(true);
    view = greedy.value as TeamView;
    expect(view.status).toBe('your_turn');
    expect(view.messages.slice(-3).map((m) => [m.from, m.text])).toEqual([
      ['you', 'Submit-Deal (I get 3 Food, 3 Water, 3 Firewood; you get 0 Food, 0 Water, 0 Firewood)'],
      ['Jo', 'Reject-Deal'],
      ['Jo', 'Submit-Deal'],
    ]);
    expect(view.deal?.proposal).toMatchObject({ from: 'Jo', youGet: { Food: 2, Water: 1, Firewood: 1 } });
    // What the answer showed was committed before it was sent: the offer, then Jo's answer, in the log's order.
    const log = host.events(sessionId);
    const offered = log.findIndex((e) => e.kind === 'deal_proposed' && (e.payload as { via?: string }).via === 'deal_form');
    expect(offered).toBeGreaterThan(0);
    expect(log.slice(offered).map((e) => e.kind)).toEqual(['deal_proposed', 'seat_message', 'deal_rejected', 'seat_message', 'deal_proposed']);

    // The best joint split through the form: accepted at once, though Jo's script finished on the bad split.
    const best = await offer(sessionId, { Food: 3, Water: 0, Firewood: 3 }, { Food: 0, Water: 3, Firewood: 0 });
    expect(best.ok).toBe(true);
    view = best.value as TeamView;
    if (view.status === 'checking') view = await host.untilChecked(sessionId);
    expect(view).toMatchObject({ status: 'ended', ended: 'deal_accepted', deal: { accepted: true } });
    expect(kinds(sessionId)).toContain('deal_accepted');

    const exported = await host.call<{ path: string; score: { pass: boolean; outcome: string } }>('teamExport', { sessionId });
    expect(exported.score).toEqual({ pass: true, outcome: 'best_joint_deal joint=42/42' });
    const transcript = benchmarkTranscriptSchema.parse(JSON.parse(fs.readFileSync(exported.path, 'utf8')));
    const forms = transcript.messages.filter((m) => m.kind === 'deal_form');
    expect(forms.map((m) => [m.seat, m['deal']])).toEqual([
      ['you', { issue2youget: { Food: 3, Water: 3, Firewood: 3 }, issue2theyget: { Food: 0, Water: 0, Firewood: 0 } }],
      ['you', { issue2youget: { Food: 3, Water: 0, Firewood: 3 }, issue2theyget: { Food: 0, Water: 3, Firewood: 0 } }],
    ]);
    // Free-text messages keep the seat's kind; Jo's answer to the last offer closes the chat.
    expect(transcript.messages.filter((m) => m.seat === 'you' && m.kind === 'evaluated')).toHaveLength(5);
    expect(transcript.messages.at(-1)).toMatchObject({ seat: 'Jo', text: 'Accept-Deal' });
    expect(transcript).toMatchObject({ ended: 'deal_accepted', score: { pass: true, details: { conflict_outcome: 'best_joint_deal', conflict_score: 1 } } });
  });

  it('refuses the form on a task that has none', async () => {
    const view = await startTeamRun(host, { ...run, studyKey: 'built-in:team-demo', taskId: 'hidden-profile', participant: 'P-deal-2', version: 'control', seed: 0 });
    expect(view.deal).toBeNull();
    const before = host.events(view.sessionId).length;
    expect(await offer(view.sessionId, { Food: 3, Water: 0, Firewood: 3 }, { Food: 0, Water: 3, Firewood: 0 })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'This task has no deal form.' },
    });
    expect(host.events(view.sessionId).length).toBe(before);
  });
});

describe('a split typed as the answer (issue 23)', () => {
  const submitted = async (participant: string, version: 'alone' | 'manipulation', answer: string) => {
    let view = await startTeamRun(host, { ...run, participant, version, seed: version === 'alone' ? 0 : 1 });
    view = await host.call<TeamView>('teamSubmit', { sessionId: view.sessionId, answer });
    if (view.status === 'checking') view = await host.untilChecked(view.sessionId);
    const exported = await host.call<{ score: { pass: boolean; outcome: string } }>('teamExport', { sessionId: view.sessionId });
    return { view, score: exported.score, kinds: kinds(view.sessionId) };
  };

  it('is the offer it states: the best split in words is answered by Jo and scored as the deal', async () => {
    const done = await submitted('P-words-1', 'manipulation', 'Lake camp gets the 3 water. Pine camp keeps all the food and the firewood.');
    expect(done.score).toEqual({ pass: true, outcome: 'best_joint_deal joint=42/42' });
    // The offer read from the words is recorded before the submission, answered, and only then checked.
    const from = done.kinds.indexOf('deal_proposed');
    expect(done.kinds.slice(from)).toEqual(['deal_proposed', 'submitted', 'seat_message', 'deal_accepted', 'checked', 'ended']);
  });

  it('is the same when the answer is the packages themselves (as an API client sends the form’s split)', async () => {
    let view = await startTeamRun(host, { ...run, participant: 'P-words-5' });
    view = await host.call<TeamView>('teamSubmit', { sessionId: view.sessionId, answer: { Food: 3, Water: 0, Firewood: 3 } });
    if (view.status === 'checking') view = await host.untilChecked(view.sessionId);
    const exported = await host.call<{ score: { pass: boolean; outcome: string } }>('teamExport', { sessionId: view.sessionId });
    expect(exported.score).toEqual({ pass: true, outcome: 'best_joint_deal joint=42/42' });
  });

  it('in the alone version, is the split the checker scores', async () => {
    expect((await submitted('P-words-2', 'alone', 'pine: 3 food 3 firewood / lake: 3 water')).score).toEqual({ pass: true, outcome: 'best_joint_deal joint=42/42' });
    expect((await submitted('P-words-3', 'alone', 'Pine camp takes everything.')).score.pass).toBe(false);
  });

  it('changes nothing when the words state no whole split', async () => {
    const done = await submitted('P-words-4', 'manipulation', 'We should share fairly, water matters to them.');
    expect(done.kinds).not.toContain('deal_proposed');
    expect(done.score.pass).toBe(false);
  });
});
