import { useState } from 'react';
import { api } from '../../api/client';

/**
 * A grader's own link: it opens only their queue and their own grades in this study, never another grader's grade,
 * the run list or the results (a rater link, which on a Slack study grades).
 */
export function GraderLink({ studyKey }: { studyKey: string }) {
  const [grader, setGrader] = useState('');
  const [link, setLink] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="kiosk-pin"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        void api()
          .raterLink({ studyKey, rater: grader.trim() })
          .then((r) => (r.ok ? setLink(`${window.location.origin}${window.location.pathname}#${r.value.fragment}`) : setError(r.error.message)));
      }}
    >
      <label>
        A grader&rsquo;s own link, for <input value={grader} onChange={(e) => setGrader(e.target.value)} aria-label="Grader to make a link for" placeholder="e.g. G2" />
      </label>
      <button type="submit" disabled={!grader.trim()}>
        Make link
      </button>
      {link ? <input className="participant-link" readOnly value={link} aria-label="Grader link" onFocus={(e) => e.target.select()} /> : null}
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
