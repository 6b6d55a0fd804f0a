import { dispatch } from '../app/dispatch.js';
import type { Logger } from '../app/logger.js';
import { silentLogger } from '../app/logger.js';
import type { AppEvent } from '../../shared/contract/events.js';
import type { WorkspaceStatus } from '../../shared/contract/slack.js';
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
