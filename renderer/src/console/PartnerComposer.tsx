import { useState, type FormEvent } from 'react';
import type { ConsoleView } from '../../../shared/contract/console';

/** Writing as a partner seat (studies with `partner_seats: true`): to the team channel or to the participant. */
export function PartnerComposer({ view, onSay }: { view: ConsoleView; onSay(seat: string, to: string, text: string): Promise<boolean> }) {
  const [seat, setSeat] = useState(view.partners[0]?.name ?? '');
  const [to, setTo] = useState('team');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (view.partners.length === 0) return null;
  const waiting = view.queue.length > 0;
  const closed = view.role === 'viewer' || view.seat.status === 'ended' || view.seat.status === 'paused';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || busy || closed || waiting) return;
    setBusy(true);
    try {
      if (await onSay(seat, to, text.trim())) setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="console-say" onSubmit={(e) => void submit(e)} aria-labelledby="console-say-h">
      <h2 id="console-say-h">Write as a partner</h2>
      {waiting ? <p className="muted small">Label the waiting message first.</p> : null}
      <fieldset disabled={closed || waiting}>
        <legend className="sr-only">Partner message</legend>
        <label>
          As{' '}
          <select value={seat} onChange={(e) => setSeat(e.target.value)}>
            {view.partners.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} ({p.role})
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          to{' '}
          <select value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="team"># team</option>
            <option value={view.seat.you.name}>the participant only</option>
          </select>
        </label>
        <label className="console-say-text">
          <span className="sr-only">Message as {seat}</span>
          <textarea value={text} rows={2} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" disabled={busy || !text.trim()}>
          Send as {seat}
        </button>
      </fieldset>
    </form>
  );
}
