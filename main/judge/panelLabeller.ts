import type { ChatMessage } from '../../shared/judge/prompt.js';
import {
  giveWayRule,
  needsThird,
  parseLabelReply,
  renderLabelPrompt,
  type JudgePanelConfig,
  type LabelDecision,
  type Labeller,
  type LabelRequest,
  type PanelRater,
  type PromptTemplate,
} from '../../shared/team/labeller/index.js';
import type { ChatClient } from './chatClient.js';
import type { PanelRecord, RaterRecord } from './panelRecord.js';

export interface PanelRaterClient {
  model: string;
  client: ChatClient;
}

export interface PanelLabellerDeps {
  raters: Record<PanelRater, PanelRaterClient>;
  template: PromptTemplate;
  fallback: JudgePanelConfig['fallback'];
  /** The rules labeller: the fallback `rules`, and the fallback of a fixed label that is not in the task. */
  rules: Labeller;
  /** One line per fallback, for the app log (already free of keys: replies and errors are redacted). */
  log?: (line: string, data: Record<string, unknown>) => void;
}

/**
 * The benchmark's protocol in the team seat: referee and second rater label the message at once; the third only
 * when they do not agree; the give-way rule decides, and the study's fallback when it cannot. The participant's
 * session never fails because of a rater: every failure ends in a label, and the record says why.
 */
export function createPanelLabeller(deps: PanelLabellerDeps): Labeller {
  return {
    source: 'llm',
    async label(request) {
      const started = performance.now();
      const labelIds = request.task.labels.map((l) => l.id);
      const prompt = renderLabelPrompt(deps.template, request);
      const [referee, second] = await Promise.all([ask(deps.raters.referee, 'referee', prompt, labelIds), ask(deps.raters.second, 'second', prompt, labelIds)]);
      const third = needsThird({ referee: referee.label, second: second.label }) ? await ask(deps.raters.third, 'third', prompt, labelIds) : notAsked('third', deps.raters.third.model);
      const raters = [referee, second, third];
      const outcome = giveWayRule({ referee: referee.label, second: second.label, ...(third.status === 'not_asked' ? {} : { third: third.label }) });
      const template = { name: deps.template.name, sha256: deps.template.hash, built_in: deps.template.builtIn };
      const waitMs = () => Math.round(performance.now() - started);
      if (outcome.settled) {
        const raw: PanelRecord = { panel: { template, rule: outcome.rule, raters, wait_ms: waitMs() } };
        return { label: outcome.label, source: 'llm', rule: outcome.rule, raw } satisfies LabelDecision;
      }
      const why = fallbackReason(raters);
      const fallback = await decideFallback(deps, request);
      deps.log?.('judge panel did not settle a label; the study fallback decided', { why, label: fallback.label, source: fallback.source, rule: fallback.rule });
      const raw: PanelRecord = {
        panel: {
          template,
          rule: 'fallback',
          raters,
          wait_ms: waitMs(),
          fallback: { label: fallback.label, source: fallback.source, ...(fallback.rule ? { rule: fallback.rule } : {}), why },
        },
      };
      return { label: fallback.label, source: fallback.source, rule: `fallback:${fallback.rule ?? fallback.source}`, raw };
    },
  };
}

async function decideFallback(deps: PanelLabellerDeps, request: LabelRequest): Promise<LabelDecision> {
  const fixed = deps.fallback === 'rules' ? null : deps.fallback.label;
  if (fixed !== null && request.task.labels.some((l) => l.id === fixed)) return { label: fixed, source: 'rules', rule: 'study-fallback-label' };
  return deps.rules.label(request);
}

/** One line a researcher can read: each rater that gave no label, and why; or that the labels disagreed. */
function fallbackReason(raters: RaterRecord[]): string {
  const silent = raters.filter((r) => r.status === 'error' || r.status === 'unparseable');
  if (silent.length > 0) return silent.map((r) => `${r.rater} (${r.model}): ${r.status === 'error' ? 'no answer' : 'unparseable reply'} — ${r.error ?? ''}`).join('; ');
  return `the raters disagreed (${raters.map((r) => `${r.rater} ${r.label ?? '—'}`).join(', ')}) and the third matched neither`;
}

function notAsked(rater: PanelRater, model: string): RaterRecord {
  return { rater, model, label: null, status: 'not_asked', replies: [], latency_ms: 0, attempts: 0, tokens: { prompt: null, completion: null, total: null } };
}

/** One rater: asked once, and once more (shown its reply and the ids) when the reply is not exactly one label. */
async function ask(r: PanelRaterClient, rater: PanelRater, prompt: ChatMessage[], labelIds: string[]): Promise<RaterRecord> {
  const record: RaterRecord = { ...notAsked(rater, r.model), status: 'error' };
  let messages = prompt;
  for (let tryNo = 1; tryNo <= 2; tryNo++) {
    const x = await r.client.exchange(messages);
    record.latency_ms += x.latencyMs;
    record.attempts += x.attempts;
    if (x.usage) {
      const add = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));
      record.tokens = {
        prompt: add(record.tokens.prompt, x.usage.prompt_tokens),
        completion: add(record.tokens.completion, x.usage.completion_tokens),
        total: add(record.tokens.total, x.usage.total_tokens),
      };
    }
    if (!x.result.ok) {
      // The client has already retried what is worth retrying (5xx, 429, timeouts): no second round here.
      return { ...record, status: 'error', error: x.result.error.message };
    }
    record.replies.push(x.result.value);
    const parsed = parseLabelReply(x.result.value, labelIds);
    if (parsed.ok) {
      const { error: _firstTry, ...kept } = record;
      return { ...kept, status: 'labelled', label: parsed.label };
    }
    record.status = 'unparseable';
    record.error = parsed.reason;
    messages = [...prompt, { role: 'assistant', content: x.result.value }, { role: 'user', content: `Answer with exactly one of these label ids and nothing else: ${labelIds.join(', ')}` }];
  }
  return record;
}
