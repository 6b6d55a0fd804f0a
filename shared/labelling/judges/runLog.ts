/**
 * A judge run over a labelling study, as events in its own log session: which judges (endpoint and model),
 * which prompt (the template, its version name and hash), then one record per item judged. A later record of
 * an item replaces an earlier one (an endpoint error retried on resume); nothing is ever overwritten.
 */
import { z } from 'zod';

export const JUDGE_RUN_TASK = 'judge_run';
/** Judge runs live under their own study key, so no rater's link can ever own (or stream) one. */
export const judgeRunsKey = (studyKey: string) => `judges:${studyKey}`;
/** How every report names a run: it is these judges with this prompt, never the benchmark's own judges. */
export const RUN_WORDING = 'these judges with this prompt';

export const judgeRunStartedSchema = z.object({
  studyKey: z.string(),
  promptVersion: z.string(),
  template: z.string(),
  /** sha256 of the template text, hex. */
  templateHash: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  concurrency: z.number().int().positive(),
  itemSetHash: z.string(),
  /** The items to judge, with the hash of each as it was when the run started. */
  items: z.array(z.object({ id: z.string(), hash: z.string() })),
  wording: z.literal(RUN_WORDING),
});
export type JudgeRunStarted = z.infer<typeof judgeRunStartedSchema>;

export const judgeItemOutcomeSchema = z.object({
  itemId: z.string(),
  itemHash: z.string(),
  /** `label`: a label of the set; `unparseable`: replies that named no single label (twice); `error`: no reply. */
  status: z.enum(['label', 'unparseable', 'error']),
  label: z.string().optional(),
  /** The last reply, with the key redacted; absent for an error. */
  raw: z.string().optional(),
  /** Why there is no label, for `error` (the key redacted). */
  error: z.string().optional(),
  /** Why the replies were unparseable, in the parser's words. */
  reason: z.string().optional(),
  /** Time spent on requests for this item, ms, retries included. */
  latencyMs: z.number().nonnegative(),
  /** HTTP requests made for this item (retries and the second ask included). */
  attempts: z.number().int().positive(),
  /** Token counts of the last reply, as the endpoint reported them. */
  usage: z
    .object({ prompt_tokens: z.number().nullable(), completion_tokens: z.number().nullable(), total_tokens: z.number().nullable() })
    .optional(),
});
export type JudgeItemOutcome = z.infer<typeof judgeItemOutcomeSchema>;

export interface JudgeRunState {
  started: JudgeRunStarted | null;
  /** The latest record per item. */
  outcomes: Map<string, JudgeItemOutcome>;
  /** Resumptions after the run stopped unfinished (a restart, or items that failed). */
  resumed: number;
}

export function foldJudgeRun(events: ReadonlyArray<{ kind: string; payload: unknown }>): JudgeRunState {
  const state: JudgeRunState = { started: null, outcomes: new Map(), resumed: 0 };
  for (const e of events) {
    if (e.kind === 'judge_run_started') {
      const parsed = judgeRunStartedSchema.safeParse(e.payload);
      if (parsed.success) state.started = parsed.data;
    } else if (e.kind === 'judge_item_judged') {
      const parsed = judgeItemOutcomeSchema.safeParse(e.payload);
      if (parsed.success) state.outcomes.set(parsed.data.itemId, parsed.data);
    } else if (e.kind === 'judge_run_resumed') state.resumed += 1;
  }
  return state;
}

/** Items still to judge: no record yet, or only an endpoint error (a label or an unparseable reply is final). */
export function pendingItems(state: JudgeRunState): string[] {
  return (state.started?.items ?? []).map((i) => i.id).filter((id) => {
    const o = state.outcomes.get(id);
    return !o || o.status === 'error';
  });
}
