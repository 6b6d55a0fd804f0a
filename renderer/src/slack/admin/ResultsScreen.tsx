import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { runSummarySchema, studyScoreSchema } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { ErrorLine, useCall } from '../useCall';
import { GraderAgreementPanel } from './GraderAgreementPanel';
import { GraderLink } from './GraderLink';
import { JudgeSettings } from './JudgeSettings';
import { RunDetail } from './RunDetail';
import { ScoresTable } from './ScoresTable';

type RunSummary = z.infer<typeof runSummarySchema>;
type Scores = { all: z.infer<typeof studyScoreSchema>; byParticipant: Array<{ participant: string; score: z.infer<typeof studyScoreSchema> }> };

const gradingText: Record<RunSummary['grading'], string> = {
  not_submitted: 'no answer yet',
  awaiting_grader: 'waiting for grading',
  awaiting_second_grader: 'waiting for a second grader',
  awaiting_third_grader: 'graders differ — waiting for a third',
  graded: 'graded',
  judge_error: 'judge failed — retry',
};

/** The researcher's side of a Slack study: runs, grading, scores, the judge endpoint and the Harbor export. */
export function ResultsScreen({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  const openStudy = useApp((s) => s.openStudy);
  const { error, call, clearError } = useCall();
  const [runs, setRuns] = useState<RunSummary[] | undefined>();
  const [scores, setScores] = useState<Scores | undefined>();
  const [grader, setGrader] = useState('');
  const [note, setNote] = useState<string | undefined>();
  const [detail, setDetail] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    void call(api().slackListRuns({ studyKey })).then((r) => r && setRuns(r));
    void call(api().slackScores({ studyKey })).then((s) => s && setScores(s));
  }, [studyKey, call]);
  useEffect(load, [load]);

  const judge = async () => {
    setBusy(true);
    const r = await call(api().slackJudgeRuns({ studyKey }));
    setBusy(false);
    if (r) setNote(`${r.judged} judged.${r.errors.length ? ` Failed: ${r.errors.map((e) => `${e.queryId} (${e.message})`).join('; ')}` : ''}`);
    load();
  };
  const exportJobs = async () => {
    const r = await call(api().slackExport({ studyKey }));
    if (r) setNote(r.jobs.length ? `Written: ${r.jobs.map((j) => `${j.path} (${j.trials} trials)`).join(', ')}` : 'No runs to export yet.');
  };

  return (
    <section className="sk-results" aria-labelledby="results-title">
      <button className="link back" onClick={() => void openStudy(studyKey)}>
        ← Study
      </button>
      <h1 id="results-title">Results and grading</h1>
      <ErrorLine error={error} onDismiss={clearError} />
      {note ? (
        <p className="banner banner-notice" role="status">
          {note}
        </p>
      ) : null}
      <h2>Runs</h2>
      <table className="tasks sk-runs">
        <thead>
          <tr>
            <th>Participant</th>
            <th>Query</th>
            <th>Status</th>
            <th>Grading</th>
            <th>Reward</th>
            <th>
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs?.map((r) => (
            <tr key={r.runId} data-run={r.runId}>
              <td>{r.participant}</td>
              <td>
                <code>{r.queryId}</code> <span className="muted small">{r.category}</span>
              </td>
              <td>{r.status.replace('_', ' ')}</td>
              <td>{gradingText[r.grading]}</td>
              <td>{r.reward === null ? '—' : r.reward}</td>
              <td>
                {r.grading !== 'not_submitted' && r.grading !== 'awaiting_grader' ? (
                  <button className="link" onClick={() => setDetail(detail === r.runId ? undefined : r.runId)}>
                    {detail === r.runId ? 'Hide' : 'Details'}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
          {runs?.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                No runs yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {detail ? <RunDetail runId={detail} /> : null}
      <div className="sk-row-actions">
        <button onClick={() => void judge()} disabled={busy}>
          {busy ? 'Judging…' : 'Judge ungraded answers with the endpoint'}
        </button>
        <button onClick={() => void exportJobs()}>Export Harbor jobs</button>
      </div>
      <form
        className="start-panel"
        aria-label="Grade answers"
        onSubmit={(e) => {
          e.preventDefault();
          if (grader.trim()) navigate({ screen: 'slack-grade', studyKey, graderId: grader.trim() });
        }}
      >
        <h2>Grade answers blind</h2>
        <p className="muted small">
          A second researcher grades each answer against the reference, without seeing who wrote it. When the study asks for two graders per answer,
          give each grader their own link (below): it shows their own queue and grades only, never the other grader&rsquo;s.
        </p>
        <label className="sk-participant">
          Grader id
          <input value={grader} onChange={(e) => setGrader(e.target.value)} placeholder="e.g. G1" aria-label="Grader id" />
        </label>
        <button className="primary" type="submit" disabled={!grader.trim()}>
          Start grading
        </button>
      </form>
      <GraderLink studyKey={studyKey} />
      <GraderAgreementPanel studyKey={studyKey} refresh={runs?.length ?? 0} />
      <h2>Scores</h2>
      <p className="muted">
        Every graded answer here, pilot runs included. The study&rsquo;s counted scores, without pilot, practice, void,
        withdrawn or superseded runs, are under Results and scores on the study page.
      </p>
      {scores ? (
        <>
          <ScoresTable score={scores.all} caption="Everyone" />
          {scores.byParticipant.map((p) => (
            <ScoresTable key={p.participant} score={p.score} caption={`Participant ${p.participant}`} />
          ))}
        </>
      ) : (
        <p className="muted">Loading…</p>
      )}
      <JudgeSettings />
    </section>
  );
}
