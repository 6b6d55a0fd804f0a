import type { ImportReportView } from '../../../../shared/contract/slack';

/** What an import read and what it skipped, worded for the researcher deciding whether the export is usable. */
export function ImportReport({ report: r }: { report: ImportReportView }) {
  const c = r.conversations;
  const rows: Array<[string, number | string]> = [
    ['Users', r.users],
    ['Channels', c.channel],
    ['Private channels', c.private],
    ['Direct messages', c.dm],
    ['Group messages', c.mpim],
    ['Day files', r.dayFiles],
    ['Messages', r.messages],
    ['…added by this import', r.added],
    ['…already present', r.alreadyPresent],
    ['Thread replies', r.threadReplies],
    ['Bot messages', r.botMessages],
    ['System lines (joins, topics)', r.systemMessages],
    ['Edited', r.edited],
    ['With files', r.withFiles],
    ['With reactions', r.withReactions],
    ['Replies whose thread is missing', r.orphanReplies],
  ];
  return (
    <section className="sk-report" aria-label="Import report">
      <h2>{r.cancelled ? 'Import cancelled' : 'Import report'}</h2>
      <p className="muted small">
        <code>{r.source}</code> · {r.seconds.toFixed(1)} s
        {r.cancelled ? ' · the import was stopped; what was read so far is kept' : ''}
      </p>
      <table className="tasks sk-report-table">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td data-count={k}>{typeof v === 'number' ? v.toLocaleString() : v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.unknownUsers.length ? (
        <p className="small">
          Messages name {r.unknownUsers.length} {r.unknownUsers.length === 1 ? 'person' : 'people'} the export does not describe (shown by id):{' '}
          {r.unknownUsers.slice(0, 20).map((u) => (
            <code key={u}>{u} </code>
          ))}
        </p>
      ) : null}
      <h3>Skipped</h3>
      {r.skipped.length === 0 ? (
        <p className="muted small">Nothing was skipped.</p>
      ) : (
        <ul className="problems" aria-label="Skipped items">
          {r.skipped.map((s, i) => (
            <li key={i}>
              <code>
                {s.entry}
                {s.path}
              </code>{' '}
              — {s.reason}
            </li>
          ))}
          {r.skippedNotListed ? <li>… and {r.skippedNotListed} more not listed.</li> : null}
        </ul>
      )}
    </section>
  );
}
