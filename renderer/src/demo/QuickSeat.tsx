import { useEffect, useState } from 'react';
import type { StudyDetail } from '../../../shared/contract/schemas';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { TeamSeatScreen } from '../team/TeamSeatScreen';
import '../replay/replay.css';

const VERSIONS = ['alone', 'control', 'manipulation'] as const;

/**
 * Quick seat: someone from the audience takes the seat of any task in any version in one click. The run is a demo
 * session (kept under `demo:<study>`, so no study's results, scores or exports ever hold it), and Reset starts the
 * same task, version and seed again from its first round.
 */
export function QuickSeat({ session }: { session: string | undefined }) {
  return session ? <DemoRun sessionId={session} /> : <TaskChooser />;
}

function TaskChooser() {
  const navigate = useApp((s) => s.navigate);
  const [studies, setStudies] = useState<StudyDetail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void (async () => {
      const list = await api().listStudies({});
      if (!list.ok) return setError(list.error.message);
      const out: StudyDetail[] = [];
      for (const s of list.value.filter((x) => x.kind === 'team' && x.problems.length === 0)) {
        const d = await api().openStudy({ key: s.key });
        if (d.ok) out.push(d.value);
      }
      setStudies(out);
    })();
  }, []);
  const start = async (studyKey: string, taskId: string, version: (typeof VERSIONS)[number]) => {
    setBusy(true);
    const r = await api().demoStart({ studyKey, taskId, version });
    setBusy(false);
    if (r.ok) navigate({ screen: 'demo', session: r.value.sessionId });
    else setError(r.error.message);
  };
  return (
    <div className="replay-picker">
      <div className="section-head">
        <h1>Quick seat</h1>
        <button className="link" onClick={() => navigate({ screen: 'replay' })}>
          Replay a run…
        </button>
      </div>
      <p className="muted">Start any task in any version as a demo session. Demo sessions are marked demo and are never part of a study’s results, scores or exports.</p>
      {error ? <p className="banner banner-error" role="alert">{error}</p> : null}
      {studies === null ? <p className="muted">Listing tasks…</p> : null}
      {studies?.map((s) => (
        <section key={s.key} aria-label={s.title}>
          <h2>{s.title}</h2>
          <ul className="quickseat-tasks">
            {s.tasks.map((t) => (
              <li key={t.id} className="quickseat-task">
                <span>
                  <strong>{t.title}</strong> <span className="muted small">{t.id}</span>
                </span>
                <span className="quickseat-versions">
                  {VERSIONS.map((v) => (
                    <button key={v} disabled={busy} onClick={() => void start(s.key, t.id, v)} aria-label={`Start ${t.title}, ${v}`}>
                      {v}
                    </button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DemoRun({ sessionId }: { sessionId: string }) {
  const navigate = useApp((s) => s.navigate);
  const [error, setError] = useState<string | null>(null);
  const reset = async () => {
    const r = await api().demoReset({ sessionId });
    if (r.ok) navigate({ screen: 'demo', session: r.value.sessionId });
    else setError(r.error.message);
  };
  return (
    <div>
      <div className="quickseat-banner" role="region" aria-label="Demo session">
        <span>
          <span className="badge replay-demo-badge">demo</span> A demo session: not part of any study’s results or exports.
        </span>
        <span className="quickseat-versions">
          <button className="primary" onClick={() => void reset()}>
            Reset to the start
          </button>
          <button onClick={() => navigate({ screen: 'replay', run: `s:${sessionId}` })}>Replay this run</button>
          <button onClick={() => navigate({ screen: 'demo' })}>Another task</button>
        </span>
      </div>
      {error ? <p className="banner banner-error" role="alert">{error}</p> : null}
      <TeamSeatScreen key={sessionId} sessionId={sessionId} />
    </div>
  );
}
