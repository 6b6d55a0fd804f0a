import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { codeHitSchema, commitDetailSchema, commitSchema, repoEntrySchema, repoFileSchema } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { Highlighted } from '../workspace/Highlighted';
import type { RepoTarget } from './repoTarget';

type Entry = z.infer<typeof repoEntrySchema>;
type File = z.infer<typeof repoFileSchema>;
type Commit = z.infer<typeof commitSchema>;
type CommitDetail = z.infer<typeof commitDetailSchema>;
type CodeHit = z.infer<typeof codeHitSchema>;

interface Props {
  studyKey: string;
  runId?: string | undefined;
  repoName: string;
  target: RepoTarget;
  onTarget(t: RepoTarget): void;
  onError(message: string): void;
}

type Loaded =
  | { kind: 'tree'; path: string; entries: Entry[] }
  | { kind: 'file'; file: File }
  | { kind: 'commits'; commits: Commit[] }
  | { kind: 'commit'; commit: CommitDetail }
  | { kind: 'search'; query: string; hits: CodeHit[] };

/** The study's repository: files at HEAD with line numbers, the commit history with diffs, and code search. */
export function RepoView({ studyKey, runId, repoName, target, onTarget, onError }: Props) {
  const [result, setResult] = useState<{ key: string; loaded: Loaded } | undefined>();
  const key = JSON.stringify(target);
  const loaded = result?.key === key ? result.loaded : undefined;
  const [query, setQuery] = useState(target.kind === 'search' ? target.query : '');
  const base = { studyKey, ...(runId ? { runId } : {}) };
  useEffect(() => {
    let live = true;
    const done = (l: Loaded) => live && setResult({ key, loaded: l });
    const fail = (m: string) => live && onError(m);
    const t = target;
    if (t.kind === 'tree') void api().slackRepoTree({ ...base, path: t.path }).then((r) => (r.ok ? done({ kind: 'tree', path: t.path, entries: r.value }) : fail(r.error.message)));
    else if (t.kind === 'file') void api().slackRepoFile({ ...base, path: t.path, ...(t.oid ? { oid: t.oid } : {}) }).then((r) => (r.ok ? done({ kind: 'file', file: r.value }) : fail(r.error.message)));
    else if (t.kind === 'commits') void api().slackRepoCommits({ ...base, ...(t.path ? { path: t.path } : {}), limit: 200 }).then((r) => (r.ok ? done({ kind: 'commits', commits: r.value }) : fail(r.error.message)));
    else if (t.kind === 'commit') void api().slackRepoCommit({ ...base, oid: t.oid }).then((r) => (r.ok ? done({ kind: 'commit', commit: r.value }) : fail(r.error.message)));
    else void api().slackRepoSearch({ ...base, query: t.query }).then((r) => (r.ok ? done({ kind: 'search', query: t.query, hits: r.value }) : fail(r.error.message)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, studyKey, runId]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (query.trim()) onTarget({ kind: 'search', query: query.trim() });
  };
  return (
    <section className="sk-repo" aria-label="Repository">
      <header className="sk-channel-head">
        <div className="sk-channel-title">
          <h2>⎇ {repoName}</h2>
        </div>
        <div className="sk-channel-tools">
          <div className="tabs sk-repo-tabs" role="tablist">
            <button role="tab" aria-selected={target.kind === 'tree' || target.kind === 'file'} onClick={() => onTarget({ kind: 'tree', path: '' })}>
              Files
            </button>
            <button role="tab" aria-selected={target.kind === 'commits' || target.kind === 'commit'} onClick={() => onTarget({ kind: 'commits' })}>
              Commits
            </button>
          </div>
          <form onSubmit={search} className="sk-repo-search">
            <input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search code" aria-label="Search code" />
          </form>
        </div>
      </header>
      <div className="sk-repo-body">
        {target.kind === 'tree' || target.kind === 'file' ? <Breadcrumbs path={target.path} onTarget={onTarget} /> : null}
        {!loaded ? <p className="muted">Loading…</p> : <LoadedView loaded={loaded} onTarget={onTarget} />}
      </div>
    </section>
  );
}

function Breadcrumbs({ path, onTarget }: { path: string; onTarget(t: RepoTarget): void }) {
  const parts = path.split('/').filter(Boolean);
  return (
    <nav className="sk-crumbs small" aria-label="Path">
      <button className="link" onClick={() => onTarget({ kind: 'tree', path: '' })}>
        root
      </button>
      {parts.map((p, i) => (
        <span key={i}>
          {' / '}
          <button className="link" onClick={() => onTarget({ kind: 'tree', path: parts.slice(0, i + 1).join('/') })}>
            {p}
          </button>
        </span>
      ))}
    </nav>
  );
}

function LoadedView({ loaded: l, onTarget }: { loaded: Loaded; onTarget(t: RepoTarget): void }) {
  switch (l.kind) {
    case 'tree':
      return (
        <ul className="sk-tree">
          {l.entries.map((e) => (
            <li key={e.path}>
              <button className="link" onClick={() => onTarget(e.type === 'dir' ? { kind: 'tree', path: e.path } : { kind: 'file', path: e.path })}>
                {e.type === 'dir' ? '▸' : '▤'} {e.name}{e.type === 'dir' ? '/' : ''}
              </button>
            </li>
          ))}
        </ul>
      );
    case 'file':
      return (
        <div>
          <p className="muted small">
            {l.file.size} bytes at <code>{l.file.oid.slice(0, 7)}</code> ·{' '}
            <button className="link" onClick={() => onTarget({ kind: 'commits', path: l.file.path })}>
              history of this file
            </button>
          </p>
          {l.file.text === null ? <p className="muted">This file is binary and is not shown.</p> : <NumberedLines text={l.file.text} />}
        </div>
      );
    case 'commits':
      return (
        <ol className="sk-commits">
          {l.commits.map((c) => (
            <li key={c.oid}>
              <button className="sk-commit-row" onClick={() => onTarget({ kind: 'commit', oid: c.oid })}>
                <code>{c.shortOid}</code> <span className="sk-commit-msg">{c.message.split('\n')[0]}</span>
                <span className="muted small">
                  {c.authorName} · {new Date(c.date).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}
                </span>
              </button>
            </li>
          ))}
          {l.commits.length === 0 ? <li className="muted">No commits.</li> : null}
        </ol>
      );
    case 'commit':
      return <CommitDetailView commit={l.commit} onTarget={onTarget} />;
    case 'search':
      return (
        <div>
          <p className="muted small">
            {l.hits.length} {l.hits.length === 1 ? 'line matches' : 'lines match'} “{l.query}”
          </p>
          <ol className="sk-code-hits">
            {l.hits.map((h, i) => (
              <li key={i}>
                <button className="sk-commit-row" onClick={() => onTarget({ kind: 'file', path: h.path })}>
                  <span className="small">
                    {h.path}:{h.line}
                  </span>
                  <code className="sk-code-line">
                    <Highlighted text={h.text} highlights={h.highlights} />
                  </code>
                </button>
              </li>
            ))}
          </ol>
        </div>
      );
  }
}

function NumberedLines({ text }: { text: string }) {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return (
    <table className="sk-lines">
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td className="sk-ln">{i + 1}</td>
            <td className="sk-lc">{line || ' '}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CommitDetailView({ commit: c, onTarget }: { commit: CommitDetail; onTarget(t: RepoTarget): void }) {
  return (
    <div className="sk-commit">
      <h3>{c.message.split('\n')[0]}</h3>
      {c.message.includes('\n') ? <pre className="sk-commit-body">{c.message.split('\n').slice(1).join('\n').trim()}</pre> : null}
      <p className="muted small">
        <code>{c.oid}</code> · {c.authorName} &lt;{c.authorEmail}&gt; · {new Date(c.date).toLocaleString()}
      </p>
      {c.diffs.map((d) => (
        <div key={d.path} className="sk-diff">
          <div className="sk-diff-head">
            <span className={`sk-change sk-change-${d.change}`}>{d.change}</span>{' '}
            <button className="link" onClick={() => onTarget({ kind: 'file', path: d.path, oid: c.oid })}>
              {d.path}
            </button>
          </div>
          {d.binary ? (
            <p className="muted small">Binary file.</p>
          ) : (
            <pre className="sk-diff-lines" tabIndex={0}>
              {d.lines.map((l, i) => (
                <div key={i} className={l.op === '+' ? 'sk-add' : l.op === '-' ? 'sk-del' : undefined}>
                  {l.op} {l.text}
                </div>
              ))}
            </pre>
          )}
          {d.truncated ? <p className="muted small">Some lines of this diff are not shown.</p> : null}
        </div>
      ))}
    </div>
  );
}
