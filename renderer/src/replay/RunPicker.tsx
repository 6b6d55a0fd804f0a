import { useEffect, useState } from 'react';
import type { ReplayRunRef } from '../../../shared/contract/replay';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { refOfSource } from './refs';

/** Choose a run (or two, for side by side), or open a transcript file on this machine by its path. */
export function RunPicker() {
  const navigate = useApp((s) => s.navigate);
  const [runs, setRuns] = useState<ReplayRunRef[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [path, setPath] = useState('');
  const [first, setFirst] = useState<string | null>(null);
  useEffect(() => {
    void api()
      .replayRuns({})
      .then((r) => (r.ok ? setRuns(r.value) : setError(r.error.message)));
  }, []);
  const open = (ref: string) => (first && first !== ref ? navigate({ screen: 'replay', run: first, b: ref }) : navigate({ screen: 'replay', run: ref }));
  return (
    <div className="replay-picker">
      <div className="section-head">
        <h1>Replay a run</h1>
        <button onClick={() => navigate({ screen: 'demo' })}>Quick seat (demo)…</button>
      </div>
      <form
        className="replay-open-file"
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) open(`f:${path.trim()}`);
        }}
      >
        <label>
          Transcript or Harbor trial on this machine (path){' '}
          <input value={path} onChange={(e) => setPath(e.target.value)} size={60} placeholder="/path/to/results/transcripts/…/manipulation_seed1.json" />
        </label>
        <button type="submit" className="primary">
          Open
        </button>
      </form>
      {first ? (
        <p className="banner banner-notice" role="status">
          Side by side: choose the second run to show beside the first. <button className="link" onClick={() => setFirst(null)}>Cancel</button>
        </p>
      ) : null}
      {error ? <p className="banner banner-error">{error}</p> : null}
      {runs === null ? (
        <p className="muted">Listing runs…</p>
      ) : runs.length === 0 ? (
        <p className="muted">No runs yet.</p>
      ) : (
        <table className="replay-runs">
          <caption className="muted small">Sessions on this machine and the demo reel</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Where</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => {
              const ref = refOfSource(r.source);
              return (
                <tr key={ref}>
                  <td>
                    {r.title} {r.demo ? <span className="badge replay-demo-badge">demo</span> : null}
                  </td>
                  <td className="muted small">{r.detail}</td>
                  <td className="replay-run-actions">
                    <button onClick={() => open(ref)}>{first ? 'Beside it' : 'Replay'}</button>
                    {!first ? (
                      <button className="link" onClick={() => setFirst(ref)} aria-label={`Side by side, starting with ${r.title}`}>
                        Side by side…
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
