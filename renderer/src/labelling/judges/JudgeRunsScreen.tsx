import { useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { AlignmentView } from './AlignmentView';
import { JudgeRunForm } from './JudgeRunForm';
import { runName, type JudgeAlignment, type JudgeRunsView } from './types';
import './judges.css';
import { TableHead } from '../../components/TableHead';

/** The experimenter's judge runs on a labelling study, side by side, with their agreement with people. Never shown to a rater. */
export function JudgeRunsScreen({ studyKey }: { studyKey: string }) {
  const openStudy = useApp((s) => s.openStudy);
  const [view, setView] = useState<JudgeRunsView>();
  const [alignment, setAlignment] = useState<JudgeAlignment>();
  const [error, setError] = useState<AppError>();
  const running = view?.runs.some((r) => r.running) ?? false;

  // Bumped to read again: after a start or a resume, and every second while a run is judging.
  const [tick, setTick] = useState(0);
  const read = () => setTick((n) => n + 1);

  useEffect(() => {
    let live = true;
    void api()
      .judgeRuns({ studyKey })
      .then(async (r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error);
        setView(r.value);
        // The report bootstraps every comparison: read it when no run is moving, not on every poll.
        if (r.value.runs.some((x) => x.running)) return;
        const a = await api().judgeAlignment({ studyKey });
        if (!live) return;
        if (a.ok) setAlignment(a.value);
        else setError(a.error);
      });
    return () => {
      live = false;
    };
  }, [studyKey, tick]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(read, 1000);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <section aria-labelledby="jv-title" className="jv">
      <button className="link back" onClick={() => void openStudy(studyKey)}>
        ← Study
      </button>
      <h1 id="jv-title">Judges on this study</h1>
      <p>
        Each run is <strong>these judges with this prompt</strong>: one endpoint and model, one prompt template with a version name, over every item.
        Unless you paste the benchmark’s own judge prompt, no run here is the benchmark’s judge. Raters never see this page or its labels.
      </p>
      {error ? (
        <p className="problems" role="alert">
          {error.message}
        </p>
      ) : null}
      {!view ? <p className="muted">Reading the judge runs…</p> : null}
      {view ? <JudgeRunForm studyKey={studyKey} view={view} onStarted={read} /> : null}
      {view && view.runs.length ? (
        <>
          <h2>Runs</h2>
          <table className="tasks jv-runs" aria-label="Judge runs">
            <TableHead columns={['Run', 'Template hash', 'Started', 'Labelled', 'Unparseable', 'Errors', 'State']} />
            <tbody>
              {view.runs.map((r) => (
                <tr key={r.runId}>
                  <th scope="row">{runName(r)}</th>
                  <td>
                    <code title={r.templateHash}>{r.templateHash.slice(0, 12)}</code>
                  </td>
                  <td>{new Date(r.startedAt).toLocaleString()}</td>
                  <td>
                    {r.labelled}/{r.items}
                  </td>
                  <td>{r.unparseable}</td>
                  <td>{r.errors}</td>
                  <td>
                    {r.running ? (
                      <span role="status">Judging… {r.items - r.pending}/{r.items}</span>
                    ) : r.pending > 0 || r.errors > 0 ? (
                      <button onClick={() => void api().resumeJudgeRun({ studyKey, runId: r.runId }).then(read)}>
                        Resume {runName(r)} ({r.pending + r.errors} left)
                      </button>
                    ) : (
                      'Finished'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {alignment && alignment.runs.length ? <AlignmentView alignment={alignment} /> : null}
    </section>
  );
}
