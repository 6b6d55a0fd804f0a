import { useEffect, useState } from 'react';
import type { ToolResult } from '../../../shared/contract/team';
import type { TeamView } from '../../../shared/team/viewSchema';
import { CodeEditor } from '../components/CodeEditor';
import { api } from '../api/client';

type ToolName = 'list_files' | 'read_file' | 'edit_file' | 'grep' | 'run_tests';

interface Props {
  view: TeamView;
  runTool(name: ToolName, input: Record<string, unknown>): Promise<ToolResult | undefined>;
}

/** Files, an editor, tests and search: the same tools a model gets, recorded under the same names. */
export function WorkspacePanel({ view, runTool }: Props) {
  const tools = view.workspace?.tools ?? [];
  const readOnly = view.status === 'ended' || view.status === 'checking';
  const [files, setFiles] = useState<string[]>([]);
  const [open, setOpen] = useState<{ path: string; saved: string; draft: string } | undefined>();
  const [output, setOutput] = useState<{ title: string; text: string; ok: boolean } | undefined>();
  const [pattern, setPattern] = useState('');
  const final = useFinalFiles(view.sessionId, readOnly);

  useEffect(() => {
    // Once the run has ended the files come from its log (useFinalFiles): the tools refuse an ended run.
    if (readOnly) return;
    void runTool('list_files', {}).then((r) => r?.files && setFiles(r.files));
    // Listing once on open is enough: only this person edits the files, and saves refresh the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shownFiles = final.files ? final.files.map((f) => f.path) : files;

  const openFile = async (path: string) => {
    if (readOnly) {
      const text = final.files?.find((f) => f.path === path)?.text;
      if (text !== undefined) setOpen({ path, saved: text, draft: text });
      return;
    }
    const r = await runTool('read_file', { path });
    if (r?.ok) setOpen({ path, saved: r.output, draft: r.output });
  };
  const save = async () => {
    if (!open) return;
    const r = await runTool('edit_file', { path: open.path, content: open.draft });
    if (r?.ok) setOpen({ ...open, saved: open.draft });
    setOutput({ title: `Save ${open.path}`, text: r?.resultHead ?? '', ok: !!r?.ok });
  };
  const runTests = async () => {
    setOutput({ title: 'Running tests…', text: '', ok: true });
    const r = await runTool('run_tests', {});
    if (r) setOutput({ title: `Tests: ${r.resultHead}`, text: r.output, ok: r.ok });
  };
  const grep = async () => {
    if (!pattern.trim()) return;
    const r = await runTool('grep', { pattern });
    if (r) setOutput({ title: `Search “${pattern}”: ${r.resultHead}`, text: r.output, ok: r.ok });
  };
  const dirty = open && open.draft !== open.saved;

  return (
    <section className="workspace" aria-label="Workspace">
      <div className="ws-toolbar">
        {tools.includes('run_tests') ? (
          <button onClick={() => void runTests()} disabled={readOnly}>
            Run tests
          </button>
        ) : null}
        {tools.includes('grep') ? (
          <form
            className="ws-search"
            onSubmit={(e) => {
              e.preventDefault();
              void grep();
            }}
          >
            <input aria-label="Search the files" placeholder="Search the files" value={pattern} onChange={(e) => setPattern(e.target.value)} disabled={readOnly} />
          </form>
        ) : null}
      </div>
      {readOnly ? (
        <p className={`ws-note small${final.error ? ' ws-output-error' : ' muted'}`} role={final.error ? 'alert' : undefined}>
          {final.error ?? (final.files ? 'The run has ended: these are its final files, as recorded.' : 'Reading the final files…')}
        </p>
      ) : null}
      <div className="ws-main">
        <ul className="file-tree" aria-label="Files">
          {shownFiles.map((f) => (
            <li key={f}>
              <button className={`file${open?.path === f ? ' file-open' : ''}`} onClick={() => void openFile(f)}>
                {f}
              </button>
            </li>
          ))}
        </ul>
        <div className="ws-editor">
          {open ? (
            <>
              <div className="editor-head">
                <code>{open.path}</code>
                {dirty ? <span className="muted small">unsaved changes</span> : null}
                {tools.includes('edit_file') && !readOnly ? (
                  <button className="primary" onClick={() => void save()} disabled={!dirty || readOnly}>
                    Save
                  </button>
                ) : null}
              </div>
              <CodeEditor
                label={`Edit ${open.path}`}
                value={open.draft}
                readOnly={readOnly || !tools.includes('edit_file')}
                onChange={(draft) => setOpen({ ...open, draft })}
                onSave={() => void save()}
              />
            </>
          ) : (
            <p className="muted">Choose a file to read it.</p>
          )}
        </div>
      </div>
      {output ? (
        <div className={`ws-output${output.ok ? '' : ' ws-output-error'}`} role="status">
          <strong>{output.title}</strong>
          {/* tabIndex: long output scrolls, and must scroll by keyboard too (axe: scrollable-region-focusable). */}
          {output.text ? <pre tabIndex={0}>{output.text}</pre> : null}
        </div>
      ) : null}
    </section>
  );
}

/** An ended run's files, read once from its log (nothing is recorded); nothing while the run is live. */
function useFinalFiles(sessionId: string, ended: boolean): { files: { path: string; text: string }[] | null; error: string | null } {
  const [got, setGot] = useState<{ files: { path: string; text: string }[] | null; error: string | null }>({ files: null, error: null });
  useEffect(() => {
    if (!ended) return;
    let live = true;
    void api()
      .teamWorkspaceFiles({ sessionId })
      .then((r) => live && setGot(r.ok ? { files: r.value.files, error: null } : { files: null, error: r.error.message }));
    return () => {
      live = false;
    };
  }, [sessionId, ended]);
  return got;
}
