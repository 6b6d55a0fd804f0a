import { useState } from 'react';
import { useApp } from '../state/appStore';
import { BundlePanel } from './BundlePanel';
import './comparison.css';

/** The study screen's way to the comparison of its people with models, and to this station's bundle (experimenter only). */
export function ComparisonLink({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  const [bundle, setBundle] = useState(false);
  return (
    <>
      <p className="comparison-link">
        <button onClick={() => navigate({ screen: 'comparison', studyKey })}>People beside models…</button>{' '}
        <button aria-expanded={bundle} onClick={() => setBundle((b) => !b)}>
          Study bundle…
        </button>
      </p>
      {bundle ? <BundlePanel studyKey={studyKey} /> : null}
    </>
  );
}
