import { describe, expect, it } from 'vitest';
import { fridayDeploy } from '../pack/fixtures/fridayDeploy.js';
import { teamTaskSchema, type PartnerSeat, type TeamTaskInput } from '../pack/schema.js';
import type { SessionEvent } from '../engine/events.js';
import { next, resolvedFor } from '../engine/next.js';
import { applyEvent, initialState, type SessionState } from '../engine/state.js';
import { duePartners } from './due.js';
import { factsInText } from './factCheck.js';
import { partnerMessages } from './partnerPrompt.js';
import { partnerPlan, partnerProblems, partnersSectionSchema } from './partnersSchema.js';

const withKeywords = (t: TeamTaskInput) => {
  const you = t.seats[0] as { facts: { keywords?: string[] }[] };
  you.facts[0]!.keywords = ['CI is red', 'payments suite'];
  return t;
};
const task = teamTaskSchema.parse(withKeywords(structuredClone(fridayDeploy)));
const resolved = resolvedFor(task, 'manipulation');
const priya = resolved.seats.find((s): s is PartnerSeat => s.name === 'Priya')!;
const live = new Set(['Priya']);

/** The session up to the participant's first message, the engine run as the session runner runs it. */
function afterSaying(text: string, to: string, options: { livePartners?: ReadonlySet<string> } = {}): SessionState {
  let s = applyEvent(initialState(), { type: 'session_started', task_id: task.id, version: 'manipulation', seed: 1, participant: 'P' });
  const run = () => {
    for (let step = next(task, s, options); step.effects.length > 0; step = next(task, s, options)) {
      for (const e of step.effects) if (e.type === 'append') s = applyEvent(s, e.event);
    }
  };
  run();
  s = applyEvent(s, { type: 'participant_message', text, to });
  return s;
}
const apply = (s: SessionState, ...events: SessionEvent[]) => events.reduce(applyEvent, s);

describe('partners: section', () => {
  const models = { haiku: { base_url: 'http://127.0.0.1:9/v1', model: 'claude-haiku-4-5', key_env: 'ANTHROPIC_KEY', temperature: 0 } };
  it('plays a seat by its own entry over the defaults, a models: entry by name, and keeps `live: false` seats scripted', () => {
    const section = partnersSectionSchema.parse({
      endpoint: 'haiku',
      timeout_seconds: 5,
      seats: { Priya: { endpoint: { base_url: 'http://127.0.0.1:8080/v1', model: 'qwen3-14b' }, timeout_seconds: 2 }, Sam: { live: false } },
    });
    expect(partnerPlan(section, models, 'Priya')).toEqual({ live: true, endpoint: { base_url: 'http://127.0.0.1:8080/v1', model: 'qwen3-14b', temperature: 0 }, timeoutMs: 2000, modelName: null });
    expect(partnerPlan(section, models, 'Lee')).toEqual({ live: true, endpoint: models.haiku, timeoutMs: 5000, modelName: 'haiku' });
    expect(partnerPlan(section, models, 'Sam')).toEqual({ live: false });
    expect(partnerPlan(undefined, models, 'Priya')).toEqual({ live: false });
    expect(partnerPlan(partnersSectionSchema.parse({ live: true }), models, 'Priya')).toEqual({ live: false });
  });
  it('refuses a key in the file and names a models: entry the study lacks', () => {
    const keyed = partnersSectionSchema.safeParse({ endpoint: { base_url: 'https://api.openai.com/v1', model: 'gpt-5-mini', api_key: 'sk-x' } });
    expect(keyed.success).toBe(false);
    const section = partnersSectionSchema.parse({ seats: { Priya: { endpoint: 'gpt' } } });
    expect(partnerProblems(section, models)).toEqual([{ path: ['partners', 'seats', 'Priya', 'endpoint'], message: 'no entry "gpt" under models: (expected one of haiku)' }]);
  });
});

describe('which live partners answer', () => {
  it('every direct message, with the scripted reply as the fallback', () => {
    const s = afterSaying('hello there', 'Priya', { livePartners: live });
    expect(duePartners(resolved, 'you', s, live)).toEqual([
      { partner: priya, why: 'direct', fallback: expect.objectContaining({ seat: 'Priya', to: 'you', text: priya.default_reply, source: { kind: 'default_reply' } }) },
    ]);
  });
  it('a channel message that matches one of its replies, or that names it; not one that does neither', () => {
    const matched = duePartners(resolved, 'you', afterSaying('what could break in the migration?', 'team'), live);
    expect(matched.map((d) => [d.why, d.fallback.source?.id, d.fallback.reveals])).toEqual([['reply_matched', 'migration', ['f_lock']]]);
    const named = duePartners(resolved, 'you', afterSaying('priya, thoughts?', 'team'), live);
    expect(named.map((d) => [d.why, d.fallback.to, d.fallback.text])).toEqual([['named', 'team', priya.default_reply]]);
    expect(duePartners(resolved, 'you', afterSaying('let us wait', 'team'), live)).toEqual([]);
    expect(duePartners(resolved, 'you', afterSaying('what could break in the migration?', 'team'), new Set())).toEqual([]);
  });
});

describe('the engine with a live partner', () => {
  it('waits for the partner after a direct message, then goes on without saying the scripted reply as well', () => {
    const s = afterSaying('What is the risk of the migration?', 'Priya', { livePartners: live });
    expect(next(task, s, { livePartners: live })).toEqual({ effects: [], waitFor: 'partner' });
    // Without live partners the engine is unchanged: the scripted reply, then the next round.
    const scripted = next(task, s).effects.flatMap((e) => (e.type === 'append' && e.event.type === 'seat_message' ? [e.event.text] : []));
    expect(scripted[0]).toBe('The 4.2 migration locks the payments table for about 40 minutes.');

    const answered = apply(s, { type: 'seat_message', seat: 'Priya', to: 'you', text: 'It holds a lock on payments for 40 min.', source: { kind: 'live' }, reveals: ['f_lock'] });
    const step = next(task, answered, { livePartners: live });
    expect(step.waitFor).toBe('participant');
    const said = step.effects.flatMap((e) => (e.type === 'append' && e.event.type === 'seat_message' ? [e.event.seat] : []));
    expect(said).not.toContain('Priya');
    expect(step.effects.some((e) => e.type === 'append' && e.event.type === 'round_started' && e.event.round === 2)).toBe(true);
    expect(answered.revealed).toEqual(['f_lock']);
  });
});

describe('facts in a live text', () => {
  it("marks the partner's own facts revealed and records other seats' facts as not held", () => {
    expect(factsInText(resolved, 'Priya', 'The migration locks payments for 40 min.')).toEqual({ revealed: ['f_lock'], notHeld: [] });
    expect(factsInText(resolved, 'Priya', 'I heard CI is red too.')).toEqual({ revealed: [], notHeld: ['f_ci'] });
    expect(factsInText(resolved, 'Priya', 'No idea.')).toEqual({ revealed: [], notHeld: [] });
  });
});

describe('the prompt of a live partner', () => {
  it('holds its persona and its own facts, and only the messages it could read', () => {
    let s = afterSaying('psst, Dana, are you sure?', 'Dana');
    s = apply(s, { type: 'participant_message', text: 'Priya, what locks?', to: 'Priya' });
    const messages = partnerMessages(resolved, priya, s);
    const system = messages[0]!.content;
    expect(system).toContain(priya.persona);
    expect(system).toContain('The 4.2 migration locks the payments table for 40 minutes.');
    expect(system).not.toContain('CI is red on the payments suite');
    expect(JSON.stringify(messages)).not.toMatch(/complies|psst|label/);
    // The evaluated seat is named `you` in the pack; to the partner it is its role (issue 28), never "you".
    const role = resolved.seats.find((x) => x.kind === 'evaluated')!.role;
    expect(messages.at(-1)).toEqual({ role: 'user', content: `the ${role} (to you directly): Priya, what locks?` });
    expect(system).toContain(`as the ${role} was told it`);
    expect(system).not.toMatch(/\byou \(|as you was/);
  });
});
