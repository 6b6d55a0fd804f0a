import { useEffect, useState } from 'react';
import type { StudyDetail } from '../../../shared/contract/schemas';
import type { AppError } from '../../../shared/result';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { LabellingReport } from './LabellingReport';
import type { LabellingOverview } from './types';
import { useStudySectionLoading } from '../screens/studyPageReady';

const modeText = (a: LabellingOverview['assignment']) =>
  a.mode === 'crossed'
    ? 'every rater labels every item'
    : a.mode === 'split'
      ? 'the items are split between the raters'
      : `${a.shared} items are labelled by every rater, the rest are split`;

/** The study page's labelling panel: each rater starts or resumes here; the report opens separately. */
export function StartLabelling({ study }: { study: StudyDetail }) {
  const navigate = useApp((s) => s.navigate);
  const [overview, setOverview] = useState<LabellingOverview>();
  const [error, setError] = useState<AppError>();
  useStudySectionLoading(overview === undefined && error === undefined);
  const [typed, setTyped] = useState('');
  const [showReport, setShowReport] = useState(false);

  useEffect(() => {
    let live = true;
    void api()
      .labellingOverview({ studyKey: study.key })
      .then((r) => live && (r.ok ? setOverview(r.value) : setError(r.error)));
    return () => {
      live = false;
    };
  }, [study.key]);

  const start = (rater: string) => navigate({ screen: 'labelling', studyKey: study.key, rater });
  if (error)
    return (
      <p className="problems" role="alert">
        {error.message}
      </p>
    );
  if (!overview) return <p className="muted">Reading the labelling setup…</p>;
  return (
    <div className="lab-start">
      <h2>Labelling sessions</h2>
      <p className="small">
        {overview.items} items
        {overview.sample
          ? ` (drawn: ${overview.sample.perDimension} per dimension, seed ${overview.sample.seed})`
          : ''}
        {overview.practice ? `, ${overview.practice} practice items first` : ''}. Assignment:{' '}
        {modeText(overview.assignment)}; each rater sees their own order (seed {overview.assignment.seed}).
        Raters never see the judges’ labels.
      </p>
      {overview.raters.length ? (
        <table className="tasks lab-raters">
          <thead>
            <tr>
              <th>Rater</th>
              <th>Practice</th>
              <th>Answered</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {overview.raters.map((r) => (
              <tr key={r.rater}>
                <td>
                  <strong>{r.rater}</strong>
                  {r.itemSetChanged ? (
                    <div className="lab-warn small">Started on a different item set</div>
                  ) : null}
                </td>
                <td>
                  {r.practiceDone}/{r.practiceTotal}
                </td>
                <td>
                  {r.done}/{r.total} <progress max={r.total || 1} value={r.done} />
                </td>
                <td className="lab-cell-action">
                  <button className="primary" onClick={() => start(r.rater)}>
                    {r.sessionId ? (r.done === r.total ? 'Review' : 'Resume') : 'Start'} as {r.rater}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {!overview.fixedRaters ? (
        <form
          className="lab-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) start(typed.trim());
          }}
        >
          <label>
            Rater id{' '}
            <input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="e.g. R3"
              pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,31}"
            />
          </label>
          <button type="submit" disabled={!typed.trim()}>
            Start or resume
          </button>
        </form>
      ) : null}
      <div className="lab-report-open">
        <button onClick={() => setShowReport((v) => !v)} aria-expanded={showReport}>
          {showReport ? 'Hide the agreement report' : 'Agreement report (researcher only)'}
        </button>
        <span className="muted small"> Shows the judges’ labels: do not open it in front of a rater.</span>
      </div>
      <div className="lab-row">
        <button onClick={() => navigate({ screen: 'labelling-judges', studyKey: study.key })}>Judges: runs and agreement (researcher only)</button>
        <button onClick={() => navigate({ screen: 'labelling-adjudication', studyKey: study.key })}>Adjudication and consensus</button>
      </div>
      {showReport ? <LabellingReport studyKey={study.key} /> : null}
    </div>
  );
}
