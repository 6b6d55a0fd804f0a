import { useEffect, useState } from 'react';
import type { TaskCard } from '../../../shared/team/pack/taskCard';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { ErrorLine, useCall } from '../slack/useCall';
import { ScriptGraph } from './ScriptGraph';
import { LabelRules, LabelTestsPanel, RulesVerdict } from './LabelTestsPanel';
import './taskCard.css';

/** A team task's card for the experimenter: where it comes from, what each version changes, and how it is scored. */
export function TaskCardScreen({ studyKey, taskId }: { studyKey: string; taskId: string }) {
  const openStudy = useApp((s) => s.openStudy);
  const { error, call, clearError } = useCall();
  const [card, setCard] = useState<TaskCard | undefined>();
  useEffect(() => {
    void call(api().teamTaskCard({ studyKey, taskId })).then((c) => c && setCard(c));
  }, [studyKey, taskId, call]);

  return (
    <section className="task-card" aria-labelledby="task-card-title">
      <button className="link back" onClick={() => void openStudy(studyKey)}>
        ← Study
      </button>
      <h1 id="task-card-title">Task card{card ? `: ${card.title}` : ''}</h1>
      <ErrorLine error={error} onDismiss={clearError} />
      {!card ? <p className="muted">Loading…</p> : <CardBody card={card} />}
    </section>
  );
}

function CardBody({ card }: { card: TaskCard }) {
  return (
    <>
      <p>
        <code>{card.id}</code> · {card.dimension.replaceAll('_', ' ')} · up to {card.rounds} rounds
      </p>
      <RulesVerdict card={card} />
      {card.goodTeammate ? (
        <>
          <h2>What a good teammate does</h2>
          <p>{card.goodTeammate}</p>
        </>
      ) : null}

      <h2>Source</h2>
      <p>
        {card.source.citation} ({card.source.licence}){card.source.url ? <> — <span className="url">{card.source.url}</span></> : null}
      </p>
      <p className="muted">Fictional: {card.source.fictional}</p>
      {card.provenance.length === 0 ? <p className="muted">No passages are quoted.</p> : null}
      {card.provenance.map((p) => (
        <figure key={p.id} className="passage">
          {p.quote ? <blockquote>{p.quote}</blockquote> : <p className="muted">Cited, not quoted.</p>}
          <figcaption>
            <code>{p.id}</code> — {p.record}, {p.where}
          </figcaption>
        </figure>
      ))}

      <h2>Versions</h2>
      <table className="card-versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>What it changes</th>
            <th>Seats</th>
            <th>Seeds</th>
          </tr>
        </thead>
        <tbody>
          {card.versions.map((v) => (
            <tr key={v.version}>
              <th scope="row">{v.version}</th>
              <td>
                {v.note ? <p>{v.note}</p> : null}
                <p className="muted small">{v.changes.join('; ')}</p>
              </td>
              <td>{v.seats.map((s) => `${s.name} (${s.kind})`).join(', ')}</td>
              <td>{v.seeds.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Labels</h2>
      <dl className="card-labels">
        {card.labels.map((l) => (
          <div key={l.id}>
            <dt>
              <code>{l.id}</code>
              {l.default ? ' (default)' : ''}
            </dt>
            <dd>
              {l.definition}
              <LabelRules label={l} />
            </dd>
          </div>
        ))}
      </dl>

      <h2>Label test set</h2>
      <LabelTestsPanel card={card} />

      <h2>Checker</h2>
      <p>
        Passes (<code>{card.checker.pass}</code>) when {card.checker.words}; otherwise fails (<code>{card.checker.fail}</code>).
      </p>
      {card.versions.map((v) => (
        <div key={v.version} className="card-checker">
          <h3>{v.version}</h3>
          <p>
            Passes (<code>{v.checker.pass}</code>) when {v.checker.words}; otherwise fails (<code>{v.checker.fail}</code>).
          </p>
          {v.checker.facts.length > 0 ? (
            <ul className="small">
              {v.checker.facts.map((f) => (
                <li key={f.id}>
                  <code>{f.id}</code>: {f.text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}

      <h2>Scripts</h2>
      {card.scripts.map((s) => (
        <ScriptGraph key={`${s.version}/${s.seat}`} script={s} />
      ))}

      <h2>Declared paths</h2>
      {card.versions.map((v) =>
        v.paths ? (
          <div key={v.version} className="card-paths">
            <h3>{v.version}</h3>
            {(['pass', 'fail'] as const).map((kind) => (
              <div key={kind}>
                <h4>
                  {kind === 'pass' ? 'Passes' : 'Fails'}
                  {v.paths![kind].outcome ? ` (${v.paths![kind].outcome})` : ''}
                  {v.paths![kind].note ? `: ${v.paths![kind].note}` : ''}
                </h4>
                <ol>
                  {v.paths![kind].turns.map((t, i) => (
                    <li key={i}>{t}</li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        ) : (
          <p key={v.version} className="muted">
            {v.version}: no declared paths.
          </p>
        ),
      )}
    </>
  );
}
