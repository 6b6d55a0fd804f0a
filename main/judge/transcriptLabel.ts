import type { TranscriptLabel } from '../../shared/team/export/transcriptSchema.js';
import { isPanelRecord } from './panelRecord.js';

type LabelOfMessage = Omit<TranscriptLabel, 'message_index' | 'round'>;

/** The `why` of a label given by rules that were not validated on the task's label test set. */
export const UNVALIDATED_RECORD = "rules not validated on the task's label test set (studies/FORMAT-team.md, Label test sets)";

const unvalidatedWhy = (raw: unknown): string | undefined =>
  raw !== null && typeof raw === 'object' && typeof (raw as { rules_not_validated?: unknown }).rules_not_validated === 'string'
    ? (raw as { rules_not_validated: string }).rules_not_validated
    : undefined;

/**
 * A message's `labels` entry in the transcript, from its `label_decided` event: the one rules or experimenter
 * rater, or each judge panel rater asked (its label, last reply, latency and tokens), the final label, its source,
 * the rule that decided and the prompt's name and hash.
 */
export function transcriptLabelOf(event: { label: string; source: TranscriptLabel['source']; rule?: string | undefined; raw?: unknown }): LabelOfMessage {
  const { label, source, rule, raw } = event;
  if (!isPanelRecord(raw)) {
    const why = unvalidatedWhy(raw);
    return { raters: [{ rater: rule ? `${source}:${rule}` : source, label }], final_label: label, source, ...(why ? { why } : {}) };
  }
  const p = raw.panel;
  const raters: LabelOfMessage['raters'] = p.raters
    .filter((r) => r.status !== 'not_asked')
    .map((r) => ({
      rater: `${r.rater}:${r.model}`,
      label: r.label,
      ...(r.replies.length ? { raw: r.replies.at(-1)! } : r.error ? { raw: `(${r.error})` } : {}),
      latency_ms: r.latency_ms,
      tokens: r.tokens,
    }));
  if (p.fallback) raters.push({ rater: p.fallback.rule ? `${p.fallback.source}:${p.fallback.rule}` : p.fallback.source, label: p.fallback.label });
  return {
    raters,
    final_label: label,
    source,
    rule: p.rule,
    ...(p.fallback ? { why: p.fallback.why } : {}),
    prompt: { name: p.template.name, sha256: p.template.sha256, built_in: p.template.built_in },
  };
}
