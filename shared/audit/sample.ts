/**
 * Which deciding labels an audit asks about, and in which order each auditor sees them (issue 27). Everything is
 * drawn from the study's recorded seed and stable per run: a run that ends later adds its own items without moving
 * anyone else's, so a queue can be resumed while the study is still running.
 */
import { z } from 'zod';
import { deriveSeed, mulberry32, shuffled } from '../stats/prng.js';

/** `all` deciding labels, `per_run: N` of each run, or a `share` (0–1] of them. */
export const auditSampleSchema = z.union([
  z.literal('all'),
  z.strictObject({ per_run: z.number().int().min(1) }),
  z.strictObject({ share: z.number().gt(0).max(1) }),
], { error: 'expected all, { per_run: N } or { share: 0–1 }' });
export type AuditSample = z.infer<typeof auditSampleSchema>;

/** study.yaml `audit:` of a team study. */
export const auditConfigSchema = z
  .strictObject({
    sample: auditSampleSchema.default('all'),
    seed: z.number().int().min(0).default(0),
  })
  .default({ sample: 'all', seed: 0 });
export type AuditConfig = z.infer<typeof auditConfigSchema>;

/** The messages (indexes) of one run's deciding labels that the audit asks about, in the run's order. */
export function sampledMessages(runId: string, messages: readonly number[], sample: AuditSample, seed: number): number[] {
  if (sample === 'all') return [...messages];
  if ('per_run' in sample) {
    const kept = new Set(shuffled(messages, mulberry32(deriveSeed(seed, `run:${runId}`))).slice(0, sample.per_run));
    return messages.filter((m) => kept.has(m));
  }
  return messages.filter((m) => mulberry32(deriveSeed(seed, `label:${runId}#${m}`)).next() < sample.share);
}

/** One auditor's order: each item's place is drawn from the seed, the auditor and the item alone. */
export function auditorOrder(itemIds: readonly string[], auditor: string, seed: number): string[] {
  const rank = new Map(itemIds.map((id) => [id, deriveSeed(seed, `order:${auditor}|${id}`)]));
  return [...itemIds].sort((a, b) => rank.get(a)! - rank.get(b)! || a.localeCompare(b));
}

export function describeSample(sample: AuditSample): string {
  if (sample === 'all') return 'every deciding label';
  if ('per_run' in sample) return `${sample.per_run} deciding label${sample.per_run === 1 ? '' : 's'} per run`;
  return `${Math.round(sample.share * 1000) / 10}% of deciding labels`;
}
