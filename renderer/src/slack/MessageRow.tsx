import { memo } from 'react';
import { isSafeUrl } from '../../../shared/slack/mrkdwn';
import { Avatar } from '../components/Avatar';
import { Mrkdwn, type MrkdwnHandlers, type MrkdwnNames } from './mrkdwn/Mrkdwn';
import { emojiChar } from './mrkdwn/emoji';
import { dayKey, dayLabel, fullTimeLabel, timeLabel } from './format';
import { attachmentViews, fileLinks, isSystemLine, tsDate, type SlackMessage } from './types';

export interface RowContext extends MrkdwnHandlers {
  names: MrkdwnNames;
  /** Opens the thread pane; absent inside the thread pane itself. */
  onOpenThread?(m: SlackMessage): void;
  /** The message a search result or a jump pointed at. */
  focusId?: number | undefined;
}

interface Props {
  m: SlackMessage;
  prev: SlackMessage | undefined;
  ctx: RowContext;
}

/** Consecutive messages by one person within five minutes read as one block, without repeating the name. */
const GROUP_SECONDS = 300;

function continues(m: SlackMessage, prev: SlackMessage | undefined): boolean {
  if (!prev || isSystemLine(prev) || isSystemLine(m) || prev.userName !== m.userName) return false;
  const gap = Number(m.ts.split('.')[0]) - Number(prev.ts.split('.')[0]);
  return gap >= 0 && gap < GROUP_SECONDS && dayKey(tsDate(m.ts)) === dayKey(tsDate(prev.ts));
}

export const MessageRow = memo(function MessageRow({ m, prev, ctx }: Props) {
  const at = tsDate(m.ts);
  const newDay = !prev || dayKey(tsDate(prev.ts)) !== dayKey(at);
  const compact = !newDay && continues(m, prev);
  const focus = ctx.focusId === m.id;
  // Bot posts without a user id have no profile to show, so their name is not a button.
  const author = m.userId ? (
    <button type="button" className="sk-author" onClick={(e) => m.userId && ctx.onUser?.(m.userId, e.currentTarget)}>
      {m.userName}
    </button>
  ) : (
    <span className="sk-author">{m.userName}</span>
  );
  return (
    <div className="sk-row" data-message-id={m.id}>
      {newDay ? (
        <div className="sk-day" role="separator">
          <span>{dayLabel(at)}</span>
        </div>
      ) : null}
      {isSystemLine(m) ? (
        <div className={`sk-system${focus ? ' sk-focus' : ''}`}>
          <time className="sk-time" dateTime={at.toISOString()} title={fullTimeLabel(at)}>
            {timeLabel(at)}
          </time>
          <span className="sk-system-text">
            <Mrkdwn text={m.text} {...ctx} />
          </span>
        </div>
      ) : (
        <article className={`sk-msg${compact ? ' sk-compact' : ''}${focus ? ' sk-focus' : ''}`} aria-label={`${m.userName} at ${fullTimeLabel(at)}`}>
          <div className="sk-gutter">
            {compact ? (
              <time className="sk-time sk-hover-time" dateTime={at.toISOString()} title={fullTimeLabel(at)}>
                {timeLabel(at)}
              </time>
            ) : (
              <Avatar name={m.userName} />
            )}
          </div>
          <div className="sk-body">
            {compact ? null : (
              <div className="sk-meta">
                {author}
                {m.isBot ? <span className="sk-bot">APP</span> : null}
                <time className="sk-time" dateTime={at.toISOString()} title={fullTimeLabel(at)}>
                  {timeLabel(at)}
                </time>
                {m.isPinned ? <span className="sk-pin" title="Pinned">📌</span> : null}
              </div>
            )}
            {m.isBroadcast ? <div className="sk-broadcast-note muted small">replied to a thread and sent to the channel</div> : null}
            <div className="sk-text">
              <Mrkdwn text={m.text} {...ctx} />
              {m.editedTs ? <span className="sk-edited"> (edited)</span> : null}
            </div>
            <Attachments m={m} ctx={ctx} />
            <Files m={m} />
            <Reactions m={m} names={ctx.names} />
            {m.replyCount > 0 && ctx.onOpenThread && (m.threadTs === null || m.threadTs === m.ts) ? (
              <button type="button" className="sk-replies" onClick={() => ctx.onOpenThread?.(m)}>
                {m.replyCount === 1 ? '1 reply' : `${m.replyCount} replies`}
              </button>
            ) : null}
          </div>
        </article>
      )}
    </div>
  );
});

function Attachments({ m, ctx }: { m: SlackMessage; ctx: RowContext }) {
  const views = attachmentViews(m);
  if (views.length === 0) return null;
  return (
    <>
      {views.map((a, i) => (
        <div key={i} className="sk-attachment">
          {a.pretext ? (
            <div>
              <Mrkdwn text={a.pretext} {...ctx} />
            </div>
          ) : null}
          {a.title ? (
            <div className="sk-attachment-title">
              {a.titleLink && isSafeUrl(a.titleLink) ? (
                <a href={a.titleLink} target="_blank" rel="noreferrer">
                  {a.title}
                </a>
              ) : (
                a.title
              )}
            </div>
          ) : null}
          {a.text ? (
            <div className="sk-text">
              <Mrkdwn text={a.text} {...ctx} />
            </div>
          ) : null}
        </div>
      ))}
    </>
  );
}

/** Files are links only: the export points at them and does not carry them. */
function Files({ m }: { m: SlackMessage }) {
  const files = fileLinks(m);
  if (files.length === 0) return null;
  return (
    <div className="sk-files">
      {files.map((f, i) =>
        f.url && isSafeUrl(f.url) ? (
          <a key={i} className="sk-file" href={f.url} target="_blank" rel="noreferrer" title={`${f.name} (link from the export)`}>
            ▤ {f.name}
          </a>
        ) : (
          <span key={i} className="sk-file" title="The export names this file but does not link to it">
            ▤ {f.name}
          </span>
        ),
      )}
    </div>
  );
}

function Reactions({ m, names }: { m: SlackMessage; names: MrkdwnNames }) {
  if (m.reactions.length === 0) return null;
  return (
    <div className="sk-reactions">
      {m.reactions.map((r) => {
        const count = typeof r.count === 'number' ? r.count : r.users.length;
        const who = r.users.map((u) => names.user(u) ?? u).join(', ');
        return (
          <span key={r.name} className="sk-reaction" title={`${who} reacted with :${r.name}:`} aria-label={`${count} reacted with ${r.name}`}>
            {emojiChar(r.name) ?? `:${r.name}:`} <span className="sk-reaction-count">{count}</span>
          </span>
        );
      })}
    </div>
  );
}
