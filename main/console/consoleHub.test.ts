import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../app/eventBus.js';
import { ConsoleHub, LEASE_MS } from './consoleHub.js';
import { createExperimenterLabeller } from './experimenterLabeller.js';
import { experimenterLabellerSchema } from '../../shared/team/console/consoleSchema.js';
import { createRulesLabeller, type Labeller, type LabelRequest } from '../../shared/team/labeller/index.js';
import { projectEvent } from '../access/project.js';
import { refusal } from '../access/policy.js';
import type { AppEvent } from '../../shared/contract/events.js';

const labels = [
  { id: 'asks_route', definition: 'Asks about the route.', rules: [], default: false },
  { id: 'other', definition: 'Anything else.', rules: [], default: true },
];
const request = { task: { labels }, version: 'manipulation', message: { round: 1, to: 'team', text: 'hello' }, history: [] } as unknown as LabelRequest;

let now = 1_000_000;
let hub: ConsoleHub;
let events: AppEvent[];
beforeEach(() => {
  vi.useFakeTimers();
  now = 1_000_000;
  const bus = new EventBus();
  events = [];
  bus.subscribe((e) => events.push(e));
  hub = new ConsoleHub(bus, () => now);
});
afterEach(() => vi.useRealTimers());

const labeller = (yaml: Record<string, unknown>, panel: Labeller | null = null) =>
  createExperimenterLabeller({ hub, sessionId: 's1', config: experimenterLabellerSchema.parse({ source: 'experimenter', ...yaml }), rules: createRulesLabeller(), panel: () => panel });

describe('console hub and the experimenter labeller', () => {
  it('holds the round however long the experimenter takes under `hold`, then records the pick', async () => {
    let decided: unknown = null;
    void labeller({ timeout_sec: 1, on_timeout: 'hold' })
      .label(request)
      .then((d) => (decided = d));
    expect(hub.queue('s1')).toEqual([expect.objectContaining({ text: 'hello', fallbackAt: null, messageIndex: 0 })]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(decided).toBeNull();
    expect(hub.claim('s1', 'c1')).toBe('driver');
    expect(hub.decide('s1', 'c1', hub.queue('s1')[0]!.requestId, 'asks_route')).toEqual({ ok: true, value: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(decided).toMatchObject({ label: 'asks_route', source: 'experimenter', raw: { experimenter: { console: 'c1', timed_out: false, on_timeout: 'hold' } } });
    expect(hub.queue('s1')).toEqual([]);
    expect(events.filter((e) => e.type === 'console.queue')).toHaveLength(2);
  });

  it('falls back to the panel when allowed, to the rules when Settings keep the panel off', async () => {
    const panel: Labeller = { source: 'llm', label: () => Promise.resolve({ label: 'other', source: 'llm', rule: 'referee+second', raw: { panel: { rule: 'referee+second' } } }) };
    const withPanel = labeller({ timeout_sec: 2, on_timeout: 'panel', panel: { referee: { base_url: 'http://x', model: 'a' }, second: { base_url: 'http://x', model: 'b' }, third: { base_url: 'http://x', model: 'c' } } }, panel).label(request);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await withPanel).toMatchObject({ label: 'other', source: 'llm', rule: 'referee+second', raw: { panel: { rule: 'referee+second' }, experimenter: { timed_out: true, on_timeout: 'panel' } } });
    const panelOff = labeller({ timeout_sec: 2, on_timeout: 'panel', panel: { referee: { base_url: 'http://x', model: 'a' }, second: { base_url: 'http://x', model: 'b' }, third: { base_url: 'http://x', model: 'c' } } }, null).label(request);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await panelOff).toMatchObject({ label: 'other', source: 'rules', rule: 'fallback:default' });
  });

  it('gives a session to one console; a second is read-only until the first releases it or its lease lapses', () => {
    expect(hub.claim('s1', 'first')).toBe('driver');
    expect(hub.claim('s1', 'second')).toBe('viewer');
    now += LEASE_MS - 1;
    expect(hub.claim('s1', 'first')).toBe('driver'); // renewed
    now += LEASE_MS - 1;
    expect(hub.claim('s1', 'second')).toBe('viewer');
    now += 2;
    // The first page is gone (no renewal for a whole lease): the second takes over.
    expect(hub.claim('s1', 'second')).toBe('driver');
    expect(hub.claim('s1', 'first')).toBe('viewer');
    expect(hub.release('s1', 'first')).toBe(false);
    expect(hub.release('s1', 'second')).toBe(true);
    expect(hub.claim('s1', 'first')).toBe('driver');
  });

  it('never lets a participant or rater link see the queue or call the console', async () => {
    const participant = { kind: 'participant' as const, studyKey: 'user:x', participantId: 'p_0123456789abcdef' };
    expect(projectEvent(participant, { type: 'console.queue', sessionId: 's1' }, { seat: { kind: 'team', sessionId: 's1' }, sessions: [] })).toBeNull();
    const owned = { participantSeat: () => Promise.resolve({ kind: 'team' as const, sessionId: 's1' }), raterSessions: () => Promise.resolve(['s1']), studyAlias: () => 'study-alias' };
    for (const method of ['consoleView', 'consoleDecide', 'consoleRelease']) {
      expect(await refusal(participant, method, { sessionId: 's1' }, owned)).toMatch(/may not call/);
      expect(await refusal({ kind: 'rater', studyKey: 'user:x', rater: 'r1' }, method, { sessionId: 's1' }, owned)).toMatch(/may not call/);
    }
  });
});
