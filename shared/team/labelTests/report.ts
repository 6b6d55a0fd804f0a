import type { HalfMeasure } from './measure.js';
import { NOT_VALIDATED, VALIDATION, type GiveWayReliability } from './measure.js';
import type { RulesStatus } from './rulesStatus.js';

const num = (x: number | null): string => (x === null ? '—' : x.toFixed(2));
const frac = (h: HalfMeasure): string => `${num(h.accuracy)} (${h.correct}/${h.n})`;

/** The confusion matrix as text: rows are the true labels, columns the labels given. */
export function confusionLines(h: HalfMeasure, indent = '    '): string[] {
  const width = Math.max(4, ...h.labels.map((l) => l.length));
  const pad = (s: string) => s.padStart(width);
  return [
    `${indent}${''.padEnd(width)}  ${h.labels.map(pad).join(' ')}   ← given; rows: true label`,
    ...h.labels.map((l, i) => `${indent}${l.padEnd(width)}  ${h.confusion[i]!.map((c) => pad(String(c))).join(' ')}`),
  ];
}

/**
 * What `npm run lint-packs` prints for one task: held-out accuracy (the number that counts), train accuracy, the
 * held-out recall of every label (deciding labels starred), the held-out confusion matrix and n per half.
 * Never a held-out message's text: the rules are tuned without reading that half.
 */
export function labelReportLines(task: string, s: RulesStatus): string[] {
  if (!s.measure) return [`${task}: no label test set — ${NOT_VALIDATED}`];
  const { held_out: h, train: t } = s.measure;
  const verdict = s.validated ? 'validated' : `${NOT_VALIDATED} (${s.reasons.join('; ')})`;
  const recall = h.perLabel.map((p) => `${p.label}${s.deciding.includes(p.label) ? '*' : ''} ${num(p.recall)} (${p.correct}/${p.support})`).join(', ');
  return [
    `${task}: held-out accuracy ${frac(h)}, train ${frac(t)}; n held-out ${h.n}, train ${t.n} — ${verdict}`,
    `  written by: ${s.writtenBy ?? '—'}`,
    `  held-out recall (* deciding): ${recall}`,
    giveWayLine(s.giveWay),
    '  held-out confusion:',
    ...confusionLines(h),
  ];
}

/**
 * What `npm run lint-packs -- --train` prints for one task, for an author tuning the rules: the train half only —
 * its accuracy, confusion matrix and every message the rules got wrong — and nothing of the held-out half but its
 * size, so tuning never reads it.
 */
export function trainReportLines(task: string, s: RulesStatus): string[] {
  if (!s.measure) return [`${task}: no label test set`];
  const t = s.measure.train;
  const misses = s.train.flatMap((m, i) => (t.given[i] === m.label ? [] : [`    want ${m.label}, given ${t.given[i]}: ${JSON.stringify(m.text)}`]));
  return [
    `${task}: train accuracy ${frac(t)} (held-out half not shown: n ${s.measure.held_out.n})`,
    '  train confusion:',
    ...confusionLines(t),
    ...(misses.length > 0 ? ['  train misses:', ...misses] : []),
  ];
}

/**
 * Whether each give-way label can be trusted to end the script: its held-out recall and precision beside the bar.
 * A task whose scripts never give way says so.
 */
export function giveWayLine(giveWay: readonly GiveWayReliability[]): string {
  const bar = VALIDATION.giveWay.toFixed(2);
  if (giveWay.length === 0) return '  give-way labels: none (no script gives way on a label)';
  const each = giveWay.map((g) => `${g.label} recall ${num(g.recall)}, precision ${num(g.precision)} — ${g.reliable ? 'reliable' : 'not reliable'}`);
  return `  give-way labels (need recall and precision ≥ ${bar}): ${each.join('; ')}`;
}

/** The library's line: mean held-out accuracy over the tasks that have a set, and how many are validated. */
export function labelSummaryLine(all: ReadonlyArray<{ task: string; status: RulesStatus }>): string {
  const measured = all.filter((x) => x.status.measure?.held_out.accuracy != null);
  const mean = measured.length > 0 ? measured.reduce((a, x) => a + x.status.measure!.held_out.accuracy!, 0) / measured.length : null;
  const without = all.filter((x) => !x.status.measure).map((x) => x.task);
  const validated = all.filter((x) => x.status.validated).length;
  return (
    `label tests: mean held-out accuracy ${num(mean)} over ${measured.length} task${measured.length === 1 ? '' : 's'} with a set; ` +
    `${validated} of ${all.length} validated` +
    (without.length > 0 ? `; no set: ${without.join(', ')}` : '')
  );
}
