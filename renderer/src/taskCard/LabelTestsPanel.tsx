import type { TaskCard } from '../../../shared/team/pack/taskCard';

const NOT_VALIDATED = 'rules not validated: run it with the panel or the console';
const num = (x: number | null) => (x === null ? '—' : x.toFixed(2));

/** The task's verdict on its rules labeller: validated or not, and why, first thing on the card. */
export function RulesVerdict({ card }: { card: TaskCard }) {
  const t = card.labelTests;
  if (t?.validated) return <p className="muted">Rules labeller validated on its label test set (held-out accuracy {num(t.heldOut?.accuracy ?? null)}).</p>;
  return (
    <p className="rules-not-validated banner-rules" role="note">
      <strong>{NOT_VALIDATED}.</strong> {t ? t.reasons.join('; ') : 'This task has no label test set (label-tests/<task id>.yaml).'}
    </p>
  );
}

/** Each label's own matching rules, as the rules labeller reads them. */
export function LabelRules({ label }: { label: TaskCard['labels'][number] }) {
  if (label.rules.length === 0) return <p className="muted small">No rules{label.default ? ': given when no other rule fires' : ''}.</p>;
  return (
    <ul className="label-rules small">
      {label.rules.map((r) => (
        <li key={r.id}>
          <code>{r.id}</code> (priority {r.priority}):{' '}
          {[...r.keywords.map((k) => `"${k}"`), ...r.regex.map((x) => `/${x}/`), ...(r.split ? [r.split] : [])].join(', ')}
          {r.unlessKeywords.length + r.unlessRegex.length > 0 ? (
            <> — unless {[...r.unlessKeywords.map((k) => `"${k}"`), ...r.unlessRegex.map((x) => `/${x}/`)].join(', ')}</>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Held-out and train accuracy, n per half, each label's held-out recall and the held-out confusion matrix. */
export function LabelTestsPanel({ card }: { card: TaskCard }) {
  const t = card.labelTests;
  if (!t || !t.heldOut || !t.train) return <p className="muted">No label test set.</p>;
  const h = t.heldOut;
  return (
    <>
      <p>
        Held-out accuracy <strong>{num(h.accuracy)}</strong> ({h.correct}/{h.n}); train accuracy {num(t.train.accuracy)} ({t.train.correct}/{t.train.n}). Written
        by: {t.writtenBy ?? '—'}.
      </p>
      <table className="card-versions">
        <caption>Held-out recall per label (deciding labels need 0.85; the task needs 0.90 accuracy)</caption>
        <thead>
          <tr>
            <th>Label</th>
            <th>Messages</th>
            <th>Recall</th>
            <th>Precision</th>
          </tr>
        </thead>
        <tbody>
          {h.perLabel.map((p) => (
            <tr key={p.label}>
              <th scope="row">
                <code>{p.label}</code>
                {t.deciding.includes(p.label) ? ' (deciding)' : ''}
              </th>
              <td>{p.support}</td>
              <td>{num(p.recall)}</td>
              <td>{num(p.precision)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <GiveWayReliability card={card} />
      <table className="card-versions">
        <caption>Held-out confusion: rows are the true label, columns the label the rules gave</caption>
        <thead>
          <tr>
            <th>True \ given</th>
            {h.labels.map((l) => (
              <th key={l} scope="col">
                <code>{l}</code>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {h.labels.map((l, i) => (
            <tr key={l}>
              <th scope="row">
                <code>{l}</code>
              </th>
              {h.confusion[i]!.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Whether the labels a scripted teammate gives way on can be trusted: a wrong give-way decides the run. */
function GiveWayReliability({ card }: { card: TaskCard }) {
  const g = card.labelTests?.giveWay ?? [];
  if (g.length === 0) return <p className="muted small">No script gives way on a label: no give-way label to check.</p>;
  return (
    <p className="small">
      Give-way labels (a pass depends on them; each needs held-out recall and precision of 0.85):{' '}
      {g.map((x, i) => (
        <span key={x.label}>
          {i > 0 ? '; ' : ''}
          <code>{x.label}</code> recall {num(x.recall)}, precision {num(x.precision)} — <strong>{x.reliable ? 'reliable' : 'not reliable'}</strong>
        </span>
      ))}
      .
    </p>
  );
}
