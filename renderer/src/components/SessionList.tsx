import { useEffect, useState } from 'react';
import type { SessionSummary } from '../../../shared/contract/schemas';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { SessionIdCopy } from './SessionIdCopy';

/** Sessions recorded for a study, read back from the event log (so it shows what is on disk); a new `refresh` reads it again. */
export function SessionList({ studyKey, openable = false, refresh = 0 }: { studyKey: string; openable?: boolean; refresh?: number }) {
  const navigate = useApp((s) => s.navigate);
  const [sessions, setSessions] = useState<SessionSummary[] | undefined>();
  const database = useApp((s) => s.info?.database.status);
  useEffect(() => {
    if (database !== 'ok') return;
    let live = true;
    void api()
      .listSessions({ studyKey })
      .then((r) => live && r.ok && setSessions(r.value));
    return () => {
      live = false;
    };
  }, [studyKey, database, refresh]);
  if (!sessions) return null;
  return (
    <>
      <h2>Recorded sessions</h2>
      {sessions.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <table className="tasks">
          <thead>
            <tr>
              <th>Participant</th>
              <th>Task</th>
              <th>Started</th>
              <th>Events</th>
              <th>Session id (for rejudge)</th>
              {openable ? <th /> : null}
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>{s.participant}</td>
                <td>
                  <code>{s.taskId}</code>
                </td>
                <td>{new Date(s.createdAt).toLocaleString()}</td>
                <td>{s.eventCount}</td>
                <td>
                  <SessionIdCopy id={s.id} label={`${s.participant}, ${s.taskId}`} />
                </td>
                {openable ? (
                  <td>
                    <button onClick={() => navigate({ screen: 'team', sessionId: s.id })} aria-label={`Open the session of ${s.participant}`}>
                      Open
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
