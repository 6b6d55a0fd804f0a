import { useApp } from '../state/appStore';

/** The study screen's way to its Results (experimenter only: the study screen is never a participant's). */
export function ResultsLink({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  return (
    <p className="results-link">
      <button onClick={() => navigate({ screen: 'results', studyKey })}>Results and scores</button>
    </p>
  );
}
