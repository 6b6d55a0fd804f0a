import { useEffect, useRef, useState } from 'react';
import type { ImportProgressView, WorkspaceStatus } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { ErrorLine, useCall } from '../useCall';
import { waitReady } from '../workspace/waitReady';
import { ImportProgressBar } from './ImportProgressBar';
import { ImportReport } from './ImportReport';
import { WorkspaceTable } from './WorkspaceTable';

/** Import a Slack export (a .zip or an unpacked folder) and see what was read; list the workspaces already here. */
export function ImportScreen({ studyKey }: { studyKey?: string | undefined }) {
  const navigate = useApp((s) => s.navigate);
  const openStudy = useApp((s) => s.openStudy);
  const { error, call, clearError, setError } = useCall();
  const [path, setPath] = useState('');
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState<WorkspaceStatus | undefined>();
  const [progress, setProgress] = useState<ImportProgressView | undefined>();
  const [workspaces, setWorkspaces] = useState<WorkspaceStatus[]>([]);
  const stop = useRef<() => void>(() => {});

  const refresh = () => void call(api().slackListWorkspaces({})).then((w) => w && setWorkspaces(w));
  useEffect(() => {
    refresh();
    return () => stop.current();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = async () => {
    clearError();
    setProgress(undefined);
    const status = await call(api().slackImportExport({ path: path.trim(), ...(title.trim() ? { title: title.trim() } : {}) }));
    if (!status) return;
    setCurrent(status);
    const waiting = waitReady(status, setProgress);
    stop.current = waiting.stop;
    const done = await waiting.done;
    if (done.ok) setCurrent(done.value);
    else setError(done.error.message);
    refresh();
  };
  const importing = current?.status === 'importing';

  return (
    <section className="sk-import" aria-labelledby="import-title">
      <button className="link back" onClick={() => (studyKey ? void openStudy(studyKey) : navigate({ screen: 'library' }))}>
        ← {studyKey ? 'Study' : 'Study library'}
      </button>
      <h1 id="import-title">Import a Slack export</h1>
      <p className="muted">
        A workspace export from Slack (<em>Workspace settings → Import/Export data</em>): the .zip file, or the folder it unpacks
        to. Files and images are not in an export; messages keep links to them.
      </p>
      <form
        className="start-panel sk-import-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim() && !importing) void start();
        }}
      >
        <label>
          Path on this computer
          <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/home/me/Downloads/My Workspace Slack export.zip" aria-label="Export path" />
        </label>
        <label>
          Title (optional)
          <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="e.g. Lab workspace 2024" aria-label="Workspace title" />
        </label>
        <div className="sk-row-actions">
          <button className="primary" type="submit" disabled={!path.trim() || importing}>
            {importing ? 'Importing…' : 'Import'}
          </button>
          {importing && current?.importId ? (
            <button type="button" onClick={() => void call(api().slackCancelImport({ importId: current.importId! }))}>
              Cancel
            </button>
          ) : null}
        </div>
        {importing ? progress ? <ImportProgressBar progress={progress} /> : <p className="muted small">Starting…</p> : null}
      </form>
      <ErrorLine error={error} onDismiss={clearError} />
      {current && !importing && current.error ? <p className="banner banner-error">{current.error}</p> : null}
      {current && !importing && current.report ? (
        <>
          <ImportReport report={current.report} />
          {current.status === 'ready' ? (
            <button className="primary" onClick={() => navigate({ screen: 'slack', studyKey: null, workspaceId: current.workspaceId })}>
              Open {current.title}
            </button>
          ) : null}
        </>
      ) : null}
      <h2>Workspaces on this computer</h2>
      <WorkspaceTable
        workspaces={workspaces}
        onError={setError}
        onDeleted={(id) => {
          if (current?.workspaceId === id) setCurrent(undefined);
          refresh();
        }}
      />
    </section>
  );
}
