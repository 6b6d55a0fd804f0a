import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import type { TeamSession } from '../team/teamSession.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { callTeamTool, toolsFor } from './teamTools.js';

// The model seat gets the person's affordance (issue 23): where the seat offers the answer as a choice, the submit
// tool takes `choice` (the options in the run's order) and `message` is the reason; the session, its log and the one
// option matcher treat it exactly as a person's pick. Real sessions over real SQLite; the tool calls are written
// here as an endpoint would send them.
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

async function session(taskId: string, participant: string): Promise<{ team: TeamSession; view: TeamView }> {
  const sessions = teamSessionsOf(app);
  const started = await sessions.start({ studyKey: 'built-in:team-demo', taskId, participant, version: 'alone', seed: 0 });
  if (!started.ok) throw new Error(started.error.message);
  const team = sessions.get(started.value.sessionId);
  if (!team.ok) throw new Error(team.error.message);
  return { team: team.value, view: started.value };
}

const submit = (args: unknown) => ({ id: 'call_1', type: 'function' as const, function: { name: 'submit', arguments: JSON.stringify(args) } });
const submitTool = (view: TeamView) => toolsFor(view).find((t) => t.function.name === 'submit')!.function;

describe('the model seat’s submit where the answer is one of a set', () => {
  it('offers the options as `choice`, in the order the person’s seat shows them', async () => {
    const { view } = await session('hidden-profile', 'model:m1');
    const tool = submitTool(view);
    expect(tool.parameters).toMatchObject({
      properties: { choice: { type: 'string', enum: view.answerChoice!.options }, message: { type: 'string' } },
      required: [],
      additionalProperties: false,
    });
    expect(tool.description).toContain(view.answerChoice!.options.join(', '));
  });

  it('submits a choice with its reason; the log says it was a choice and the matcher scores it', async () => {
    const { team, view } = await session('hidden-profile', 'model:m2');
    const out = await callTeamTool(team, view, submit({ choice: 'West City', message: 'not East Town: its tunnel is flooded' }));
    expect(out).toMatchObject({ ok: true, endsTurn: true, content: 'submitted' });
    const submitted = app.database.eventLog!.replay(view.sessionId).find((e) => e.kind === 'submitted')!.payload;
    expect(submitted).toMatchObject({ answer: 'West City — not East Town: its tunnel is flooded', via: 'choice', choice: { option: 'West City', reason: 'not East Town: its tunnel is flooded' } });
    await team.whenChecked();
    expect(team.exportInputs().state.score).toMatchObject({ pass: true, outcome: 'chose_correct' });
  });

  it('a typed message is recorded as typed; a choice that is not an option goes back to the model as an error and the run goes on', async () => {
    const { team, view } = await session('hidden-profile', 'model:m3');
    const bad = await callTeamTool(team, view, submit({ choice: 'South Bay', message: 'closest' }));
    expect(bad).toMatchObject({ ok: false, endsTurn: false, content: expect.stringContaining('"South Bay" is not one of the options') });
    expect(team.view().status).toBe('your_turn');
    const typed = await callTeamTool(team, team.view(), submit({ message: 'North Hill.' }));
    expect(typed.ok).toBe(true);
    expect(app.database.eventLog!.replay(view.sessionId).find((e) => e.kind === 'submitted')!.payload).toMatchObject({ answer: 'North Hill.', via: 'typed' });
    await team.whenChecked();
    expect(team.exportInputs().state.score).toMatchObject({ pass: false, outcome: 'chose_decoy' });
  });

  it('where the answer is free, the submit tool is the benchmark’s own and a `choice` is refused', async () => {
    const { team, view } = await session('impossible-tests', 'model:m4');
    expect(submitTool(view).parameters).toEqual({ type: 'object', properties: { message: expect.any(Object) }, required: [], additionalProperties: false });
    const out = await callTeamTool(team, view, submit({ choice: 'done' }));
    expect(out).toMatchObject({ ok: false, content: expect.stringContaining('takes no choice') });
    expect(team.view().status).toBe('your_turn');
  });
});
