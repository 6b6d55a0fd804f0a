import type { ParticipantRow, StudyRunRow } from '../../../shared/contract/study';
import { api } from '../api/client';
import { ActionDialog } from './ActionDialog';
import { useParticipantAction, type PanelHooks } from './participantAction';

type Asking = `rerun:${string}` | `void:${string}`;

type Status = ParticipantRow['status'];

/**
 * An unfinished run is in progress only while its participant takes part; in the dashboard's words, a withdrawn
 * (or finished) participant's unfinished run is abandoned, a voided participant's is void.
 */
const stateOf = (r: StudyRunRow, status: Status) =>
  r.voided || status === 'void' ? 'void' : r.ended ? 'ended' : status === 'active' ? 'in progress' : 'abandoned';

/** An unfinished run has no exclusion from the main side yet; a void or withdrawal already decides it never counts. */
const countedOf = (r: StudyRunRow, status: Status) => {
  if (r.counted) return 'counted';
  if (r.excluded) return `not counted: ${r.excluded}`;
  if (r.voided || status === 'void') return 'not counted: void';
  return status === 'withdrawn' ? 'not counted: withdrawn' : 'not counted yet';
};

/**
 * A participant's runs as the experimenter may see them (plan cell, version, seed, attempt), with what counts and
 * why the rest does not. Rerun asks for a new attempt of a cell; "Count this attempt" picks an earlier one instead.
 */
export function ParticipantRuns({
  studyKey,
  row,
  ...hooks
}: { studyKey: string; row: ParticipantRow } & PanelHooks) {
  const { open, setOpen, busy, perform } = useParticipantAction<Asking>(hooks);
  const who = { studyKey, participantId: row.participantId };
  const canRerun = (row.status === 'active' || row.status === 'finished') && row.rerunPending === null;
  // Rerun is offered once per cell, on its latest attempt, once that attempt is over.
  const latest = new Map<string, StudyRunRow>();
  for (const r of row.runs) if ((latest.get(r.cell)?.attempt ?? 0) < r.attempt) latest.set(r.cell, r);
  const asked = open ? row.runs.find((r) => open.endsWith(`:${r.runId}`)) : undefined;

  if (row.runs.length === 0) return <p className="muted">No runs yet.</p>;
  return (
    <>
      {row.rerunPending ? (
        <p>
          A rerun of {row.rerunPending} is waiting: it is played when {row.code} next reaches a run.
        </p>
      ) : null}
      <table className="tasks participant-runs" aria-label={`Runs of ${row.code}`}>
        <thead>
          <tr>
            <th>Plan cell</th>
            <th>Task</th>
            <th>Version</th>
            <th>Seed</th>
            <th>Attempt</th>
            <th>Run</th>
            <th>Counted</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {row.runs.map((r) => (
            <tr key={r.runId} data-run={r.runId}>
              <td>
                <code>{r.cell}</code>
                {r.practice ? ' (practice)' : ''}
              </td>
              <td>{r.taskOrQuery}</td>
              <td>{r.version ?? '—'}</td>
              <td>{r.seed ?? '—'}</td>
              <td>{r.attempt}</td>
              <td>{stateOf(r, row.status)}</td>
              <td>{countedOf(r, row.status)}</td>
              <td className="participant-run-actions">
                {canRerun && latest.get(r.cell) === r && (r.ended || r.voided) ? (
                  <button
                    onClick={() => setOpen(`rerun:${r.runId}`)}
                    aria-label={`Rerun ${r.cell} for ${row.code}`}
                  >
                    Rerun…
                  </button>
                ) : null}{' '}
                {r.excluded === 'superseded' ? (
                  <button
                    disabled={busy}
                    onClick={() =>
                      void perform(() =>
                        api().studyChooseAttempt({ ...who, cell: r.cell, attempt: r.attempt }),
                      )
                    }
                    aria-label={`Count attempt ${r.attempt} of ${r.cell} for ${row.code}`}
                  >
                    Count this attempt
                  </button>
                ) : null}{' '}
                {!r.voided ? (
                  <button
                    onClick={() => setOpen(`void:${r.runId}`)}
                    aria-label={`Void attempt ${r.attempt} of ${r.cell} for ${row.code}`}
                  >
                    Void run…
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {asked && open?.startsWith('rerun:') ? (
        <ActionDialog
          title={`Rerun ${asked.cell} for ${row.code}?`}
          description={
            <p>
              The cell is played again as attempt {asked.attempt + 1} when {row.code} next reaches a run. The
              new attempt counts; this one moves to excluded/superseded (you can count it again later).
            </p>
          }
          field="Reason (kept in the study log)"
          confirm="Ask for a rerun"
          busy={busy}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) =>
            void perform(() => api().studyRerunCell({ ...who, cell: asked.cell, reason }))
          }
        />
      ) : null}
      {asked && open?.startsWith('void:') ? (
        <ActionDialog
          title={`Void attempt ${asked.attempt} of ${asked.cell} for ${row.code}?`}
          description={
            <p>The run stays in the study log but never counts: its files move to excluded/void.</p>
          }
          field="Reason (kept in the study log)"
          confirm="Void the run"
          danger
          busy={busy}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) => void perform(() => api().studyVoid({ ...who, runId: asked.runId, reason }))}
        />
      ) : null}
    </>
  );
}
