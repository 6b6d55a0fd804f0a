import { useEffect, useState } from 'react';
import type { SearchPageView } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import { fullTimeLabel } from '../format';
import { tsDate, type SlackMessage } from '../types';
import type { Browse } from './ChannelView';
import { Highlighted } from './Highlighted';

type Hit = SearchPageView['hits'][number];

interface Props {
  browse: Browse;
  query: string;
  onOpen(m: SlackMessage): void;
  onError(message: string): void;
}

export const SEARCH_HELP =
  'in:#channel  from:@name  to:@name  before:/after:/on:YYYY-MM-DD  during:2024-10  has:link|file|reaction|pin  is:thread  "a phrase"  -word';

/** Search results with the matching words marked; a click opens the message in its channel or thread. */
export function SearchResults({ browse, query, onOpen, onError }: Props) {
  const [sort, setSort] = useState<'newest' | 'relevance'>('newest');
  const key = `${browse.workspaceId}|${sort}|${query}`;
  const [result, setResult] = useState<{ key: string; hits: Hit[] } | undefined>();
  const hits = result?.key === key ? result.hits : undefined;
  const [next, setNext] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const run = async (cursor: string | null) => {
    const r = await api().slackSearch({ ...browse, query, sort, cursor, limit: 30, tzOffsetMinutes: -new Date().getTimezoneOffset() });
    if (!r.ok) return onError(r.error.message);
    setResult((prev) => ({ key, hits: cursor && prev?.key === key ? [...prev.hits, ...r.value.hits] : r.value.hits }));
    setNext(r.value.nextCursor);
    setProblems(r.value.problems);
  };
  useEffect(() => {
    const t = setTimeout(() => void run(null), 0);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, sort, browse.workspaceId, browse.runId]);

  return (
    <section className="sk-search" aria-label="Search results">
      <header className="sk-channel-head">
        <div className="sk-channel-title">
          <h2>Search</h2>
          <span className="muted small">“{query}”</span>
        </div>
        <label className="small">
          Sort{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as 'newest' | 'relevance')}>
            <option value="newest">Newest first</option>
            <option value="relevance">Most relevant</option>
          </select>
        </label>
      </header>
      {problems.length ? (
        <div className="banner banner-notice sk-search-problems" role="status">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      ) : null}
      <div className="sk-search-body">
        {hits === undefined ? <p className="muted">Searching…</p> : null}
        {hits?.length === 0 ? (
          <div className="muted sk-empty">
            <p>No messages match.</p>
            <p className="small">Modifiers: {SEARCH_HELP}</p>
          </div>
        ) : null}
        {hits && hits.length > 0 ? <p className="muted small">{next ? `${hits.length}+ results` : `${hits.length} ${hits.length === 1 ? 'result' : 'results'}`}</p> : null}
        <ol className="sk-hits">
          {hits?.map((h) => {
            const m = h.message;
            const inThread = m.threadTs !== null && m.threadTs !== m.ts;
            return (
              <li key={m.id}>
                {/* Named by what it shows (channel, author, time, snippet): an aria-label here hid the matched text from screen readers. */}
                <button className="sk-hit" onClick={() => onOpen(m)}>
                  <span className="sk-hit-where small">
                    #{m.conversationName}
                    {inThread ? ' · in a thread' : ''}
                  </span>
                  <span className="sk-hit-main">
                    <Avatar name={m.userName} />
                    <span className="sk-hit-body">
                      <span className="sk-meta">
                        <strong>{m.userName}</strong> <span className="sk-time">{fullTimeLabel(tsDate(m.ts))}</span>
                      </span>
                      <span className="sk-hit-text">
                        <Highlighted text={h.snippet.text} highlights={h.snippet.highlights} />
                      </span>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        {next ? (
          <button
            onClick={() => {
              setBusy(true);
              void run(next).finally(() => setBusy(false));
            }}
            disabled={busy}
          >
            {busy ? 'Loading…' : 'More results'}
          </button>
        ) : null}
      </div>
    </section>
  );
}
