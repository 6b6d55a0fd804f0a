import { useState } from 'react';
import type { PrivacyHitView } from '../../../shared/contract/comparison';
import { api } from '../api/client';
import { ErrorLine, useCall } from '../slack/useCall';
import { MethodsParagraph } from './MethodsParagraph';

type Decision = 'redact' | 'keep';

/**
 * This station's study bundle: scan the free text people wrote, decide each hit (redact or keep), then write the
 * zip. The host refuses to write while any hit is undecided; the button says so first.
 */
export function BundlePanel({ studyKey }: { studyKey: string }) {
  const { error, call, clearError } = useCall();
  const [names, setNames] = useState('');
  const [scan, setScan] = useState<
    { hits: PrivacyHitView[]; namesListed: number; sessions: number; runs: number } | undefined
  >();
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [written, setWritten] = useState<string | undefined>();
  const [methods, setMethods] = useState<{ markdown: string; latex: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const extra = () =>
    names
      .split(/\r?\n/)
      .map((n) => n.trim())
      .filter((n) => n.length >= 2);

  const runScan = async () => {
    setWritten(undefined);
    setMethods(undefined);
    const r = await call(api().bundleScan({ studyKey, names: extra() }));
    if (r) {
      setScan(r);
      setDecisions((d) => Object.fromEntries(r.hits.filter((h) => d[h.id]).map((h) => [h.id, d[h.id]!])));
    }
  };
  const open = scan ? scan.hits.filter((h) => !decisions[h.id]).length : 0;
  const write = async () => {
    setBusy(true);
    const r = await call(api().bundleWrite({ studyKey, names: extra(), decisions }));
    setBusy(false);
    if (r) setMethods(r.methods);
    if (r)
      setWritten(
        `Written: ${r.path} (${(r.bytes / 1e6).toFixed(2)} MB, ${r.sessions} sessions, ${r.runs} runs; ${r.redacted} redacted, ${r.kept} kept).`,
      );
  };

  return (
    <section className="bundle-panel" aria-labelledby="bundle-title">
      <h2 id="bundle-title">Study bundle of this station</h2>
      <p className="small muted">
        One zip with every run (counted and excluded), every session&apos;s event log, final_results.json,
        tidy CSVs and a codebook, to merge with other stations&apos; bundles (<code>npm run merge</code>).
        Names to look for come from the study&apos;s redact-names.txt and the box below.
      </p>
      <ErrorLine error={error} onDismiss={clearError} />
      <label className="bundle-names">
        More names to look for (one a line)
        <textarea rows={2} value={names} onChange={(e) => setNames(e.target.value)} />
      </label>
      <p>
        <button onClick={() => void runScan()}>Scan free text</button>
      </p>
      {scan ? (
        <>
          <p role="status">
            {scan.hits.length === 0
              ? `No e-mail address, phone number or listed name found (${scan.namesListed} names looked for) in ${scan.runs} runs.`
              : `${scan.hits.length} hit(s) in ${scan.runs} runs; ${open} still to decide.`}
          </p>
          {scan.hits.length ? (
            <ul className="bundle-hits">
              {scan.hits.map((h) => (
                <li key={h.id}>
                  <fieldset>
                    <legend>
                      {h.kind} <code>{h.text}</code>{' '}
                      <span className="small muted">
                        ({h.occurrences}× — {h.places.slice(0, 3).join(', ')})
                      </span>
                    </legend>
                    {(['redact', 'keep'] as const).map((d) => (
                      <label key={d}>
                        <input
                          type="radio"
                          name={`hit-${h.id}`}
                          checked={decisions[h.id] === d}
                          onChange={() => setDecisions((all) => ({ ...all, [h.id]: d }))}
                        />{' '}
                        {d === 'redact' ? 'Redact' : 'Keep'}
                      </label>
                    ))}
                  </fieldset>
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <button className="primary" disabled={open > 0 || busy} onClick={() => void write()}>
              {open > 0 ? `Decide ${open} more to write the bundle` : busy ? 'Writing…' : 'Write bundle'}
            </button>
          </p>
        </>
      ) : null}
      {written ? (
        <p className="banner banner-notice" role="status">
          {written}
        </p>
      ) : null}
      {methods ? <MethodsParagraph {...methods} /> : null}
    </section>
  );
}
