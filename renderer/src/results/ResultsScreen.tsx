import { useCallback, useEffect, useState } from 'react';
import type { StudyResults } from '../../../shared/contract/results';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { ErrorLine, useCall } from '../slack/useCall';
import { SlackResultsView } from './SlackResultsView';
import { TeamResultsView } from './TeamResultsView';

/** A team or Slack study's results for the experimenter: every counted run and the scores, per participant and pooled. */
export function ResultsScreen({ studyKey }: { studyKey: string }) {
  const openStudy = useApp((s) => s.openStudy);
  const { error, call, clearError } = useCall();
  const [results, setResults] = useState<StudyResults | undefined>();
  const [rechecking, setRechecking] = useState(false);

  const load = useCallback(
    (recheck: boolean) => call(api().studyResults({ studyKey, recheck })).then((r) => r && setResults(r)),
    [studyKey, call],
  );
  useEffect(() => {
    void load(false);
  }, [load]);

  const recheck = () => {
    setRechecking(true);
    void load(true).finally(() => setRechecking(false));
  };

  return (
    <section className="results" aria-labelledby="results-title">
      <button className="link back" onClick={() => void openStudy(studyKey)}>
        ← Study
      </button>
      <h1 id="results-title">Results{results ? `: ${results.title}` : ''}</h1>
      <ErrorLine error={error} onDismiss={clearError} />
      {!results ? (
        <p className="muted">Loading…</p>
      ) : results.kind === 'team' ? (
        <TeamResultsView results={results} onRecheck={recheck} rechecking={rechecking} />
      ) : (
        <SlackResultsView results={results} />
      )}
    </section>
  );
}
