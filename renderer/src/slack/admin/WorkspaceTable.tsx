import { useRef, useState } from 'react';
import type { WorkspaceStatus } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog';

/** A built-in study's workspace ships with the app; main refuses to delete it, so the button is not offered. */
export const deletable = (w: WorkspaceStatus) =>
  w.status !== 'importing' && w.status !== 'not_imported' && !(w.studyKey ?? '').startsWith('built-in:');

interface Props {
  workspaces: WorkspaceStatus[];
  onDeleted(workspaceId: string): void;
  onError(message: string): void;
}

/** The workspaces on this computer: open a ready one, delete (after confirming) a failed or unwanted one. */
export function WorkspaceTable({ workspaces, onDeleted, onError }: Props) {
  const navigate = useApp((s) => s.navigate);
  const [asking, setAsking] = useState<WorkspaceStatus | null>(null);
  const [busy, setBusy] = useState(false);
  /** The Delete… button that opened the dialog: focus goes back to it when the person keeps the workspace. */
  const opener = useRef<HTMLButtonElement | null>(null);
  const keep = () => {
    setAsking(null);
    opener.current?.focus();
  };

  const remove = async (w: WorkspaceStatus) => {
    setBusy(true);
    const r = await api().slackDeleteWorkspace({ workspaceId: w.workspaceId });
    setBusy(false);
    setAsking(null);
    if (r.ok) onDeleted(w.workspaceId);
    else onError(r.error.message);
  };

  return (
    <>
      <table className="tasks" aria-label="Workspaces on this computer">
        <thead>
          <tr>
            <th>Workspace</th>
            <th>From</th>
            <th>Status</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {workspaces.map((w) => (
            <tr key={w.workspaceId}>
              <td>{w.title}</td>
              <td className="small">
                {w.origin === 'study' ? `study${w.variant ? ` (${w.variant})` : ''}` : 'imported'}
              </td>
              <td className="small">
                {w.status.replace('_', ' ')}
                {w.status === 'ready' && w.report ? ` · ${w.report.messages.toLocaleString()} messages` : ''}
                {w.status === 'failed' && w.error ? <div className="error-text">{w.error}</div> : null}
              </td>
              <td>
                <div className="sk-row-actions">
                  {w.status === 'ready' ? (
                    <button
                      onClick={() =>
                        navigate({ screen: 'slack', studyKey: w.studyKey, workspaceId: w.workspaceId })
                      }
                    >
                      Open
                    </button>
                  ) : null}
                  {deletable(w) ? (
                    <button
                      aria-label={`Delete ${w.title}`}
                      onClick={(e) => {
                        opener.current = e.currentTarget;
                        setAsking(w);
                      }}
                    >
                      Delete…
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
          {workspaces.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                None yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {asking ? (
        <DeleteWorkspaceDialog
          workspace={asking}
          busy={busy}
          onConfirm={() => void remove(asking)}
          onCancel={keep}
        />
      ) : null}
    </>
  );
}
