import { useEffect, useState } from 'react';
import type { StudyDetail } from '../../../shared/contract/schemas';
import type { QuerySummary } from '../../../shared/contract/slack';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { ErrorLine, useCall } from './useCall';
import { waitReady } from './workspace/waitReady';
import { useStudySectionLoading } from '../screens/studyPageReady';

type RunRow = { runId: string; queryId: string; participant: string; status: string; grading: string };

const statusText: Record<string, string> = {
  running: 'started — resume',
  paused: 'paused — resume',
  time_up: 'time is up — answer',
  submitted: 'answered',
  // A model's run closed on an endpoint or budget error (issue 28): over, neither answered nor timed out.
  error: 'stopped on an error',
};

/** The researcher hands a participant one query at a time; each query is a run with its own clock. */
export function SlackStart({ study }: { study: StudyDetail }) {
  const navigate = useApp((s) => s.navigate);
  const { error, call, clearError, setError } = useCall();
  const [participant, setParticipant] = useState('');
  const [queries, setQueries] = useState<QuerySummary[] | undefined>();
  const [allRuns, setRuns] = useState<RunRow[]>([]);
  const [busy, setBusy] = useState<string | undefined>();
  useStudySectionLoading(queries === undefined && error === undefined);

  useEffect(() => {
    void api()
      .getSettings({})
      .then((r) => r.ok && setParticipant((p) => p || `${r.value.participantPrefix}01`));
    void call(api().slackListQueries({ studyKey: study.key })).then((q) => q && setQueries(q));
  }, [study.key, call]);

  const who = participant.trim();
  useEffect(() => {
    if (!who) return;
    const t = setTimeout(() => {
      void api()
        .slackListRuns({ studyKey: study.key, participant: who })
        .then((r) => setRuns(r.ok ? r.value : []));
    }, 250);
    return () => clearTimeout(t);
  }, [study.key, who]);

  const start = async (queryId: string) => {
    setBusy(queryId);
    clearError();
    // The query's workspace (its own variant for CI queries) must be imported before the clock starts.
    const opened = await call(api().slackOpenStudyWorkspace({ studyKey: study.key, queryId }));
    const ready = opened ? await waitReady(opened).done : undefined;
    if (ready && !ready.ok) setError(ready.error.message);
    else if (ready && ready.value.status !== 'ready') setError(ready.value.error ?? `The workspace could not be imported (${ready.value.status}).`);
    else if (ready) {
      const run = await call(api().slackStartRun({ studyKey: study.key, queryId, participant: who }));
      if (run) navigate({ screen: 'slack', studyKey: study.key, runId: run.runId });
    }
    setBusy(undefined);
  };

  const runOf = (queryId: string) => allRuns.find((r) => r.queryId === queryId && r.participant === who);
  return (
    <section className="start-panel sk-start" aria-label="Pilot query runs">
      <h2>Pilot query runs (not counted)</h2>
      <p className="muted small">
        Each query is one run with its own clock. The participant reads the workspace, the repository and the documents, then
        answers. Every search and every opened channel is recorded as the benchmark&apos;s tool calls. Runs started here are
        pilots, kept under <code>excluded/pilot</code> and never scored; participants start from their own link under
        Participants.
      </p>
      <label className="sk-participant">
        Participant id
        <input value={participant} onChange={(e) => setParticipant(e.target.value)} placeholder="e.g. P07" />
      </label>
      <ErrorLine error={error} onDismiss={clearError} />
      {queries === undefined ? (
        <p className="muted">Loading queries…</p>
      ) : (
        <ol className="sk-query-list">
          {queries.map((q) => {
            const run = runOf(q.id);
            return (
              <li key={q.id} className="sk-query-item" data-query={q.id}>
                <span className="sk-query-text">
                  <code>{q.id}</code> {q.query}
                  <span className="muted small">
                    {' '}
                    · {q.timeLimitMinutes} min{q.hasVariant ? ' · own workspace variant' : ''}
                  </span>
                </span>
                <span className="sk-query-status small">{run ? statusText[run.status] ?? run.status : 'not started'}</span>
                <button
                  className={run && run.status !== 'submitted' ? 'primary' : ''}
                  disabled={!who || busy !== undefined}
                  onClick={() => (run ? navigate({ screen: 'slack', studyKey: study.key, runId: run.runId }) : void start(q.id))}
                  aria-label={`${run ? (run.status === 'submitted' || run.status === 'error' ? 'View' : 'Resume') : 'Start'} ${q.id}`}
                >
                  {busy === q.id ? 'Opening…' : run ? (run.status === 'submitted' || run.status === 'error' ? 'View' : 'Resume') : 'Start'}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="sk-start-links">
        <button onClick={() => navigate({ screen: 'slack', studyKey: study.key })}>Browse the workspace (not recorded)</button>
        <button onClick={() => navigate({ screen: 'slack-results', studyKey: study.key })}>Results, grading and judge…</button>
        <button onClick={() => navigate({ screen: 'slack-import', studyKey: study.key })}>Import a Slack export…</button>
      </div>
    </section>
  );
}
