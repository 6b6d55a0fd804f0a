import { useCallback, useEffect, useState } from 'react';
import type { ComparisonSource, ComparisonView } from '../../../shared/contract/comparison';
import { comparisonCsv, overallTable } from '../../../shared/comparison/tables';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { ErrorLine, useCall } from '../slack/useCall';
import { ChartFigure } from './ChartFigure';
import { SlackTable } from './SlackTable';
import './comparison.css';

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : `${Math.round(x * 1000) / 10}%`;
const kindNames: Record<ComparisonSource['kind'], string> = {
  final_results: 'final_results.json (file)',
  transcripts: 'model transcripts (results folder)',
  harbor: 'Harbor jobs (folder, Slack)',
};

/** People beside models: the study's human rows and imported model rows, charts exported as SVG, PNG and CSV. */
export function ComparisonScreen({ studyKey }: { studyKey: string }) {
  const openStudy = useApp((s) => s.openStudy);
  const { error, call, clearError } = useCall();
  const [sources, setSources] = useState<ComparisonSource[]>([]);
  const [fixture, setFixture] = useState(false);
  const [view, setView] = useState<ComparisonView | undefined>();
  const [kind, setKind] = useState<ComparisonSource['kind']>('final_results');
  const [pathText, setPathText] = useState('');

  const load = useCallback(() => {
    void call(api().comparisonView({ studyKey, sources, fixture })).then((v) => v && setView(v));
  }, [studyKey, sources, fixture, call]);
  useEffect(load, [load]);

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    const p = pathText.trim();
    if (!p) return;
    setSources((s) => [...s, { kind, path: p }]);
    setPathText('');
  };
  const file = (part: string) =>
    `${(view?.title ?? studyKey).replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 40)}-${part}`;

  return (
    <section className="cmp" aria-labelledby="cmp-title">
      <button className="link back" onClick={() => void openStudy(studyKey)}>
        ← Study
      </button>
      <h1 id="cmp-title">People beside models{view ? `: ${view.title}` : ''}</h1>
      <ErrorLine error={error} onDismiss={clearError} />
      {view?.synthetic ? (
        <p className="banner cmp-synthetic" role="note">
          <strong>SYNTHETIC data shown.</strong> Rows marked (SYNTHETIC) come from studies/comparison-fixture:
          invented models and scores, for trying the screen. They are not any model&apos;s results.
        </p>
      ) : null}

      <form className="cmp-sources" onSubmit={add} aria-label="Model results to compare">
        <label>
          Kind{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as ComparisonSource['kind'])}>
            {Object.entries(kindNames).map(([k, name]) => (
              <option key={k} value={k}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="cmp-path">
          Path on this computer{' '}
          <input
            value={pathText}
            onChange={(e) => setPathText(e.target.value)}
            placeholder="/data/final_results.json"
          />
        </label>
        <button type="submit">Add</button>
        <label className="cmp-fixture">
          <input type="checkbox" checked={fixture} onChange={(e) => setFixture(e.target.checked)} /> Include
          the synthetic fixture
        </label>
      </form>
      {sources.length ? (
        <ul className="cmp-source-list small" aria-label="Sources added">
          {sources.map((s, i) => (
            <li key={`${s.kind}:${s.path}:${i}`}>
              {kindNames[s.kind]}: <code>{s.path}</code>{' '}
              <button
                className="link"
                onClick={() => setSources((all) => all.filter((_, j) => j !== i))}
                aria-label={`Remove ${s.path}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {view?.problems.length ? (
        <div className="banner banner-notice" role="status">
          <strong>Not used ({view.problems.length}):</strong>
          <ul className="small cmp-problems">
            {view.problems.slice(0, 30).map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {!view ? <p className="muted">Loading…</p> : <TeamPart view={view} file={file} />}
      {view && view.slack.rows.length > 0 ? (
        <>
          <ChartFigure
            id="slack"
            view={view}
            title="Slack: pass rate per query category"
            caption="SlackBench categories: AS agentic search, HA hallucination/abstention, SU summarisation, CI circumstance inference; overall is the unweighted mean of the four. The published human row is SlackBench's (see studies/comparison-fixture/PROVENANCE.md); n is the number of graded queries."
            csv={() => comparisonCsv.slack(view)}
            file={file('slack')}
          />
          <SlackTable view={view} />
        </>
      ) : null}
    </section>
  );
}

function TeamPart({ view, file }: { view: ComparisonView; file: (part: string) => string }) {
  if (view.team.rows.length === 0) {
    return view.slack.rows.length ? null : (
      <p className="muted">
        No team runs in this study yet and no model results added. Add a source above, or include the
        synthetic fixture.
      </p>
    );
  }
  const table = overallTable(view);
  return (
    <>
      <p className="cmp-note">
        Each overall score is on its own task set, named in brackets on the axis: a leaderboard row covers the
        tasks in its file, the study&apos;s human row only the study&apos;s tasks. The table&apos;s{' '}
        <em>shared tasks</em> columns compare both on the tasks both ran.
      </p>
      <ChartFigure
        id="overall"
        view={view}
        title="Overall score"
        caption="Dot: overall score (mean of dimension test scores); line: 95% bootstrap interval. Orange: people; blue: models; grey: SYNTHETIC."
        csv={() => comparisonCsv.overall(view)}
        file={file('overall')}
      />
      <div className="cmp-table-wrap">
        <table className="tasks cmp-table">
          <caption className="small muted">Overall, task sets and the tasks both ran</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Overall (95% CI)</th>
              <th scope="col">Teamwork loss</th>
              <th scope="col">Task set</th>
              <th scope="col">Shared tasks</th>
              <th scope="col">Model / people on shared</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {table.map((r, i) => (
              <tr key={i} className={r.synthetic ? 'cmp-synthetic-row' : undefined}>
                <th scope="row">{r.row}</th>
                <td>
                  {pct(r.score)}{' '}
                  <span className="muted small">
                    ({pct(r.ci_low)}–{pct(r.ci_high)})
                  </span>
                </td>
                <td>
                  {r.teamwork_loss === null
                    ? '–'
                    : `${r.teamwork_loss >= 0 ? '+' : ''}${Math.round(r.teamwork_loss * 100)} pts`}
                </td>
                <td>{r.task_set}</td>
                <td>{r.shared_tasks ?? '–'}</td>
                <td>{r.kind === 'model' ? `${pct(r.model_on_shared)} / ${pct(r.people_on_shared)}` : '–'}</td>
                <td className="small muted">{r.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ChartFigure
        id="dimensions"
        view={view}
        title="Test score per dimension"
        caption="Each cell: the dimension's test (manipulation) pass rate over gated scenarios; blank cells: no gated scenario."
        csv={() => comparisonCsv.dimensions(view)}
        file={file('dimensions')}
      />
      {view.team.humanId ? (
        <ChartFigure
          id="tasks"
          view={view}
          title="Per task: people beside each model"
          caption="One line per task people played. Orange tick: people's pooled manipulation pass rate; circles: models, only on tasks they ran."
          csv={() => comparisonCsv.tasks(view)}
          file={file('tasks')}
        />
      ) : null}
      <ChartFigure
        id="loss"
        view={view}
        title="Teamwork loss"
        caption="The benchmark's teamwork loss: per dimension, the mean over gated scenarios with both a control and a manipulation value of control − manipulation; overall, the mean of the dimension losses (imported rows keep their published values). How much the pressure in the manipulation costs; none where nothing is paired."
        csv={() => comparisonCsv.overall(view)}
        file={file('teamwork-loss')}
      />
    </>
  );
}
