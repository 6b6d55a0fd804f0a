import type { ConsoleView } from '../../../shared/contract/console';

const channel = (to: string, you: string) => (to === 'team' ? '# team' : to === you ? 'direct' : `to ${to}`);

/** The session as the participant's page shows it: their messages and what reached them, in rounds. */
export function SeatMirror({ view }: { view: ConsoleView }) {
  const { seat } = view;
  const status = { your_turn: "participant's turn", waiting: 'teammates answering', paused: `paused${seat.pausedBy === 'experimenter' ? ' by the experimenter' : ''}: ${seat.pausedReason ?? ''}`, checking: 'submitted, being checked', ended: `ended (${seat.ended ?? ''})` }[seat.status];
  return (
    <section className="console-mirror" aria-labelledby="console-mirror-h">
      <h2 id="console-mirror-h">What the participant sees</h2>
      <p className="muted small">
        {seat.taskTitle} · participant {seat.participant} · round {Math.max(seat.round, 1)} of {seat.rounds} · {status}
      </p>
      <ol className="console-log" aria-label="Messages the participant sees" tabIndex={0}>
        {seat.messages.map((m, i) => (
          <li key={m.index} className={m.mine ? 'is-mine' : ''}>
            {i === 0 || seat.messages[i - 1]!.round !== m.round ? <span className="console-round">Round {m.round}</span> : null}
            <strong>{m.mine ? `${m.from} (participant)` : m.from}</strong> <span className="muted small">{channel(m.to, seat.you.name)}</span>
            <div>{m.text}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where each scripted teammate's script stands (never shown to the participant). */
export function ScriptPanel({ view }: { view: ConsoleView }) {
  return (
    <section aria-labelledby="console-script-h">
      <h2 id="console-script-h">Script position</h2>
      <ul className="console-script">
        {view.script.map((s) => (
          <li key={s.seat}>
            <strong>{s.seat}</strong>: {s.status}, line {s.said} of {s.of}
            {s.line ? (
              <>
                {' '}
                (<code>{s.line.id}</code>: “{s.line.text}”)
              </>
            ) : null}
            {s.gaveWay ? <> · gave way: {s.gaveWay}</> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The latest labels of the session and who gave them. */
export function DecidedList({ view }: { view: ConsoleView }) {
  if (view.decided.length === 0) return null;
  return (
    <section aria-labelledby="console-decided-h">
      <h2 id="console-decided-h">Labelled</h2>
      <ol className="console-decided" aria-label="Labelled messages, newest first">
        {view.decided.map((d) => (
          <li key={d.messageIndex} data-label={d.label} data-by={d.by}>
            Round {d.round}: “{d.text}” → <strong>{d.label}</strong> <span className="muted small">by {d.by}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
