import { useEffect, useRef, useState } from 'react';
import type { DemoEnd } from '../../../shared/contract/demo';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { refOfSource } from '../replay/refs';
import './demo.css';

/**
 * The end of a quick-seat demo, for a hall: the checker's verdict in words, then what to do next — replay this run,
 * put it beside a model's run of the same task and version (offered only where one was recorded), or another task.
 * A demo never offers the study (it belongs to none) or an export (demo runs are never exported).
 */
export function DemoEnded({ sessionId }: { sessionId: string }) {
  const navigate = useApp((s) => s.navigate);
  const [end, setEnd] = useState<{ sessionId: string; value: DemoEnd | null; error: string | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    void api()
      .demoEnd({ sessionId })
      .then((r) => live && setEnd(r.ok ? { sessionId, value: r.value, error: null } : { sessionId, value: null, error: r.error.message }));
    return () => {
      live = false;
    };
  }, [sessionId]);
  const current = end?.sessionId === sessionId ? end : null;
  // The verdict is what the hall waits for: the focus goes there, so a keyboard presenter's next Tab is the first action.
  useEffect(() => {
    if (current?.value) heading.current?.focus();
  }, [current?.value]);
  const value = current?.value ?? null;
  const verdict = value?.verdict ?? null;
  const run = `s:${sessionId}`;
  return (
    <section className={`demo-end${verdict ? (verdict.pass ? ' demo-end-pass' : ' demo-end-fail') : ''}`} aria-labelledby="demo-end-h">
      <h2 id="demo-end-h" ref={heading} tabIndex={-1} className="demo-end-verdict">
        {!current ? 'The run has ended. Reading the checker’s verdict…' : verdict ? `${verdict.headline}: ${verdict.outcomeWords}.` : 'The run has ended; the checker gave no verdict.'}
      </h2>
      {value ? <p className="demo-end-how">{value.endedWords}</p> : null}
      {verdict && verdict.reasons.length > 0 ? (
        <ul className="demo-end-reasons" aria-label="Why">
          {verdict.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      {current?.error ? (
        <p className="error-text" role="alert">
          {current.error}
        </p>
      ) : null}
      <div className="demo-end-actions">
        <button className="primary" onClick={() => navigate({ screen: 'replay', run })}>
          Replay this run
        </button>
        {value?.model ? (
          <button onClick={() => navigate({ screen: 'replay', run, b: refOfSource(value.model!.source) })} aria-describedby="demo-end-model">
            Side by side with a model
          </button>
        ) : null}
        <button onClick={() => navigate({ screen: 'demo' })}>Another task</button>
      </div>
      {value?.model ? (
        <p id="demo-end-model" className="muted small">
          Beside {value.model.title}, the same task and version.
        </p>
      ) : null}
    </section>
  );
}
