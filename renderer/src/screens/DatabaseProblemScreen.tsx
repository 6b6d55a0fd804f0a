import { useState } from 'react';
import type { DatabaseStatus } from '../../../shared/contract/schemas';
import { useApp } from '../state/appStore';

/** Shown instead of the app when the session database cannot be used. Nothing is deleted. */
export function DatabaseProblemScreen({ status }: { status: Exclude<DatabaseStatus, { status: 'ok' }> }) {
  const startFresh = useApp((s) => s.startFreshDatabase);
  const [busy, setBusy] = useState(false);
  return (
    <section className="db-problem" role="alert" aria-labelledby="db-title">
      <h1 id="db-title">The session database cannot be opened</h1>
      <p>
        <strong>File:</strong> <code>{status.path}</code>
      </p>
      <p>{status.message}</p>
      <p>
        Teamseat has not changed this file. You can copy it somewhere safe for recovery, or start a fresh database: the
        current file is then renamed (kept next to it with a date in its name), never deleted.
      </p>
      <button
        className="primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void startFresh().finally(() => setBusy(false));
        }}
      >
        Keep the old file and start a fresh database
      </button>
    </section>
  );
}
