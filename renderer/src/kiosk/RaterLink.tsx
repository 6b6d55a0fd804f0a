import { useState } from 'react';
import { api } from '../api/client';

/** A rater's own link: it opens only their labelling session in this study, without the judges' labels or the report. */
export function RaterLink({ studyKey }: { studyKey: string }) {
  const [rater, setRater] = useState('');
  const [link, setLink] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="kiosk-pin"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        void api()
          .raterLink({ studyKey, rater: rater.trim() })
          .then((r) => (r.ok ? setLink(`${window.location.origin}${window.location.pathname}#${r.value.fragment}`) : setError(r.error.message)));
      }}
    >
      <label>
        A rater’s own link, for rater id <input value={rater} onChange={(e) => setRater(e.target.value)} aria-label="Rater id for a link" />
      </label>
      <button type="submit" disabled={!rater.trim()}>
        Make link
      </button>
      {link ? <input className="participant-link" readOnly value={link} aria-label="Rater link" onFocus={(e) => e.target.select()} /> : null}
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
