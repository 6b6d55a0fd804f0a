import type { ImportProgressView, WorkspaceStatus } from '../../../../shared/contract/slack';
import type { Result } from '../../../../shared/result';
import { api } from '../../api/client';

/**
 * Waits until a workspace is no longer importing: the `slack.import.done` event ends the wait, and a slow poll
 * covers events missed while the page was away. Progress events are passed on for the progress bar.
 */
export function waitReady(
  status: WorkspaceStatus,
  onProgress?: (p: ImportProgressView) => void,
  pollMs = 1500,
): { done: Promise<Result<WorkspaceStatus>>; stop(): void } {
  if (status.status !== 'importing') return { done: Promise.resolve({ ok: true, value: status }), stop: () => {} };
  let stop = () => {};
  const done = new Promise<Result<WorkspaceStatus>>((resolve) => {
    let finished = false;
    const finish = (r: Result<WorkspaceStatus>) => {
      if (finished) return;
      finished = true;
      stop();
      resolve(r);
    };
    const check = async () => {
      const r = await api().slackWorkspaceStatus({ workspaceId: status.workspaceId });
      if (!r.ok || r.value.status !== 'importing') finish(r);
      else if (r.value.progress) onProgress?.(r.value.progress);
    };
    const unsubscribe = api().subscribe((e) => {
      if (e.type === 'slack.import.progress' && e.workspaceId === status.workspaceId) onProgress?.(e.progress);
      if (e.type === 'slack.import.done' && e.workspaceId === status.workspaceId) void check();
    });
    const timer = setInterval(() => void check(), pollMs);
    stop = () => {
      finished = true;
      unsubscribe();
      clearInterval(timer);
    };
  });
  return { done, stop: () => stop() };
}
