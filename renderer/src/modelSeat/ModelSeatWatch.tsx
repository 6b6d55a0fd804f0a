import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { modelSeatMethods } from '../../../shared/contract/modelSeat';
import type { Result } from '../../../shared/result';
import { api } from '../api/client';
import { useCoalescedRequest } from '../api/coalescedRead';
import { useApp } from '../state/appStore';

type Watch = z.infer<(typeof modelSeatMethods)['modelSeatWatch']['result']>;

/**
 * A model playing in the evaluated seat, read-only: what the seat sees (the team's messages, its own) and every tool
 * call it made, refreshed on each event of its session, so it doubles as a live demo.
 */
export function ModelSeatWatch({ sessionId }: { sessionId: string }) {
  const navigate = useApp((s) => s.navigate);
  const [watch, setWatch] = useState<Watch | undefined>();
  const [error, setError] = useState<string | undefined>();

  // One read at a time: a model's step commits several events; what came meanwhile is one more read.
  const read = useCallback(() => api().modelSeatWatch({ sessionId }), [sessionId]);
  const refresh = useCoalescedRequest(read, (r: Result<Watch>) => (r.ok ? setWatch(r.value) : setError(r.error.message)));
  useEffect(() => {
    const unsubscribe = api().subscribe((e) => {
      if (e.type === 'session.event' && e.event.sessionId === sessionId) void refresh();
    });
    // Events since the page opened arrive above; this read covers what happened before.
    void refresh();
    return unsubscribe;
  }, [sessionId, refresh]);

  if (!watch)
    return error ? (
      <p className="banner banner-error">{error}</p>
    ) : (
      <p className="muted">Opening the model run…</p>
    );
  const { view, steps } = watch;
  const status = watch.error
    ? `Stopped: ${watch.error.reason} — ${watch.error.message} (an error, not a fail; a batch retries it)`
    : view.status === 'ended'
      ? `Ended: ${view.ended ?? ''}`
      : watch.playing
        ? 'Playing…'
        : 'Not playing (the app was restarted while it ran)';

  return (
    <section className="model-watch" aria-labelledby="model-watch-title">
      <header className="seat-head">
        <div>
          <h1 id="model-watch-title">{view.taskTitle}</h1>
          <span className="muted small">
            {watch.model.name} ({watch.model.id}) in the evaluated seat{view.you.name === 'you' ? '' : ` (${view.you.name})`} · {view.version}, seed{' '}
            {view.seed}
          </span>
        </div>
        <div className="seat-status">
          <span className="round">
            Round {Math.max(view.round, 1)} of {view.rounds}
          </span>
          <span role="status" aria-live="polite">
            {status}
          </span>
          <button onClick={() => navigate({ screen: 'study', key: view.studyKey })}>Back to the study</button>
        </div>
      </header>
      <div
        className="model-watch-body"
        style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: '1.5rem' }}
      >
        <div>
          <h2>Messages</h2>
          <ol className="model-watch-messages" aria-label="Messages the seat sees">
            {view.messages.map((m) => (
              <li key={m.index} className={m.mine ? 'mine' : undefined}>
                <span className="muted small">
                  Round {m.round} · {m.mine ? `${watch.model.name} (model)` : m.from} → {m.to}
                </span>
                <p>{m.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2>Tool calls</h2>
          <ol className="model-watch-steps" aria-label="The model's tool calls">
            {steps.flatMap((s, i) =>
              s.calls.map((c, j) => (
                <li key={`${i}-${j}`}>
                  <code>
                    {c.name}({c.arguments.length > 120 ? `${c.arguments.slice(0, 120)}…` : c.arguments})
                  </code>{' '}
                  <span className={c.ok ? 'muted small' : 'error-text small'}>
                    round {s.round}: {c.ok ? '' : 'error — '}
                    {c.result.length > 200 ? `${c.result.slice(0, 200)}…` : c.result}
                  </span>
                </li>
              )),
            )}
          </ol>
        </div>
      </div>
    </section>
  );
}
