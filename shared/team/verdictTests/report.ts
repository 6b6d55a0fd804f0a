import type { TaskVersion } from '../pack/schema.js';
import type { VerdictExpect } from './schema.js';

/** One verdict test run as played: never its text (the report names runs by id and intent only). */
export interface VerdictOutcome {
  task: string;
  version: TaskVersion;
  id: string;
  intent: string;
  expect: VerdictExpect;
  got: VerdictExpect;
  /** Said beside a mismatch: the run stopped taking messages early, or its answer was never submitted. */
  note?: string;
}

const ratio = (correct: number, n: number): string => (n === 0 ? '—' : `${(correct / n).toFixed(2)} (${correct}/${n})`);

/**
 * Per task and version: n, verdict accuracy (the app's verdict matches `expect`), the confusion (expected pass →
 * got fail, expected fail → got pass) and each mismatched run's id and intent; then the library's overall accuracy.
 */
export function verdictReportLines(outcomes: readonly VerdictOutcome[]): string[] {
  const groups = new Map<string, VerdictOutcome[]>();
  for (const o of outcomes) {
    const key = `${o.task} ${o.version}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const lines: string[] = [];
  for (const [key, runs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const correct = runs.filter((r) => r.got === r.expect).length;
    const passToFail = runs.filter((r) => r.expect === 'pass' && r.got === 'fail');
    const failToPass = runs.filter((r) => r.expect === 'fail' && r.got === 'pass');
    lines.push(`${key}: n ${runs.length}, verdict accuracy ${ratio(correct, runs.length)}; expected pass → got fail ${passToFail.length}, expected fail → got pass ${failToPass.length}`);
    for (const r of [...passToFail, ...failToPass]) {
      lines.push(`  expected ${r.expect}, got ${r.got}: ${r.id} (${r.intent})${r.note ? ` — ${r.note}` : ''}`);
    }
  }
  const correct = outcomes.filter((r) => r.got === r.expect).length;
  const tasks = new Set(outcomes.map((o) => o.task)).size;
  lines.push(
    `library: n ${outcomes.length}, verdict accuracy ${ratio(correct, outcomes.length)} over ${tasks} task${tasks === 1 ? '' : 's'} and ${groups.size} task version${groups.size === 1 ? '' : 's'}; ` +
      `expected pass → got fail ${outcomes.filter((r) => r.expect === 'pass' && r.got === 'fail').length}, expected fail → got pass ${outcomes.filter((r) => r.expect === 'fail' && r.got === 'pass').length}`,
  );
  return lines;
}
