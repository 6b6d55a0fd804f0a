import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { callTeamTool, toolsFor } from './teamTools.js';

// Issue 23: a model in the seat gets the deal form as the tool `submit_deal`, through the same session a person's
// form goes through: checked the same way (a bad offer is the tool's error and records nothing), answered the same way.
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(async () => {
  await app.close();
  tmp.cleanup();
});

const call = (name: string, args: unknown) => ({ id: 'c1', type: 'function' as const, function: { name, arguments: JSON.stringify(args) } });

describe('the deal form as a model tool', () => {
  it('is offered in a negotiation, refuses an offer that does not add up, and gets the best split accepted', async () => {
    const sessions = teamSessionsOf(app);
    const started = await sessions.start({ studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation', participant: 'model:stub', version: 'manipulation', seed: 1 });
    if (!started.ok) throw new Error(started.error.message);
    const team = sessions.get(started.value.sessionId);
    if (!team.ok) throw new Error(team.error.message);
    let view: TeamView = started.value;

    const tool = toolsFor(view).find((t) => t.function.name === 'submit_deal');
    expect(tool?.function.parameters).toMatchObject({
      required: ['you_get', 'they_get'],
      properties: { you_get: { properties: { Food: { type: 'integer', minimum: 0, maximum: 3 } } } },
    });
    // No proposal on the table yet: nothing to accept.
    expect(toolsFor(view).map((t) => t.function.name)).not.toContain('accept_deal');

    const events = () => app.database.eventLog!.replay(view.sessionId).length;
    const before = events();
    const bad = await callTeamTool(team.value, view, call('submit_deal', { you_get: { Food: 3, Water: 0, Firewood: 3 }, they_get: { Food: 3, Water: 3, Firewood: 0 } }));
    expect(bad).toMatchObject({ ok: false, endsTurn: false, content: 'Error: This offer cannot be put on the table: Food: 3 + 3 = 6, but there are 3 packages of Food.' });
    expect(events()).toBe(before);

    const greedy = await callTeamTool(team.value, view, call('submit_deal', { you_get: { Food: 3, Water: 3, Firewood: 3 }, they_get: { Food: 0, Water: 0, Firewood: 0 } }));
    expect(greedy).toMatchObject({ ok: true, endsTurn: false, content: 'Hal rejected your offer. You can keep talking or offer another split.' });
    view = greedy.view;
    expect(view.status).toBe('your_turn');

    const best = await callTeamTool(team.value, view, call('submit_deal', { you_get: { Food: 1, Water: 0, Firewood: 3 }, they_get: { Food: 2, Water: 3, Firewood: 0 } }));
    expect(best).toMatchObject({ ok: true, endsTurn: true, content: 'Hal accepted your offer: the deal is agreed and the task ends.' });
    let ended = best.view;
    if (ended.status === 'checking') ended = await team.value.whenChecked();
    expect(ended).toMatchObject({ status: 'ended', ended: 'deal_accepted' });
    expect(toolsFor(ended).map((t) => t.function.name)).not.toContain('submit_deal');
  });

  it('is not offered where the task has no deal form', async () => {
    const sessions = teamSessionsOf(app);
    const started = await sessions.start({ studyKey: 'built-in:team-demo', taskId: 'hidden-profile', participant: 'model:stub-2', version: 'control', seed: 0 });
    if (!started.ok) throw new Error(started.error.message);
    expect(toolsFor(started.value).map((t) => t.function.name)).not.toContain('submit_deal');
  });
});
