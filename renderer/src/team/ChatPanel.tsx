import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';
import { Avatar } from '../components/Avatar';
import { TEAM, channelLabel, channelOf } from './channels';
import { datasetActionLine } from './datasetActions';
import { useDraft } from './useDraft';
import { useHostUp } from '../api/useHostUp';

type Message = TeamView['messages'][number];

interface Props {
  view: TeamView;
  channel: string;
  shown: Message[];
  /** The next teammate line, still being "typed". */
  typing: Message | null;
  busy: boolean;
  onSend(text: string): Promise<boolean>;
}

export function ChatPanel({ view, channel, shown, typing, busy, onSend }: Props) {
  const [draft, setDraft] = useDraft(view.sessionId);
  const end = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const closed = view.status === 'ended' || view.status === 'checking' || view.status === 'paused';
  // The person's first move is to write: the box has focus when the seat opens and again after a pause.
  useEffect(() => {
    if (!closed) box.current?.focus();
  }, [closed]);
  const visible = shown.filter((m) => channelOf(m, view.you.name) === channel);
  useEffect(() => {
    // Braces matter: newer Chromium returns a promise from scrollIntoView, which React would call as a cleanup.
    void end.current?.scrollIntoView({ block: 'end' });
  }, [visible.length, typing]);
  // Nothing can be recorded while the host is down: the draft waits (and is kept) until it is back.
  const hostUp = useHostUp();
  const canSend = view.status === 'your_turn' && !busy && typing === null && hostUp;
  // While a sent message waits for its label (a judge panel may take seconds), a teammate "types": the wait looks
  // the same whoever labels it, and it is recorded apart from the participant's active time. The indicator waits for
  // the person's own line (recorded, then shown from the log): it never stands in front of what they just wrote.
  const [sendingFrom, setSendingFrom] = useState<number | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || !canSend) return;
    setSendingFrom(visible.length);
    try {
      if (await onSend(text)) setDraft('');
    } finally {
      setSendingFrom(null);
    }
  };
  const sending = sendingFrom !== null && visible.length > sendingFrom && visible.at(-1)?.mine === true;
  const peer = view.teammates.find((t) => t.name === channel);
  const answering = peer && !peer.system ? peer : view.teammates.find((t) => !t.system);
  return (
    <section className="chat" aria-label={`Conversation ${channelLabel(channel)}`}>
      <header className="chat-head">
        <h2>{channelLabel(channel)}</h2>
        <span className="muted small">
          {channel === TEAM
            ? 'Everyone on the team reads this channel.'
            : `Direct message · ${peer?.role ?? ''}`}
        </span>
      </header>
      {/* Focusable so the history scrolls by keyboard (axe: scrollable-region-focusable). */}
      <div
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={`Messages in ${channelLabel(channel)}`}
        tabIndex={0}
      >
        {visible.length === 0 ? <p className="muted chat-empty">No messages here yet.</p> : null}
        {visible.map((m, i) => {
          const prev = visible[i - 1];
          const newRound = !prev || prev.round !== m.round;
          const event = m.mine ? null : datasetActionLine(m.from, m.text);
          return (
            <div key={m.index}>
              {newRound ? <div className="round-divider">Round {m.round}</div> : null}
              {event ? (
                <p className="chat-event" data-from={m.from}>
                  {event}
                </p>
              ) : (
                <article
                  className={`msg${m.mine ? ' msg-mine' : ''}${m.system ? ' msg-system' : ''}`}
                  data-from={m.from}
                >
                  <Avatar name={m.mine ? 'You' : m.from} system={m.system} />
                  <div className="msg-body">
                    <div className="msg-meta">
                      <strong>
                        {m.mine ? (m.from.toLowerCase() === 'you' ? 'You' : `${m.from} (you)`) : m.from}
                      </strong>
                    </div>
                    <div className="msg-text">{m.text}</div>
                  </div>
                </article>
              )}
            </div>
          );
        })}
        {typing && channelOf(typing, view.you.name) === channel ? (
          <p className="typing muted small">
            {typing.system ? `${typing.from} is posting…` : `${typing.from} is typing…`}
          </p>
        ) : sending && answering ? (
          <p className="typing muted small" role="status">
            {answering.name} is typing…
          </p>
        ) : null}
        <div ref={end} />
      </div>
      <form className="composer" onSubmit={(e) => void submit(e)}>
        <textarea
          aria-label={`Message ${channelLabel(channel)}`}
          value={draft}
          placeholder={
            view.status === 'ended'
              ? 'The run has ended.'
              : view.status === 'checking'
                ? 'Submitted.'
                : view.status === 'paused'
                  ? 'Paused.'
                  : canSend
                    ? `Message ${channelLabel(channel)} — Enter to send, Shift+Enter for a new line`
                    : 'Waiting for your teammates…'
          }
          ref={box}
          disabled={closed}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit(e);
            }
          }}
          rows={3}
        />
        <button className="primary" type="submit" disabled={!canSend || !draft.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
