import { useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { words } from '../format';
import type { AdjudicationOverview } from '../judges/types';
import '../judges/judges.css';
import { TableHead } from '../../components/TableHead';

/**
 * The experimenter's side of adjudication: name the third person, give them their link, and watch the consensus
 * form. The adjudicator's own page (AdjudicateScreen) shows neither the judges nor who gave which label.
 */
export function AdjudicationScreen({ studyKey }: { studyKey: string }) {
  const openStudy = useApp((s) => s.openStudy);
  const navigate = useApp((s) => s.navigate);
  const [overview, setOverview] = useState<AdjudicationOverview>();
  const [error, setError] = useState<AppError>();
  const [typed, setTyped] = useState('');
  const [link, setLink] = useState<string>();

  useEffect(() => {
    let live = true;
    void api()
      .adjudicationOverview({ studyKey })
      .then((r) => live && (r.ok ? setOverview(r.value) : setError(r.error)));
    return () => {
      live = false;
    };
  }, [studyKey]);

  const adjudicator = overview?.adjudicator ?? null;
  const pending = overview?.consensus.filter((c) => c.source === 'pending').length ?? 0;
  return (
    <section aria-labelledby="adj-title" className="jv">
      <button className="link back" onClick={() => void openStudy(studyKey)}>
        ← Study
      </button>
      <h1 id="adj-title">Adjudication</h1>
      <p>
        A third person resolves, item by item, the items on which the raters disagree. They see each item as the raters saw it and the labels the raters
        chose, but not who chose which, and never the judges. They may choose any label of the item’s set. Their choice is the consensus; where the
        raters agree, the consensus is their label.
      </p>
      {error ? (
        <p className="problems" role="alert">
          {error.message}
        </p>
      ) : null}
      {!overview ? <p className="muted">Reading the consensus…</p> : null}
      {overview && !adjudicator ? (
        <form
          className="lab-row"
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            void api()
              .nameAdjudicator({ studyKey, adjudicator: typed.trim() })
              .then((r) => (r.ok ? setOverview(r.value) : setError(r.error)));
          }}
        >
          <label>
            Adjudicator id <input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. A1" pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,31}" />
          </label>
          <button type="submit" disabled={!typed.trim()}>
            Name the adjudicator
          </button>
          <span className="muted small">Not one of the raters; one person per study.</span>
        </form>
      ) : null}
      {adjudicator ? (
        <div className="lab-row">
          <span>
            Adjudicator: <strong>{adjudicator}</strong> · {pending} item{pending === 1 ? '' : 's'} waiting
          </span>
          <button
            onClick={() =>
              void api()
                .raterLink({ studyKey, rater: adjudicator })
                .then((r) => (r.ok ? setLink(`${window.location.origin}${window.location.pathname}#${r.value.fragment}`) : setError(r.error)))
            }
          >
            Make the adjudicator’s link
          </button>
          <button onClick={() => navigate({ screen: 'adjudicate', studyKey, adjudicator })}>Adjudicate here as {adjudicator}</button>
          {link ? <input className="participant-link" readOnly value={link} aria-label="Adjudicator link" onFocus={(e) => e.target.select()} /> : null}
        </div>
      ) : null}
      {overview ? (
        <>
          <h2>Consensus ({overview.consensus.length} items)</h2>
          <p className="small muted">
            Items two or more raters labelled. {overview.singleRater ? `${overview.singleRater} items only one rater labelled have no consensus.` : ''}
          </p>
          {overview.consensus.length ? (
            <table className="tasks jv-consensus">
              <TableHead columns={['Item', 'Raters', 'Consensus', 'How']} />
              <tbody>
                {overview.consensus.map((c) => (
                  <tr key={c.itemId}>
                    <th scope="row">
                      <code>{c.itemId}</code>
                    </th>
                    <td>
                      {Object.entries(c.raters)
                        .map(([r, l]) => `${r}: ${words(l)}`)
                        .join(' · ')}
                    </td>
                    <td>{c.label ? words(c.label) : '—'}</td>
                    <td>
                      {c.source === 'pending' ? (c.stale ? 'waiting (a rater changed their label since)' : 'waiting') : c.source}
                      {c.note ? <div className="small muted">Note: {c.note}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">No item has labels from two raters yet.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
