import type { ErasureAudit, ParticipantRow } from '../../../shared/contract/study';
import { api } from '../api/client';
import { ActionDialog } from './ActionDialog';
import { ParticipantRuns } from './ParticipantRuns';
import { useParticipantAction, type PanelHooks } from './participantAction';

type Asking = 'void' | 'withdraw' | 'code' | 'erase';

interface Props extends PanelHooks {
  studyKey: string;
  row: ParticipantRow;
  /** The participant is gone from the overview after this: the panel keeps the audit on show. */
  onErased(code: string, audit: ErasureAudit): void;
}

/**
 * What the experimenter can do about one participant: void (a test visit, a wrong person), withdraw, correct a
 * mistyped code (only before a finished run; the service says why otherwise), erase, and their runs.
 */
export function ParticipantActions({ studyKey, row, onErased, ...hooks }: Props) {
  const { open, setOpen, busy, perform } = useParticipantAction<Asking>(hooks);
  const who = { studyKey, participantId: row.participantId };
  const codeFixable = !row.runs.some((r) => r.ended);
  const close = () => setOpen(null);
  const reason = 'Reason (kept in the study log)';

  return (
    <div className="participant-actions">
      <p>
        {row.plan ? (
          <>
            Plan: study version <code>{row.plan.studyVersion}</code>, seed {row.plan.seed}, slot{' '}
            {row.plan.slot}.{' '}
          </>
        ) : (
          'No plan yet (fixed when the visit starts). '
        )}
      </p>
      <div className="participant-action-buttons" role="group" aria-label={`Actions for ${row.code}`}>
        {row.status !== 'void' ? <button onClick={() => setOpen('void')}>Void…</button> : null}
        {row.status !== 'withdrawn' ? <button onClick={() => setOpen('withdraw')}>Withdraw…</button> : null}
        {codeFixable ? <button onClick={() => setOpen('code')}>Correct code…</button> : null}
        <button className="danger" onClick={() => setOpen('erase')}>
          Erase data…
        </button>
      </div>
      {codeFixable ? null : (
        <p className="muted">
          The code can no longer be corrected: {row.code} has a finished run (void them and add the right code
          instead).
        </p>
      )}
      <h3>Runs</h3>
      <ParticipantRuns studyKey={studyKey} row={row} {...hooks} />

      {open === 'void' ? (
        <ActionDialog
          title={`Void ${row.code}?`}
          description={
            <p>
              Use this for a test visit or the wrong person. Nothing is deleted: their runs stop counting and
              their files move to excluded/void.
            </p>
          }
          field={reason}
          confirm="Void participant"
          danger
          busy={busy}
          onCancel={close}
          onConfirm={(text) => void perform(() => api().studyVoid({ ...who, reason: text }))}
        />
      ) : null}
      {open === 'withdraw' ? (
        <ActionDialog
          title={`Withdraw ${row.code}?`}
          description={
            <p>
              Their visit ends and their runs stop counting: their files move to excluded/withdrawn. To remove
              their data altogether, use Erase data.
            </p>
          }
          field={reason}
          confirm="Withdraw participant"
          danger
          busy={busy}
          onCancel={close}
          onConfirm={(text) => void perform(() => api().studyWithdraw({ ...who, reason: text }))}
        />
      ) : null}
      {open === 'code' ? (
        <ActionDialog
          title={`Correct the code ${row.code}`}
          description={
            <p>
              Replaces a mistyped code. The change is recorded in the study log; their link stays the same.
            </p>
          }
          field="Correct code"
          confirm="Correct code"
          busy={busy}
          onCancel={close}
          onConfirm={(code) => void perform(() => api().studyCorrectCode({ ...who, code }))}
        />
      ) : null}
      {open === 'erase' ? (
        <ActionDialog
          title={`Erase all data of ${row.code}?`}
          description={
            <p>
              This permanently removes their events, their runs’ sessions and workspaces, their result files
              and exports, and the study’s bundles written so far; copies of the database (upgrade backups,
              set-aside databases) are deleted too, since they hold the same data. It cannot be undone. Only an
              audit record stays in the study log (when, and how many events and files were removed; not their
              code). Type their code, <code>{row.code}</code>, to confirm.
            </p>
          }
          field="Participant code"
          confirm="Erase permanently"
          danger
          busy={busy}
          accepts={(text) => text.trim() === row.code}
          onCancel={close}
          onConfirm={(confirmCode) =>
            void perform(() => api().studyErase({ ...who, confirmCode })).then((audit) => {
              if (audit) onErased(row.code, audit);
            })
          }
        />
      ) : null}
    </div>
  );
}
