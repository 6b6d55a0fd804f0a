import fs from 'node:fs';
import path from 'node:path';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import type { createTestApp } from '../testing/testApp.js';
import type { ParticipantScreen } from '../../shared/contract/study.js';
import { resultsWriterOf } from './handlers.js';

/** A user study in the test's data folder: one team demo task (hidden-profile by default) under a 3-participant between protocol. */
export const STUDY_KEY = 'user:between-test';
export const STUDY_ID = 'between-test';

export function writeBetweenStudy(dataDir: string, task = 'hidden-profile'): void {
  const dir = path.join(dataDir, 'studies', 'between-test');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  const repo = path.resolve(import.meta.dirname, '../..');
  fs.copyFileSync(path.join(repo, `studies/team-demo/tasks/${task}.yaml`), path.join(dir, `tasks/${task}.yaml`));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: ${STUDY_ID}
title: Between-subjects test study
kind: team
tasks: [tasks/${task}.yaml]
protocol:
  participants: { list: [T01, T02, T03] }
  design: between
  ordering: fixed
  screens:
    consent: { text: "We record your messages and answers.", checkbox: "I agree to take part" }
    questionnaire:
      questions:
        - { id: effort, kind: likert, text: "How hard did you try?", points: 5 }
        - { id: comment, kind: text, text: "Anything else?" }
    debrief: { text: "Your teammates were scripted." }
    completion: { code: DONE-123 }
`,
  );
}

export type TestApp = ReturnType<typeof createTestApp>;

export async function call<T>(app: TestApp, method: string, args: unknown): Promise<T> {
  const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
}

export async function refused(app: TestApp, method: string, args: unknown): Promise<string> {
  const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
  if (r.ok) throw new Error(`${method} was accepted`);
  return r.error.message;
}

export const idle = (app: TestApp) => resultsWriterOf(app)!.idle();

export type Screen<K extends ParticipantScreen['screen']> = Extract<ParticipantScreen, { screen: K }>;

/** Consent, then the run step started: returns the run's session id. */
export async function consentAndStart(app: TestApp, participantId: string): Promise<string> {
  const consent = await call<Screen<'consent'>>(app, 'participantStep', { participantId });
  const run = await call<Screen<'run'>>(app, 'participantConsent', { participantId, stepToken: consent.stepToken, agree: true });
  const started = await call<Screen<'run'>>(app, 'participantStartRun', { participantId, stepToken: run.stepToken });
  return started.run!.runId;
}

/** Ends a hidden-profile run by submitting the right location. */
export async function submitRun(app: TestApp, runId: string): Promise<void> {
  await call(app, 'teamSubmit', { sessionId: runId, answer: 'West City' });
}

/** Every file under a folder, as paths relative to it (the writer's own hidden manifest left out). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}
