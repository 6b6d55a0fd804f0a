import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ConversationView, UserProfileView } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { MessageList } from '../MessageList';
import { MessageRow, type RowContext } from '../MessageRow';
import type { Page } from '../messageWindow';
import type { SlackMessage } from '../types';
import { Mrkdwn } from '../mrkdwn/Mrkdwn';
import { conversationLabel, plainLine, userLabel } from './names';

export type ChannelStart = { kind: 'newest' } | { kind: 'day'; day: string } | { kind: 'focus'; id: number };

export interface Browse {
  workspaceId: string;
  runId?: string;
}

interface Props {
  conversation: ConversationView;
  browse: Browse;
  start: ChannelStart;
  ctx: RowContext;
  onJump(day: string): void;
  onError(message: string): void;
}

const PAGE = 80;

/** One conversation: its header (topic, members, jump to date) and its messages, paged by keyset. */
export function ChannelView({ conversation: c, browse, start, ctx, onJump, onError }: Props) {
  const startKey = `${c.id}:${JSON.stringify(start)}`;
  const [first, setFirst] = useState<{ key: string; page: Page<SlackMessage> } | undefined>();
  const initial = first?.key === startKey ? first.page : undefined;
  const [members, setMembers] = useState<UserProfileView[] | undefined>();
  const [day, setDay] = useState('');
  const conversationId = c.id;

  useEffect(() => {
    let live = true;
    const req =
      start.kind === 'day'
        ? api().slackJumpToDate({ ...browse, conversationId, day: start.day, tzOffsetMinutes: -new Date().getTimezoneOffset() })
        : api().slackChannelPage({ ...browse, conversationId, limit: PAGE, ...(start.kind === 'focus' ? { after: start.id - 1 } : {}) });
    void req.then((r) => {
      if (!live) return;
      if (r.ok) setFirst({ key: startKey, page: r.value });
      else onError(r.error.message);
    });
    return () => {
      live = false;
    };
    // browse is a fresh object each render; its two ids are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [browse.workspaceId, browse.runId, startKey, onError]);

  const loadPage = useCallback(
    async (cursor: { before: number } | { after: number }) => {
      const r = await api().slackChannelPage({ workspaceId: browse.workspaceId, ...(browse.runId ? { runId: browse.runId } : {}), conversationId, limit: PAGE, ...cursor });
      if (r.ok) return r.value;
      onError(r.error.message);
      return undefined;
    },
    [browse.workspaceId, browse.runId, conversationId, onError],
  );

  const showMembers = async () => {
    if (members) return setMembers(undefined);
    const r = await api().slackChannelMembers({ ...browse, conversationId });
    if (r.ok) setMembers(r.value);
    else onError(r.error.message);
  };

  const label = c.kind === 'channel' || c.kind === 'private' ? `#${c.name}` : conversationLabel(c, ctx.names);
  const topic = c.topic ? plainLine(c.topic, ctx.names) : '';
  const focusId = start.kind === 'focus' ? start.id : undefined;
  const rowCtx = useMemo(() => ({ ...ctx, focusId }), [ctx, focusId]);
  return (
    <section className="sk-channel" aria-label={`Conversation ${label}`}>
      <header className="sk-channel-head">
        <div className="sk-channel-title">
          <h2>{label}</h2>
          {c.isArchived ? <span className="sk-tag">archived</span> : null}
          {topic ? <span className="muted small sk-topic" title={topic}>{topic}</span> : null}
        </div>
        <div className="sk-channel-tools">
          <button className="sk-small" onClick={() => void showMembers()} aria-expanded={members !== undefined}>
            {c.members.length} {c.members.length === 1 ? 'member' : 'members'}
          </button>
          <form
            className="sk-jump"
            onSubmit={(e) => {
              e.preventDefault();
              if (day) onJump(day);
            }}
          >
            <label>
              <span className="muted small">Jump to date</span>
              <input type="date" value={day} onChange={(e) => setDay(e.target.value)} aria-label="Jump to date" />
            </label>
            <button className="sk-small" type="submit" disabled={!day}>
              Go
            </button>
          </form>
        </div>
      </header>
      {members ? (
        <ul className="sk-members" aria-label="Members">
          {members.map((m) => (
            <li key={m.id}>
              <button className="link" onClick={(e) => ctx.onUser?.(m.id, e.currentTarget)}>
                {userLabel(m)}
              </button>
              {m.title ? <span className="muted small"> · {m.title}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {initial ? (
        <MessageList
          key={startKey}
          initial={initial}
          loadPage={loadPage}
          focusId={focusId}
          label={`Messages in ${label}`}
          renderRow={(m, prev) => <MessageRow m={m} prev={prev} ctx={rowCtx} />}
          head={
            <div className="sk-channel-start">
              <strong>This is the very beginning of {label}.</strong>
              {c.purpose ? (
                <div className="muted small sk-purpose">
                  <Mrkdwn text={c.purpose} {...ctx} />
                </div>
              ) : null}
            </div>
          }
        />
      ) : (
        <p className="muted sk-list-loading">Loading messages…</p>
      )}
    </section>
  );
}
