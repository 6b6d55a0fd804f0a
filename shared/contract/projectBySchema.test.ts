import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { participantRunViewSchema, participantTeamViewSchema } from './access.js';
import { projectionOf } from './projectBySchema.js';
import type { TeamView } from '../team/viewSchema.js';

const teamView: TeamView = {
  sessionId: 's1',
  studyKey: 'built-in:team-demo',
  taskId: 'negotiation-campsite',
  taskTitle: 'Campsite',
  version: 'manipulation',
  seed: 2,
  participant: 'K7QX-P01',
  startedAt: '2026-12-02T06:00:00.000Z',
  endedAt: null,
  clock: { activeMs: 1200, running: true, limitMs: 600_000, warnAtMs: 540_000 },
  timeWarning: null,
  instructions: 'Agree on a split.',
  you: { name: 'You', role: 'camper', facts: ['You need firewood.'] },
  teammates: [{ name: 'Sam', role: 'camper', system: false }],
  channels: ['team', 'Sam'],
  messages: [
    { index: 0, round: 1, from: 'Sam', to: 'team', text: 'Hi', mine: false, system: false },
    { index: 1, round: 1, from: 'You', to: 'team', text: 'Hello', mine: true, system: false },
  ],
  round: 1,
  rounds: 6,
  status: 'your_turn',
  pausedReason: null,
  ended: null,
  deal: { proposal: { from: 'Sam', youGet: { water: 2 }, theyGet: { firewood: 1 } }, accepted: false },
  workspace: { tools: [] },
  inbox: [{ id: 'm1', from: 'Lead', subject: 'Note', body: 'Read this.' }],
};

/** The same view with a key the schema does not name at every depth (what a later change to the view might add). */
function withExtras(view: TeamView): unknown {
  return {
    ...view,
    script: 'hidden',
    clock: view.clock && { ...view.clock, label: 'give_way' },
    you: { ...view.you, privateFacts: ['x'] },
    teammates: view.teammates.map((t) => ({ ...t, scripted: true })),
    messages: view.messages.map((m) => ({ ...m, label: 'agree', rater: 'referee' })),
    deal: view.deal && { ...view.deal, proposal: view.deal.proposal && { ...view.deal.proposal, checker: 'x' }, secret: 1 },
    workspace: view.workspace && { ...view.workspace, resultPath: '/data/results' },
    inbox: view.inbox.map((m) => ({ ...m, seed: 3 })),
  };
}

describe('projectionOf: keeps what the schema names, as zod parse does', () => {
  const project = projectionOf(participantTeamViewSchema);

  it('gives what parse gives for a whole team view, with and without keys the schema does not name', () => {
    expect(project(teamView)).toEqual(participantTeamViewSchema.parse(teamView));
    expect(project(withExtras(teamView))).toEqual(participantTeamViewSchema.parse(withExtras(teamView)));
  });

  it('drops the version, seed, study key and task id, and every key added at any depth', () => {
    const text = JSON.stringify(project(withExtras(teamView)));
    for (const hidden of ['manipulation', '"seed"', 'built-in:team-demo', 'negotiation-campsite', 'give_way', 'privateFacts', 'scripted', 'agree', 'referee', 'checker', 'secret', '/data/results', 'script']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('follows nulls and absent optionals as parse does', () => {
    const bare = { ...teamView, deal: null, workspace: null, clock: undefined, timeWarning: undefined, endedAt: '2026-12-02T06:10:00.000Z' };
    expect(project(withExtras(bare))).toEqual(participantTeamViewSchema.parse(withExtras(bare)));
  });

  it('falls back to parse where the value is not the shape the schema names (an object for a string fails)', () => {
    expect(() => project({ ...teamView, taskTitle: { secret: 1 } })).toThrow();
    expect(() => project({ ...teamView, messages: 'x' })).toThrow();
  });

  it('projects unions by parse (a shape it does not walk)', () => {
    const schema = z.object({ a: z.union([z.object({ k: z.literal(1) }), z.object({ j: z.literal(2) })]) });
    expect(projectionOf(schema)({ a: { k: 1, hidden: true }, b: 1 })).toEqual({ a: { k: 1 } });
  });

  it('projects a Slack run view as parse does', () => {
    const runView = {
      runId: 'f691f33a7655f75585b5666c', studyKey: 'built-in:slack-demo', queryId: 'q1', category: 'CI', query: 'Why?', participant: 'P',
      workspaceId: 'w', status: 'running', startedAt: '2026-12-01T18:45:23.000Z', timeLimitMs: 1_200_000,
      elapsedMs: 1000, remainingMs: 1_199_000, pauses: [], actionCount: 1, answer: null, grading: 'not_submitted', extra: 1,
    };
    expect(projectionOf(participantRunViewSchema)(runView)).toEqual(participantRunViewSchema.parse(runView));
  });
});
