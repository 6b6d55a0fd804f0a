import { useEffect, useRef, useState } from 'react';
import type {
  ComparisonScreenView,
  ComparisonSource,
  ComparisonTable,
  ComparisonView,
} from '../../../shared/contract/comparison';
import { overallTable } from '../../../shared/comparison/tables';
import {
  figureText,
  fmtPct,
  fmtPts,
  intervalShown,
  MIN_N_FOR_INTERVAL,
  overallN,
  type Shown,
} from '../../../shared/comparison/figures';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { ErrorLine, useCall } from '../slack/useCall';
import { ChartFigure } from './ChartFigure';
import { SlackTable } from './SlackTable';
import './comparison.css';

const pct = fmtPct;
const kindNames: Record<ComparisonSource['kind'], string> = {
  final_results: 'final_results.json (file)',
  transcripts: 'model transcripts (results folder)',
  harbor: 'Harbor jobs (folder, Slack)',
};

/** Typing pauses this long before the host is asked for the rows that match. */
const SEARCH_PAUSE_MS = 150;

/**
 * People beside models: the study's human rows and imported model rows, charts exported as SVG, PNG and CSV. The
 * host reads the sources and sends only the rows drawn (the study's people and the top rows matching the search);
 * every CSV is asked of the host, so it holds every row however few are drawn.
 */
export function ComparisonScreen({ studyKey }: { studyKey: string }) {
  const openStudy = useApp((s) => s.openStudy);
  const { error, call, clearError } = useCall();
  const [sources, setSources] = useState<ComparisonSource[]>([]);
  const [fixture, setFixture] = useState(false);
  const [kind, setKind] = useState<ComparisonSource['kind']>('final_results');
  const [pathText, setPathText] = useState('');
  const [search, setSearch] = useState('');
  const query = usePaused(search.trim(), SEARCH_PAUSE_MS);
  // The view answers one request (sources + fixture): a view for another request is stale and is not drawn, so a
  // large import clears the old charts at once instead of leaving them on screen while it is read. A new search
  // keeps the rows drawn until the matching ones arrive.
  const requestKey = JSON.stringify([studyKey, sources, fixture]);
  const [answered, setAnswered] = useState<{ key: string; view: ComparisonScreenView } | undefined>();
  const view = answered?.key === requestKey ? answered.view : undefined;
  // The id of the comparison on screen, so a search reuses the rows the host read instead of reading them again.
  const held = useRef<{ key: string; viewId: string } | undefined>(undefined);
  useEffect(() => {
    if (answered) held.current = { key: answered.key, viewId: answered.view.viewId };
  }, [answered]);

  useEffect(() => {
    const key = JSON.stringify([studyKey, sources, fixture]);
    const viewId = held.current?.key === key ? held.current.viewId : undefined;
    let live = true;
    void call(api().comparisonView({ studyKey, sources, fixture, search: query, viewId })).then(
      (v) => live && v && setAnswered({ key, view: v }),
    );
    return () => {
      live = false;
    };
  }, [studyKey, sources, fixture, query, call]);
  const reading = sources.length + (fixture ? 1 : 0);
  const csvOf = (table: ComparisonTable) => async () =>
    (await call(api().comparisonCsv({ studyKey, sources, fixture, table, viewId: view?.viewId })))?.csv;

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
      {view && (view.problems.length || view.missing.length || view.warnings.length) ? (
        <div className="banner banner-notice" role="status">
          <Listed title="Set aside" items={view.problems} />
          <Listed title="Missing runs (no file: a version or seed never run)" items={view.missing} />
          <Listed title="Warnings (runs used)" items={view.warnings} />
        </div>
      ) : null}

      {!view ? (
        error ? null : (
          <p className="muted" role="status" aria-live="polite">
            <progress aria-label="Reading the sources" /> Reading{' '}
            {reading ? `${reading} source${reading === 1 ? '' : 's'} and ` : ''}the study&apos;s runs…{' '}
            <Elapsed key={requestKey} />
          </p>
        )
      ) : (
        <>
          <label className="cmp-search">
            Search rows{' '}
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="model id or source"
            />
          </label>{' '}
          <span className="small muted" aria-live="polite">
            {query !== view.shown.search || search.trim() !== query ? 'Searching… ' : ''}
            {view.shown.drawn === view.shown.total
              ? `${view.shown.total.toLocaleString('en-US')} rows`
              : view.shown.note}
          </span>
          <TeamPart view={view} csvOf={csvOf} file={file} />
        </>
      )}
      {view && view.slack.rows.length > 0 ? (
        <>
          <ChartFigure
            id="slack"
            view={view}
            text={figureText('slack', view, view.shown)}
            csv={csvOf('slack')}
            file={file('slack')}
          />
          <SlackTable view={view} />
        </>
      ) : null}
    </section>
  );
}

/** `value` once it has stayed the same for `ms` (a search typed letter by letter asks the host once). */
function usePaused<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Seconds since it was mounted (a new key per request), so a long import shows it is still being read. */
function Elapsed() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => setSeconds(Math.round((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, []);
  return <span>{seconds > 0 ? `${seconds} s` : ''}</span>;
}

/** One list under the notice, the first 30 shown with the count of the rest. */
function Listed({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <strong>
        {title} ({items.length}):
      </strong>
      <ul className="small cmp-problems">
        {items.slice(0, 30).map((p, i) => (
          <li key={i}>{p}</li>
        ))}
        {items.length > 30 ? <li>… and {items.length - 30} more</li> : null}
      </ul>
    </>
  );
}

/** The interval beside a score, or why there is none; n always (issue 28: no "0% (0–0%)" without its n). */
function intervalCell(
  row: ComparisonView['team']['rows'][number] | undefined,
  lo: number | null,
  hi: number | null,
): string {
  if (!row) return '';
  const n = overallN(row);
  const shown = intervalShown([lo, hi], n);
  if (shown.why === null) return `(${pct(shown.lo)}–${pct(shown.hi)}), n=${n}`;
  return n < MIN_N_FOR_INTERVAL ? `n=${n}: no interval (fewer than ${MIN_N_FOR_INTERVAL})` : `n=${n}: no interval`;
}

function TeamPart({
  view,
  csvOf,
  file,
}: {
  view: ComparisonScreenView;
  csvOf: (table: ComparisonTable) => () => Promise<string | undefined>;
  file: (part: string) => string;
}) {
  const shown: Shown = view.shown;
  if (view.team.rows.length === 0) {
    return view.shown.total > 0 ? null : (
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
        text={figureText('overall', view, shown)}
        csv={csvOf('overall')}
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
                  <span className="muted small">{intervalCell(view.team.rows[i], r.ci_low, r.ci_high)}</span>
                </td>
                <td>{fmtPts(r.teamwork_loss)}</td>
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
        text={figureText('dimensions', view, shown)}
        csv={csvOf('dimensions')}
        file={file('dimensions')}
      />
      {view.team.humanId ? (
        <ChartFigure
          id="tasks"
          view={view}
          text={figureText('tasks', view, shown)}
          csv={csvOf('tasks')}
          file={file('tasks')}
        />
      ) : null}
      <ChartFigure
        id="loss"
        view={view}
        text={figureText('loss', view, shown)}
        csv={csvOf('overall')}
        file={file('teamwork-loss')}
      />
    </>
  );
}
