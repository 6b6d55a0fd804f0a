/**
 * One labelling item sent to one judge: the prompt rendered from the run's template, the reply read strictly by the
 * panel's parser (exactly one label of the set). A reply that names no single label is asked once more, then
 * recorded as unparseable; an endpoint that does not answer is recorded as an error. The chat client redacts the
 * key from replies and errors (main/judge/redact.ts); nothing stored carries it.
 */
import type { LabellingItem } from '../../../shared/labelling/items.js';
import type { JudgeItemOutcome } from '../../../shared/labelling/judges/runLog.js';
import { renderPrompt } from '../../../shared/labelling/judges/template.js';
import { parseLabelReply } from '../../../shared/team/labeller/labelReply.js';
import { createChatClient, type ChatClientOptions, type ChatEndpoint } from '../../judge/chatClient.js';

const RAW_LIMIT = 2000;

export async function judgeItem(
  endpoint: ChatEndpoint,
  template: string,
  item: LabellingItem,
  labels: ReadonlyArray<string>,
  itemHash: string,
  options: ChatClientOptions = {},
): Promise<JudgeItemOutcome> {
  const client = createChatClient(endpoint, options);
  const messages = renderPrompt(template, item);
  const base = { itemId: item.id, itemHash };
  let latencyMs = 0;
  let attempts = 0;
  let raw = '';
  let reason = '';
  for (let ask = 1; ask <= 2; ask++) {
    const reply = await client.exchange(messages);
    latencyMs += reply.latencyMs;
    attempts += reply.attempts;
    const usage = reply.usage ? { usage: reply.usage } : {};
    if (!reply.result.ok) return { ...base, status: 'error', error: reply.result.error.message, latencyMs, attempts: Math.max(1, attempts), ...usage };
    raw = reply.result.value.slice(0, RAW_LIMIT);
    const parsed = parseLabelReply(reply.result.value, labels);
    if (parsed.ok) return { ...base, status: 'label', label: parsed.label, raw, latencyMs, attempts, ...usage };
    reason = parsed.reason;
  }
  return { ...base, status: 'unparseable', raw, reason, latencyMs, attempts };
}
