import { useApp } from '../state/appStore';

/** The study screen's way to the comparison of its people with models (experimenter only). */
export function ComparisonLink({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  return (
    <p className="comparison-link">
      <button onClick={() => navigate({ screen: 'comparison', studyKey })}>People beside models…</button>
    </p>
  );
}
