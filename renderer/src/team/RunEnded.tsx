import { useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';
import { api } from '../api/client';

const how: Record<string, string> = {
  submitted: 'The work was submitted.',
  max_rounds: 'The last round is over.',
  walked_away: 'A teammate walked away from the negotiation.',
  deal_accepted: 'A deal was agreed.',
  script_ended: 'The conversation is over.',
  abandoned: 'The run was stopped.',
  time_limit: 'The time for this task is up.',
};

/** The end of a run: a thank-you for the participant, and the export for the researcher. */
export function RunEnded({ view, onLeave }: { view: TeamView; onLeave(): void }) {
  const [saved, setSaved] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="banner banner-ended" role="status">
      <span>
        <strong>This run has ended.</strong> {how[view.ended ?? 'abandoned']} Thank you.
        {saved ? (
          <>
            {' '}
            Saved: <code>{saved}</code>
          </>
        ) : null}
        {error ? <span className="error-text"> {error}</span> : null}
      </span>
      <span className="ended-actions">
        <button
          onClick={() =>
            void api()
              .teamExport({ sessionId: view.sessionId })
              .then((r) => (r.ok ? setSaved(r.value.path) : setError(r.error.message)))
          }
        >
          Export transcript
        </button>
        <button onClick={onLeave}>Back to the study</button>
      </span>
    </div>
  );
}
