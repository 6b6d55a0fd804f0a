import type { DashboardCell, DashboardParticipant, DashboardView } from '../../../shared/contract/dashboard';
import { formatRoute } from '../state/routes';

const statusText: Record<DashboardCell['status'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  paused: 'Paused',
  checking: 'Checking',
  done: 'Done',
  void: 'Void',
  abandoned: 'Abandoned',
  excluded: 'Excluded',
};

const minutes = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

export type RowAction = 'link' | 'start' | 'pause' | 'resume' | 'manage';

/** One participant: their status and place, a cell per plan cell of the study, notices, and their actions. */
export function DashboardRow({ p, columns, onAction, managing }: { p: DashboardParticipant; columns: DashboardView['cells']; onAction(a: RowAction): void; managing: boolean }) {
  const { row } = p;
  const byCell = new Map(p.cells.map((c) => [c.cell, c]));
  return (
    <tr data-participant={row.code} data-status={row.status}>
      <th scope="row">
        <span className="dashboard-code">{row.code}</span>
        <span className={`dashboard-pstatus is-${row.status}`}>{row.status}</span>
      </th>
      <td className="dashboard-now">
        {p.current ? (p.current.task ? `${p.current.task}` : p.current.screen.replace(/_/g, ' ')) : '—'}
      </td>
      {columns.map(({ cell, sameTask }) => {
        const c = byCell.get(cell);
        if (!c) return <td key={cell} className="dashboard-cell is-none" data-cell={cell} aria-label="Not in this plan">·</td>;
        return (
          <td key={cell} className={`dashboard-cell is-${c.status}`} data-cell={cell} data-cell-status={c.status}>
            {/* A column whose participants play different tasks there names the task in each cell. */}
            {!sameTask ? <span className="dashboard-cell-task">{c.task}: </span> : null}
            <span className="dashboard-cell-status">{statusText[c.status]}</span>
            {c.round !== null ? <span className="dashboard-round"> · round {c.round}/{c.rounds}</span> : null}
            {c.activeMs !== null ? <span className="dashboard-time"> · {minutes(c.activeMs)}</span> : null}
            {c.runId ? (
              <>
                {' '}
                <a href={formatRoute({ screen: 'replay', run: `s:${c.runId}` })} target="_blank" rel="noreferrer" aria-label={`Open the run of ${row.code} in ${cell} read-only`}>
                  Open
                </a>
                {/* A team run still being played can be labelled from its console (issue 14). */}
                {c.round !== null && (c.status === 'in_progress' || c.status === 'paused') ? (
                  <>
                    {' '}
                    <a href={formatRoute({ screen: 'console', sessionId: c.runId })} target="_blank" rel="noreferrer" aria-label={`Open the console of ${row.code}'s run in ${cell}`}>
                      Console
                    </a>
                  </>
                ) : null}
              </>
            ) : null}
          </td>
        );
      })}
      <td className="dashboard-notices">
        {p.notices.length === 0 ? null : (
          <ul>
            {p.notices.map((n) => (
              <li key={n.kind + n.text} className={`notice-${n.kind}`}>
                {n.text}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="dashboard-actions">
        <div role="group" aria-label={`Actions for ${row.code}`}>
          {row.status === 'invited' ? <button onClick={() => onAction('start')}>Start</button> : null}
          {row.status === 'active' || row.status === 'invited' ? <button onClick={() => onAction('link')}>Link</button> : null}
          {p.pausable === 'pause' ? <button onClick={() => onAction('pause')}>Pause…</button> : null}
          {p.pausable === 'resume' ? <button onClick={() => onAction('resume')}>Resume</button> : null}
          <button aria-expanded={managing} onClick={() => onAction('manage')}>
            {managing ? 'Close' : 'Void, withdraw…'}
          </button>
        </div>
      </td>
    </tr>
  );
}
