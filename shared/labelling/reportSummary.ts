/** Sentences the report screen and the printable report both say, from the report alone. */
import { EXCLUSION_REASONS, type AgreementReport } from './report-schema.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** True when the report's dimensions offer different label sets, the case in which pooled rows mislead. */
export function labelSetsDiffer(report: Pick<AgreementReport, 'byDimension'>): boolean {
  const sets = new Set(report.byDimension.map((d) => [...d.labelSet].sort(byText).join('\u0000')));
  return sets.size > 1;
}

/** "3 left out: 1 skipped, 2 item changed", or "none left out", in the order of EXCLUSION_REASONS. */
export function exclusionSummary(excluded: AgreementReport['excluded']): string {
  if (!excluded.length) return 'none left out';
  const counts = EXCLUSION_REASONS.map((reason) => [reason, excluded.filter((e) => e.reason === reason).length] as const);
  const parts = counts.filter(([, n]) => n > 0).map(([reason, n]) => `${n} ${reason.replaceAll('_', ' ')}`);
  return `${excluded.length} left out: ${parts.join(', ')}`;
}
