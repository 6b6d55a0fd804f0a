import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ConsoleQueueItem, ConsoleView } from '../../../shared/contract/console';
import { DecidedList, ScriptPanel, SeatMirror } from './ConsolePanels';
import { useConsole } from './useConsole';
import { PartnerComposer } from './PartnerComposer';
import './console.css';

const policyText = (p: NonNullable<ConsoleView['policy']>) =>
  p.onTimeout === 'hold'
    ? `You label every message; the round waits for you (the participant sees a teammate typing).`
    : `You label every message; after ${p.timeoutSec} s without your label, ${p.onTimeout === 'rules' ? "the task's rules" : 'the judge panel'} label it.`;

/**
 * The experimenter's console (issue 14, Wizard of Oz labelling), `#/console?sessionId=…`: the session as the
 * participant sees it, the task's labels with what each would make the teammates say, the script position and the
 * queue of messages waiting for a label. One key per label, then Enter. One console drives a session; a second one
 * on the same session is read-only until the first is closed.
 */
export function ConsoleScreen({ sessionId }: { sessionId: string }) {
  const { view, error, setError, decide, say } = useConsole(sessionId);
  if (!view) return error ? <p className="banner banner-error">{error}</p> : <p className="muted">Opening the console…</p>;
  const head = view.queue[0] ?? null;
  return (
    <div className="console">
      <header className="console-head">
        <h1>Console: {view.seat.taskTitle}</h1>
        <p className="muted small">
          Participant {view.seat.participant} · {view.version}, seed {view.seed} · task {view.taskId}
        </p>
        {view.policy ? <p>{policyText(view.policy)}</p> : <p className="banner banner-notice">This study does not label by console: you can watch, not label.</p>}
        {view.role === 'viewer' ? (
          <p className="banner banner-notice" role="status">
            Read-only: another console drives this session. This one takes over when that one is closed.
          </p>
        ) : null}
      </header>
      {error ? (
        <div className="banner banner-error" role="alert">
          <span>{error}</span>
          <button className="link" onClick={() => setError(undefined)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="console-body">
        <SeatMirror view={view} />
        <div className="console-side">
          <Queue items={view.queue} />
          <LabelPicker view={view} item={head} readOnly={view.role === 'viewer' || !view.policy} onDecide={decide} />
          <PartnerComposer view={view} onSay={say} />
          <ScriptPanel view={view} />
          <DecidedList view={view} />
        </div>
      </div>
    </div>
  );
}

function Queue({ items }: { items: ConsoleQueueItem[] }) {
  return (
    <section aria-labelledby="console-queue-h">
      <h2 id="console-queue-h">Waiting for a label ({items.length})</h2>
      {items.length === 0 ? (
        <p className="muted">No message is waiting.</p>
      ) : (
        <ol className="console-queue" aria-label="Messages waiting for a label">
          {items.map((q) => (
            <li key={q.requestId}>
              Round {q.round}, to {q.to}: “{q.text}” <Countdown at={q.fallbackAt} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Countdown({ at }: { at: string | null }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  if (at === null) return <span className="muted small">(the round waits for you)</span>;
  const left = Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
  return <span className="muted small">(fallback in {left} s)</span>;
}

/** One radio per label; its key selects it and Enter gives it to the first waiting message. */
function LabelPicker({ view, item, readOnly, onDecide }: { view: ConsoleView; item: ConsoleQueueItem | null; readOnly: boolean; onDecide(requestId: string, label: string): Promise<boolean> }) {
  const requestId = item?.requestId ?? null;
  // A pick belongs to the message it was made for: the next message starts with none.
  const [pick, setPick] = useState<{ requestId: string | null; label: string } | null>(null);
  const picked = pick && pick.requestId === requestId ? pick.label : null;
  const setPicked = (label: string) => setPick({ requestId, label });
  const sending = useRef(false);
  const canLabel = !readOnly && requestId !== null;

  const send = async () => {
    if (!canLabel || picked === null || sending.current) return;
    sending.current = true;
    try {
      await onDecide(requestId, picked);
    } finally {
      sending.current = false;
    }
  };
  const keys = useRef({ send, labels: view.labels, canLabel, pickLabel: setPicked });
  useEffect(() => {
    keys.current = { send, labels: view.labels, canLabel, pickLabel: setPicked };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { labels, canLabel: can } = keys.current;
      if (!can || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      // Typing elsewhere, or Enter on a button or link, keeps its own meaning.
      if (target?.closest('textarea, input[type="text"], select, button, a')) return;
      const label = labels.find((l) => l.key === e.key.toLowerCase());
      if (label) {
        e.preventDefault();
        keys.current.pickLabel(label.id);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        void keys.current.send();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  return (
    <form className="console-labels" onSubmit={submit} aria-labelledby="console-labels-h">
      <h2 id="console-labels-h">Labels</h2>
      <p className="muted small">
        {canLabel && item ? `Label “${item.text}”: press a label's key, then Enter.` : readOnly ? 'Read-only.' : 'Nothing to label yet; each label shows what the teammates would say next.'}
      </p>
      <fieldset disabled={!canLabel}>
        <legend className="sr-only">Label for the waiting message</legend>
        {view.labels.map((l) => (
          <div key={l.id} className={`console-label${picked === l.id ? ' is-picked' : ''}`} data-label={l.id}>
            <label>
              <input type="radio" name="console-label" value={l.id} checked={picked === l.id} onChange={() => setPicked(l.id)} />
              <kbd>{l.key}</kbd> <strong>{l.id}</strong>
              {l.default ? <span className="muted small"> (default)</span> : null} — {l.definition}
            </label>
            {l.next.length > 0 || l.ends ? (
              <ul className="console-next" aria-label={`What follows ${l.id}`}>
                {l.next.map((n, i) => (
                  <li key={i}>
                    {n.seat}
                    {n.to ? ` → ${n.to}` : ''}: {n.text}
                  </li>
                ))}
                {l.ends ? <li>the run ends ({l.ends})</li> : null}
              </ul>
            ) : null}
          </div>
        ))}
      </fieldset>
      <button className="primary" type="submit" disabled={!canLabel || picked === null}>
        Give label (Enter)
      </button>
    </form>
  );
}
