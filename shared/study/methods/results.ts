import { POOLED_HUMAN } from '../../team/export/humanPooled.js';
import { plural, pct, points, SectionBuilder, type Section } from './doc.js';
import type { BundleFacts } from './bundleFacts.js';

/** The value at quantile q of sorted numbers (linear between order statistics, as R's type 7 and numpy's default). */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** Under a minute in seconds (a test run may take 99 ms), otherwise in minutes, one decimal. */
const minutes = (ms: number): string =>
  ms < 60000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60000).toFixed(1)} min`;

/** Active time on task of counted runs (tables/runs.csv: pauses and downtime already left out) and the pauses. */
export function timeSection(f: BundleFacts): Section {
  const s = new SectionBuilder('Time on task');
  const rows = f.runTable;
  if (!rows) return s.t('The bundle has no tables/runs.csv, so time on task is not known.').done();
  const counted = rows.filter((r) => r.counted === 'true');
  const ms = counted
    .map((r) => r.active_ms ?? '')
    .filter((v) => v !== '')
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (ms.length === 0)
    return s.t('No counted run records an active time, so time on task is not known.').done();
  const file = 'tables/runs.csv';
  s.t('Active time on task, with pauses and downtime left out as the app recorded them, had a median of ')
    .n(minutes(quantile(ms, 0.5)), file, 'median of active_ms (counted = true)')
    .t(' (interquartile range ')
    .n(minutes(quantile(ms, 0.25)), file, 'first quartile of active_ms (counted = true)')
    .t('–')
    .n(minutes(quantile(ms, 0.75)), file, 'third quartile of active_ms (counted = true)')
    .t('; ')
    .n(ms.length, file, 'rows with counted = true and an active_ms')
    .t(` counted ${plural(ms.length, 'run')}`);
  if (ms.length < counted.length)
    s.t('; ')
      .n(counted.length - ms.length, file, 'rows with counted = true and no active_ms')
      .t(' without a recorded time');
  s.t(').');
  if (f.pauseTable) {
    const ids = new Set(counted.map((r) => r.run_id));
    const pauses = f.pauseTable.filter((p) => ids.has(p.run_id ?? ''));
    s.t(' Counted runs were paused ')
      .n(pauses.length, 'tables/pauses.csv', 'rows of counted runs')
      .t(` ${plural(pauses.length, 'time')}.`);
  }
  return s.done();
}

/** The scoring rule and the bootstrap, as final_results.json states them. */
export function scoringSection(f: BundleFacts): Section {
  const s = new SectionBuilder('Scoring');
  const r = f.finalResults;
  if (!r)
    return s
      .t(
        'The bundle holds no final_results.json (it has no counted team run, or it is a Slack study), so no scoring rule applies here.',
      )
      .done();
  s.t("Runs were scored from each transcript's recorded score by the rule final_results.json states: “")
    .n(r.rule, 'final_results.json', 'rule')
    .t('”');
  const b = r.bootstrap as {
    reps?: unknown;
    seed?: unknown;
    resample?: unknown;
    interval?: unknown;
    human_all?: unknown;
  };
  if (typeof b.reps === 'number') {
    s.t('. Intervals are ');
    if (typeof b.interval === 'string') s.n(b.interval, 'final_results.json', 'bootstrap.interval').t(' ');
    s.t('bootstrap intervals from ')
      .n(b.reps, 'final_results.json', 'bootstrap.reps')
      .t(' replicates (seed ')
      .n(String(b.seed), 'final_results.json', 'bootstrap.seed')
      .t(')');
    if (typeof b.resample === 'string')
      s.t(', resampling ').n(b.resample, 'final_results.json', 'bootstrap.resample');
    if (typeof b.human_all === 'string')
      s.t('; for the pooled human row, ').n(b.human_all, 'final_results.json', 'bootstrap.human_all');
  } else s.t('. The file does not state its bootstrap');
  s.t('.');
  const skipped = (r as { skipped?: unknown }).skipped;
  if (typeof skipped === 'number' && skipped > 0)
    s.t(' ')
      .n(skipped, 'final_results.json', 'skipped')
      .t(` run ${plural(skipped, 'file was', 'files were')} not scored (each named under problems).`);
  if (r.problems.length)
    s.t(' The file lists ')
      .n(r.problems.length, 'final_results.json', 'problems')
      .t(` ${plural(r.problems.length, 'problem')}.`);
  if (r.missing_runs.length)
    s.t(' ')
      .n(r.missing_runs.length, 'final_results.json', 'missing_runs')
      .t(` planned ${plural(r.missing_runs.length, 'run was', 'runs were')} not played.`);
  return s.done();
}

const key = (m: string) => `["${m}"]`;
const words = (d: string) => d.replaceAll('_', ' ');

/** The headline: the pooled human row overall and per dimension, with intervals; nulls said in words. */
export function resultsSection(f: BundleFacts): Section {
  const s = new SectionBuilder('Results');
  const r = f.finalResults;
  if (!r) return s.t('There are no team scores in this bundle.').done();
  const row = r.overall[POOLED_HUMAN] ? POOLED_HUMAN : r.models.length === 1 ? r.models[0]! : null;
  if (!row)
    return s
      .t(`final_results.json has no pooled ${POOLED_HUMAN} row, so no single headline is given.`)
      .done();
  const o = r.overall[row]!;
  const at = `overall${key(row)}`;
  const F = 'final_results.json';
  const n = (o as { n_participants?: unknown }).n_participants;
  s.t(`Over ${row === POOLED_HUMAN ? 'all participants' : row}`);
  if (typeof n === 'number')
    s.t(' (')
      .n(n, F, `${at}.n_participants`)
      .t(` ${plural(n, 'participant')})`);
  if (o.score === null)
    s.t(', there is no overall score (')
      .n('null', F, `${at}.score`)
      .t(': no dimension has a gated scenario with a manipulation value)');
  else {
    s.t(', the overall score was ').n(pct(o.score), F, `${at}.score`);
    if (o.ci[0] !== null && o.ci[1] !== null)
      s.t(' (95% CI ').n(pct(o.ci[0]), F, `${at}.ci[0]`).t('–').n(pct(o.ci[1]), F, `${at}.ci[1]`).t(')');
    else s.t(' (no interval: ').n('null', F, `${at}.ci`).t(')');
  }
  s.t(', with ')
    .n(o.n_gated, F, `${at}.n_gated`)
    .t(' gated and ')
    .n(o.n_scenarios_complete, F, `${at}.n_scenarios_complete`)
    .t(' complete scenarios');
  if (o.baseline !== null) s.t('; the control (baseline) rate was ').n(pct(o.baseline), F, `${at}.baseline`);
  if (o.teamwork_loss !== null)
    s.t(' and the teamwork loss ').n(points(o.teamwork_loss), F, `${at}.teamwork_loss`);
  else
    s.t('; the teamwork loss is ')
      .n('null', F, `${at}.teamwork_loss`)
      .t(': no gated scenario has both a control and a manipulation value, so nothing is paired');
  s.t('. ');
  const cells = r.cells[row] ?? {};
  const dims = r.dimensions.filter((d) => cells[d]);
  if (dims.length) s.t('By dimension: ');
  dims.forEach((d, i) => {
    const c = cells[d]!;
    const ca = `cells${key(row)}.${d}`;
    if (i > 0) s.t('; ');
    s.t(`${words(d)} `);
    if (c.test === null) s.t('no score (').n('null', F, `${ca}.test`).t(')');
    else {
      s.n(pct(c.test), F, `${ca}.test`);
      if (c.test_ci[0] !== null && c.test_ci[1] !== null)
        s.t(' (')
          .n(pct(c.test_ci[0]), F, `${ca}.test_ci[0]`)
          .t('–')
          .n(pct(c.test_ci[1]), F, `${ca}.test_ci[1]`)
          .t(')');
      else s.t(' (no interval)');
    }
    s.t(', n gated ').n(c.n_gated, F, `${ca}.n_gated`);
    if (c.teamwork_loss !== null) s.t(', loss ').n(points(c.teamwork_loss), F, `${ca}.teamwork_loss`);
    else s.t(', loss ').n('null', F, `${ca}.teamwork_loss`);
  });
  if (dims.length) s.t('.');
  return s.done();
}
