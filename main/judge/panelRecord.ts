import type { PanelRater, PanelRule } from '../../shared/team/labeller/index.js';

/**
 * What the panel stores in a `label_decided` event's `raw` (source `llm` when the panel settled the label, the
 * fallback's source otherwise): every rater's raw replies, latency and tokens, the template's name and hash, the
 * rule that decided and, for a fallback, why. Replies and errors are redacted before they get here.
 */
export interface RaterRecord {
  rater: PanelRater;
  model: string;
  /** The label read from the reply, or null (no answer, or unparseable twice). */
  label: string | null;
  status: 'labelled' | 'unparseable' | 'error' | 'not_asked';
  /** Every reply received, in order (a second one only after an unparseable first). */
  replies: string[];
  /** Why there is no label: the parser's reason or the endpoint's error. */
  error?: string;
  latency_ms: number;
  /** HTTP attempts in all (the client retries 5xx, 429 and timeouts). */
  attempts: number;
  tokens: { prompt: number | null; completion: number | null; total: number | null };
}

export interface PanelRecord {
  panel: {
    template: { name: string; sha256: string; built_in: boolean };
    rule: PanelRule;
    raters: RaterRecord[];
    /** Time from the participant's message to the decision, as the panel measured it. */
    wait_ms: number;
    /** For `fallback`: what the study's fallback decided and why the panel did not. */
    fallback?: { label: string; source: string; rule?: string; why: string };
  };
}

export const isPanelRecord = (raw: unknown): raw is PanelRecord =>
  typeof raw === 'object' && raw !== null && typeof (raw as { panel?: unknown }).panel === 'object' && (raw as { panel: unknown }).panel !== null;
