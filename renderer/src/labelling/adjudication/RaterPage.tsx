import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { LabellingScreen } from '../LabellingScreen';
import { AdjudicateScreen } from './AdjudicateScreen';

/** A rater link's page: the study's named adjudicator adjudicates; everyone else labels. */
export function RaterPage({ studyKey, rater }: { studyKey: string; rater: string }) {
  const [role, setRole] = useState<'rater' | 'adjudicator'>();
  useEffect(() => {
    let live = true;
    void api()
      .labellingRole({ studyKey, person: rater })
      .then((r) => live && setRole(r.ok ? r.value.role : 'rater'));
    return () => {
      live = false;
    };
  }, [studyKey, rater]);
  if (!role) return <p className="muted">Opening…</p>;
  return role === 'adjudicator' ? <AdjudicateScreen studyKey={studyKey} adjudicator={rater} /> : <LabellingScreen studyKey={studyKey} rater={rater} />;
}
