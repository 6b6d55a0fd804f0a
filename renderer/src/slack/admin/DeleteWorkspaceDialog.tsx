import type { WorkspaceStatus } from '../../../../shared/contract/slack';

interface Props {
  workspace: WorkspaceStatus;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** "Delete…" asks first: the workspace's database goes from this computer (the export file itself is untouched). */
export function DeleteWorkspaceDialog({ workspace: w, busy, onConfirm, onCancel }: Props) {
  const messages = w.report ? `${w.report.messages.toLocaleString()} messages` : null;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-ws-title"
        aria-describedby="delete-ws-text"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) onCancel();
        }}
      >
        <h2 id="delete-ws-title">Delete “{w.title}”?</h2>
        <p id="delete-ws-text">
          {w.status === 'ready' ? `Its imported copy${messages ? ` (${messages})` : ''} is removed from this computer.` : 'Its record is removed from this computer.'}{' '}
          {w.origin === 'study' ? 'The study imports its workspace again the next time it is opened.' : 'The export you imported it from is not touched.'}
        </p>
        <div className="dialog-actions">
          <button onClick={onCancel} disabled={busy} autoFocus>
            Keep it
          </button>
          <button className="danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Deleting…' : 'Yes, delete'}
          </button>
        </div>
      </div>
    </div>
  );
}
