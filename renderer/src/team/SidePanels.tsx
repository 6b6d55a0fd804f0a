import { DealForm } from './DealForm';
import type { TeamView } from '../../../shared/team/viewSchema';

export function BriefPanel({ view }: { view: TeamView }) {
  return (
    <section className="brief" aria-label="Your brief">
      <h3>Your brief</h3>
      <p className="small">
        {/* Some tasks name the evaluated seat "you": then the role alone reads better. */}
        {view.you.name.toLowerCase() === 'you' ? (
          <>
            Your role: <strong>{view.you.role}</strong>
          </>
        ) : (
          <>
            You are <strong>{view.you.name}</strong> · {view.you.role}
          </>
        )}
      </p>
      <p className="brief-text">{view.instructions}</p>
      {view.you.facts.length > 0 ? (
        <>
          <h4>What you know</h4>
          <ul className="facts">
            {view.you.facts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h4>Team</h4>
      <ul className="roster">
        {view.teammates.map((t) => (
          <li key={t.name}>
            <strong>{t.name}</strong> <span className="muted small">{t.role}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InboxPanel({ view }: { view: TeamView }) {
  if (view.inbox.length === 0) return null;
  return (
    <section className="inbox" aria-label="Inbox">
      <h3>Inbox</h3>
      {view.inbox.map((item) => (
        <details key={item.id} open>
          <summary>
            <strong>{item.subject}</strong> <span className="muted small">from {item.from}</span>
          </summary>
          <p>{item.body}</p>
        </details>
      ))}
    </section>
  );
}

export function DealPanel({
  view,
  busy,
  onAccept,
  onOffer,
}: {
  view: TeamView;
  busy: boolean;
  onAccept(): void;
  onOffer(youGet: Record<string, number>, theyGet: Record<string, number>): void;
}) {
  const deal = view.deal;
  if (!deal) return null;
  const { proposal, form } = deal;
  const over = busy || view.status !== 'your_turn';
  if (!proposal && !form) return null;
  const mine = proposal?.from === view.you.name;
  return (
    // Two parts, each its own landmark: the offer on the table (a region) and the form to make one (a form).
    <div className="deal">
      {proposal ? (
        <section className="deal-standing" aria-label="Proposed deal">
          <h3>{mine ? 'Your offer' : `Deal proposed by ${proposal.from}`}</h3>
          <table>
            <thead>
              <tr>
                <th />
                <th>You get</th>
                <th>{mine ? (form?.counterpart ?? 'They') : proposal.from} gets</th>
              </tr>
            </thead>
            <tbody>
              {Object.keys(proposal.youGet).map((item) => (
                <tr key={item}>
                  <td>{item}</td>
                  <td>{proposal.youGet[item]}</td>
                  <td>{proposal.theyGet[item]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {deal.accepted ? (
            <p className="small">Accepted.</p>
          ) : (
            <button className="primary" disabled={busy || view.status === 'ended' || view.status === 'checking'} onClick={onAccept}>
              Accept this deal
            </button>
          )}
        </section>
      ) : null}
      {form && !deal.accepted && view.status !== 'ended' && view.status !== 'checking' ? <DealForm form={form} disabled={over} onOffer={onOffer} /> : null}
    </div>
  );
}
