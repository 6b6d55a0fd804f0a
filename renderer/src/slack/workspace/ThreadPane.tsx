import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { MessageRow, type RowContext } from '../MessageRow';
import type { SlackMessage } from '../types';
import type { Browse } from './ChannelView';

interface Props {
  browse: Browse;
  conversationId: string;
  conversationName: string;
  threadTs: string;
  /** A reply a search result pointed at. */
  focusTs?: string | undefined;
  ctx: RowContext;
  onClose(): void;
  onError(message: string): void;
}

/** The thread pane: the parent, then every reply, oldest first. Threads are short, so no paging. */
export function ThreadPane({ browse, conversationId, conversationName, threadTs, focusTs, ctx, onClose, onError }: Props) {
  const [loaded, setLoaded] = useState<{ threadTs: string; messages: SlackMessage[] } | undefined>();
  const messages = loaded?.threadTs === threadTs ? loaded.messages : undefined;
  const focused = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void api()
      .slackThread({ ...browse, conversationId, threadTs })
      .then((r) => {
        if (!live) return;
        if (r.ok) setLoaded({ threadTs, messages: r.value });
        else onError(r.error.message);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [browse.workspaceId, browse.runId, conversationId, threadTs, onError]);
  useEffect(() => {
    void focused.current?.scrollIntoView({ block: 'center' });
  }, [messages]);
  const focusId = messages?.find((m) => m.ts === focusTs)?.id;
  const rowCtx: RowContext = { ...ctx, onOpenThread: undefined, focusId };
  return (
    <aside className="sk-thread" aria-label="Thread">
      <header className="sk-pane-head">
        <div>
          <h2>Thread</h2>
          <span className="muted small">#{conversationName}</span>
        </div>
        <button className="sk-close" onClick={onClose} aria-label="Close thread">
          ×
        </button>
      </header>
      <div className="sk-thread-body">
        {messages === undefined ? <p className="muted">Loading the thread…</p> : null}
        {messages?.map((m, i) => (
          <div key={m.id} ref={m.id === focusId ? focused : undefined}>
            <MessageRow m={m} prev={messages[i - 1]} ctx={rowCtx} />
            {i === 0 && messages.length > 1 ? (
              <div className="sk-reply-count muted small">
                {messages.length - 1} {messages.length === 2 ? 'reply' : 'replies'}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </aside>
  );
}
