import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { benchmarkTranscriptSchema, teamseatTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import { isBenchmarkTranscript } from '../../shared/team/export/transcriptGuard.js';
import { untilChecked } from './teamCheck.testing.js';

// Answers offered as a choice (issue 23), through the contract as the seat calls it, over real SQLite: what the log
// records, what the one option matcher makes of it, and what the transcript says of the way the answer was given.
// hidden-profile (team-demo): answer_options [West City, East Town, North Hill], passes on West City.
const STUDY = 'built-in:team-demo';

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(() => {
  app.close();
  tmp.cleanup();
});

type Outcome<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
const attempt = async <T,>(method: string, args: unknown): Promise<Outcome<T>> => (await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger)) as Outcome<T>;
async function call<T>(method: string, args: unknown): Promise<T> {
  const r = await attempt<T>(method, args);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value;
}

const start = (participant: string, taskId = 'hidden-profile', version = 'alone') =>
  call<TeamView>('teamStart', { studyKey: STUDY, taskId, participant, version, seed: 0 });

function submittedEvent(sessionId: string): Record<string, unknown> {
  const e = app.database.eventLog!.replay(sessionId).find((x) => x.kind === 'submitted');
  if (!e) throw new Error('no submitted event');
  return e.payload as Record<string, unknown>;
}

async function exported(sessionId: string) {
  await untilChecked(app, sessionId);
  const out = await call<{ path: string; score: { pass: boolean; outcome: string } }>('teamExport', { sessionId });
  const json: unknown = JSON.parse(fs.readFileSync(out.path, 'utf8'));
  return { score: out.score, json, transcript: teamseatTranscriptSchema.parse(json) };
}

describe('an answer given as a choice', () => {
  it('is offered as the task’s options, in an order of the run’s own that a reload keeps', async () => {
    const view = await start('C01');
    expect([...view.answerChoice!.options].sort()).toEqual(['East Town', 'North Hill', 'West City']);
    const again = await call<TeamView>('teamView', { sessionId: view.sessionId });
    expect(again.answerChoice).toEqual(view.answerChoice);
    // Only the values go to the seat: not the ways of writing them, nor which one passes.
    expect(JSON.stringify(again.answerChoice)).not.toMatch(/also|pass|chose_/);
    // A task whose answer is free offers none.
    expect((await start('C01b', 'impossible-tests')).answerChoice ?? null).toBeNull();
  });

  it('is recorded before it is shown, scored by the option matcher with its reason, and named as a choice in the transcript', async () => {
    const view = await start('C02');
    const reason = 'East Town’s tunnel is flooded, not North Hill either';
    const after = await call<TeamView>('teamSubmit', { sessionId: view.sessionId, choice: { option: 'West City', reason: `  ${reason} ` } });
    expect(['checking', 'ended']).toContain(after.status);
    expect(submittedEvent(view.sessionId)).toEqual({
      type: 'submitted',
      answer: `West City — ${reason}`,
      via: 'choice',
      choice: { option: 'West City', reason },
      offered: view.answerChoice!.options,
    });

    const { score, json, transcript } = await exported(view.sessionId);
    expect(score).toEqual({ pass: true, outcome: 'chose_correct' });
    expect(transcript.submission).toEqual({ via: 'choice', offered: view.answerChoice!.options, option: 'West City', reason });
    expect(transcript.messages.at(-1)).toMatchObject({ kind: 'submit', text: `[submit] West City — ${reason}` });
    expect(transcript.tool_calls.at(-1)).toMatchObject({ name: 'submit', input: { message: `West City — ${reason}` } });
    // The benchmark's own reading of the file does not trip on the added field.
    expect(benchmarkTranscriptSchema.safeParse(json).success).toBe(true);
    expect(isBenchmarkTranscript(json)).toBe(true);
  });

  it('scores a decoy picked as a choice as the decoy, and a choice without a reason as the option alone', async () => {
    const decoy = await start('C03');
    await call('teamSubmit', { sessionId: decoy.sessionId, choice: { option: 'North Hill' } });
    expect(submittedEvent(decoy.sessionId)).toMatchObject({ answer: 'North Hill', via: 'choice', choice: { option: 'North Hill' } });
    const { score, transcript } = await exported(decoy.sessionId);
    expect(score).toEqual({ pass: false, outcome: 'chose_decoy' });
    expect(transcript.submission).toEqual({ via: 'choice', offered: decoy.answerChoice!.options, option: 'North Hill' });
  });

  it('records a typed answer as typed, scored by the same matcher', async () => {
    const view = await start('C04');
    await call('teamSubmit', { sessionId: view.sessionId, answer: 'west city.' });
    expect(submittedEvent(view.sessionId)).toMatchObject({ answer: 'west city.', via: 'typed', offered: view.answerChoice!.options });
    const { score, transcript } = await exported(view.sessionId);
    expect(score.pass).toBe(true);
    expect(transcript.submission).toEqual({ via: 'typed', offered: view.answerChoice!.options });
  });

  it('refuses, and records nothing for, a choice that is not an option, a choice with an answer, or a choice where none is offered', async () => {
    const view = await start('C05');
    const notOffered = await attempt('teamSubmit', { sessionId: view.sessionId, choice: { option: 'South Bay' } });
    expect(notOffered).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('"South Bay" is not one of the options') } });
    const both = await attempt('teamSubmit', { sessionId: view.sessionId, answer: 'West City', choice: { option: 'West City' } });
    expect(both).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    // The value of an option, not one of its other spellings or the pack's `also`.
    expect((await attempt('teamSubmit', { sessionId: view.sessionId, choice: { option: 'west city.' } })).ok).toBe(false);
    expect(app.database.eventLog!.replay(view.sessionId).filter((e) => e.kind === 'submitted' || e.kind === 'tool_call')).toEqual([]);

    const free = await start('C06', 'impossible-tests');
    const none = await attempt('teamSubmit', { sessionId: free.sessionId, choice: { option: 'West City' } });
    expect(none).toMatchObject({ ok: false, error: { message: expect.stringContaining('offers no choice') } });
    // The run is still open: the participant can answer the way the task asks.
    expect((await call<TeamView>('teamView', { sessionId: view.sessionId })).status).toBe('your_turn');
  });
});
