import { useCallback, useEffect, useState } from 'react';
import type { ConversationView, ImportProgressView, RunView, UserProfileView, WorkspaceStatus } from '../../../../shared/contract/slack';
import type { z } from 'zod';
import type { studyResourcesSchema } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { useRunEvents } from '../run/useRunEvents';
import { waitReady } from './waitReady';

type Resources = z.infer<typeof studyResourcesSchema>;

export interface WorkspaceData {
  status: WorkspaceStatus;
  conversations: ConversationView[];
  users: UserProfileView[];
  resources: Resources;
}

/**
 * Opens what the route names: a run's workspace, a user workspace, or the study's own (imported on first open),
 * waits for an import to finish, then loads the sidebar. The run view comes with the time it was received so the
 * clock can tick between responses.
 */
export function useWorkspace(studyKey: string | null, runId: string | undefined, workspaceId: string | undefined) {
  const [data, setData] = useState<WorkspaceData | undefined>();
  const [run, setRunState] = useState<{ run: RunView; at: number } | undefined>();
  const [progress, setProgress] = useState<ImportProgressView | undefined>();
  const [fatal, setFatal] = useState<string | undefined>();
  const setRun = useCallback((r: RunView) => setRunState({ run: r, at: Date.now() }), []);

  useEffect(() => {
    let live = true;
    let stop = () => {};
    const open = async () => {
      let opened;
      if (runId) {
        const r = await api().slackRunView({ runId });
        if (!r.ok) return setFatal(r.error.message);
        if (live) setRun(r.value);
        opened = await api().slackWorkspaceStatus({ workspaceId: r.value.workspaceId });
      } else if (workspaceId) opened = await api().slackWorkspaceStatus({ workspaceId });
      else if (studyKey) opened = await api().slackOpenStudyWorkspace({ studyKey });
      else return setFatal('No workspace was named.');
      if (!opened.ok) return setFatal(opened.error.message);
      const waiting = waitReady(opened.value, (p) => live && setProgress(p));
      stop = waiting.stop;
      const ready = await waiting.done;
      if (!live) return;
      if (!ready.ok) return setFatal(ready.error.message);
      if (ready.value.status !== 'ready') return setFatal(ready.value.error ?? `This workspace is ${ready.value.status.replace('_', ' ')}.`);
      const browse = { workspaceId: ready.value.workspaceId, ...(runId ? { runId } : {}) };
      // Names for mentions are looked up without the run id: resolving names is the app's work, not the person's.
      const [conversations, users, resources] = await Promise.all([
        api().slackConversations(browse),
        api().slackUsers({ workspaceId: ready.value.workspaceId }),
        studyKey ? api().slackStudyResources({ studyKey }) : Promise.resolve({ ok: true as const, value: { repository: null, documents: [] } }),
      ]);
      if (!live) return;
      if (!conversations.ok) return setFatal(conversations.error.message);
      setData({
        status: ready.value,
        conversations: conversations.value,
        users: users.ok ? users.value : [],
        resources: resources.ok ? resources.value : { repository: null, documents: [] },
      });
    };
    void open();
    return () => {
      live = false;
      stop();
    };
  }, [studyKey, runId, workspaceId, setRun]);

  const refreshRun = useCallback(async () => {
    if (!runId) return;
    const r = await api().slackRunView({ runId });
    if (r.ok) setRun(r.value);
  }, [runId, setRun]);

  useRunEvents(runId, refreshRun);

  return { data, run: run?.run, runAt: run?.at ?? 0, setRun, refreshRun, progress, fatal };
}
