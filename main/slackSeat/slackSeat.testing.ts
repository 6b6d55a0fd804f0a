import { dispatch } from '../app/dispatch.js';
import type { Logger } from '../app/logger.js';
import { silentLogger } from '../app/logger.js';
import type { AppEvent } from '../../shared/contract/events.js';
import type { WorkspaceStatus } from '../../shared/contract/slack.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import type { createTestApp } from '../testing/testApp.js';

// Test helpers: call the app through dispatch exactly as the UI does, and wait for imports on the event stream.

export type TestApp = ReturnType<typeof createTestApp>;
export const DEMO = 'built-in:slack-demo';

export function caller(getApp: () => TestApp, log: Logger = silentLogger) {
  const seen: unknown[] = [];
  async function attempt(method: string, args: unknown) {
    const r = await dispatch(getApp().handlers, method, args, { host: 'test' }, log);
    seen.push(r);
    return r;
  }
  async function call<T>(method: string, args: unknown): Promise<T> {
    const r = await attempt(method, args);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  }
  /** Every response so far (values and errors), as the UI received them. */
  return { call, attempt, seen };
}

/** Opens (importing on first open) and resolves when the workspace is ready, failed or cancelled. */
export async function openAndWait(app: TestApp, method: 'slackOpenStudyWorkspace' | 'slackImportExport', args: unknown, events: AppEvent[] = []): Promise<WorkspaceStatus> {
  const finished = new Set<string>();
  const off = app.bus.subscribe((e) => {
    events.push(e);
    if (e.type === 'slack.import.done') finished.add(e.importId);
  });
  try {
    const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    const status = r.value as WorkspaceStatus;
    if (status.status !== 'importing' || !status.importId) return status;
    const importId = status.importId;
    while (!finished.has(importId)) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await dispatch(app.handlers, 'slackWorkspaceStatus', { workspaceId: status.workspaceId }, { host: 'test' }, silentLogger);
    if (!after.ok) throw new Error(after.error.message);
    return after.value as WorkspaceStatus;
  } finally {
    off();
  }
}

/** slack-demo's first participant through consent and instructions into their practice query's run. */
export async function startSlackPractice(app: TestApp): Promise<{ participantId: string; code: string; runId: string }> {
  const { call } = caller(() => app);
  await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO, queryId: 'as-library-permit' });
  const p = (await call<StudyOverview>('studyParticipants', { studyKey: DEMO })).participants[0]!;
  await call('studyStartParticipant', { studyKey: DEMO, participantId: p.participantId });
  const who = { participantId: p.participantId };
  const token = (s: ParticipantScreen) => {
    if (!('stepToken' in s)) throw new Error(`the kiosk is closed: ${s.message}`);
    return s.stepToken;
  };
  const consent = await call<ParticipantScreen>('participantStep', who);
  const instructions = await call<ParticipantScreen>('participantConsent', { ...who, stepToken: token(consent), agree: true });
  const practice = await call<ParticipantScreen>('participantNext', { ...who, stepToken: token(instructions) });
  const started = await call<ParticipantScreen>('participantStartRun', { ...who, stepToken: token(practice) });
  if (started.screen !== 'run' || !started.run) throw new Error(`expected the practice run, got ${started.screen}`);
  return { participantId: p.participantId, code: p.code, runId: started.run.runId };
}
