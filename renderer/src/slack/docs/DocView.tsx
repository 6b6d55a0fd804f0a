import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { Markdown } from './Markdown';

interface Props {
  studyKey: string;
  runId?: string | undefined;
  path: string;
  link?(url: string): (() => void) | undefined;
  onError(message: string): void;
}

type Doc = { path: string; title: string; format: 'markdown' | 'html' | 'text'; text: string };

/** A lab document: Markdown rendered as elements, HTML and plain text shown as text (never injected). */
export function DocView({ studyKey, runId, path, link, onError }: Props) {
  const [loaded, setLoaded] = useState<{ path: string; doc: Doc } | undefined>();
  useEffect(() => {
    void api()
      .slackDocument({ studyKey, path, ...(runId ? { runId } : {}) })
      .then((r) => (r.ok ? setLoaded({ path, doc: r.value }) : onError(r.error.message)));
  }, [studyKey, runId, path, onError]);
  // A document from the previous path is never shown under the new one.
  const doc = loaded?.path === path ? loaded.doc : undefined;
  return (
    <section className="sk-doc" aria-label={`Document ${path}`}>
      <header className="sk-channel-head">
        <div className="sk-channel-title">
          <h2>{doc?.title ?? path}</h2>
          <span className="muted small">{path}</span>
        </div>
      </header>
      {/* Focusable so the document scrolls by keyboard even when it holds no link (axe: scrollable-region-focusable). */}
      <div className="sk-doc-body" tabIndex={0} role="region" aria-label={`Text of ${doc?.title ?? path}`}>
        {!doc ? <p className="muted">Loading…</p> : doc.format === 'markdown' ? <Markdown source={doc.text} link={link} /> : <pre className="sk-doc-text">{doc.text}</pre>}
        {doc?.format === 'html' ? <p className="muted small">This document is HTML; it is shown as its source text.</p> : null}
      </div>
    </section>
  );
}
