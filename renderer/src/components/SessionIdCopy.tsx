import { useState } from 'react';

/** A run's session id, the one `npm run rejudge -- <session id>` takes, with a button that copies it. */
export function SessionIdCopy({ id, label }: { id: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(id).catch(() => undefined);
    setCopied(true);
  };
  return (
    <span className="session-id" title="The session id npm run rejudge takes">
      <input readOnly value={id} aria-label={`Session id of ${label}`} size={id.length} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="small" onClick={() => void copy()} aria-label={`Copy the session id of ${label}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
