import { useEffect, useState } from 'react';
import type { ReplayRound } from '../../../shared/contract/replay';
import { api } from '../api/client';

const STATUS: Record<ReplayRound['files'][number]['status'], string> = {
  unchanged: '',
  edited: 'edited',
  edited_now: 'edited now',
  created: 'created',
};

/** The workspace at the end of the round: the file tree, the chosen file's content, and this round's edits as diffs. */
export function WorkspacePane({ id, round, note, diffsOnly = false, side }: { id: string; round: ReplayRound; note: string; diffsOnly?: boolean; side?: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const [fetched, setFetched] = useState<{ key: string; value: { content: string | null; note: string } } | null>(null);
  const key = `${id}|${round.index}|${open ?? ''}`;
  const content = fetched && fetched.key === key ? fetched.value : null;
  useEffect(() => {
    if (!open) return;
    let live = true;
    void api()
      .replayFile({ id, index: round.index, path: open })
      .then((r) => live && setFetched({ key: `${id}|${round.index}|${open}`, value: r.ok ? r.value : { content: null, note: r.error.message } }));
    return () => {
      live = false;
    };
  }, [id, round.index, open]);
  return (
    // Two runs side by side have two workspaces: each region is named by its side, so a screen reader can tell them apart.
    <div className="replay-ws" aria-label={`Workspace${side ? ` (${side.toLowerCase()})` : ''} at the end of this round`} role="region">
      {!diffsOnly ? (
        <>
          <h3 className="replay-ws-title">Workspace</h3>
          {note ? <p className="muted small">{note}</p> : null}
          <ul className="replay-files">
            {round.files.map((f) => (
              <li key={f.path}>
                <button className={`link replay-file${open === f.path ? ' replay-file-open' : ''}`} aria-pressed={open === f.path} onClick={() => setOpen(open === f.path ? null : f.path)}>
                  {f.path}
                </button>
                {STATUS[f.status] ? <span className={`replay-file-status replay-${f.status}`}> {STATUS[f.status]}</span> : null}
                {f.uncertain ? <span className="muted small"> (uncertain: {f.uncertain})</span> : !f.known ? <span className="muted small"> (not rebuilt: hash only)</span> : null}
              </li>
            ))}
          </ul>
          {open && content ? (
            content.content !== null ? (
              <pre className="replay-file-content" aria-label={`Content of ${open}`} tabIndex={0}>{content.content}</pre>
            ) : (
              <p className="muted small">{content.note}</p>
            )
          ) : null}
        </>
      ) : null}
      {round.diffs.map((d, i) => (
        <div key={`${d.path}-${i}`} className="replay-diff">
          <h4 className="replay-diff-title">Edit of {d.path}</h4>
          {d.lines ? (
            <pre className="replay-diff-lines" tabIndex={0} aria-label={`Diff of ${d.path}`}>
              {d.lines.map((l, k) => (
                <span key={k} className={l.op === '+' ? 'replay-add' : l.op === '-' ? 'replay-del' : undefined}>
                  {l.op} {l.text}
                  {'\n'}
                </span>
              ))}
              {d.truncated ? '… (cut: the file is long)\n' : ''}
            </pre>
          ) : (
            <p className="muted small">The file before or after this edit is not known (only its hash is in the run, or the edit could not be applied), so no diff.</p>
          )}
        </div>
      ))}
    </div>
  );
}
