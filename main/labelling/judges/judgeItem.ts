/**
 * One labelling item sent to one judge: the prompt rendered from the run's template, the reply read strictly
 * (exactly one label of the set). A reply that names no single label is asked once more, then recorded as
 * unparseable; an endpoint that does not answer is recorded as an error. Nothing stored carries the key.
 */
import type { LabellingItem } from '../../../shared/labelling/items.js';
import type { JudgeItemOutcome } from '../../../shared/labelling/judges/runLog.js';
import { parseLabelReply } from '../../../shared/labelling/judges/parseLabel.js';
import { renderPrompt } from '../../../shared/labelling/judges/template.js';
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
  const redact = (text: string) => (endpoint.apiKey.length >= 4 ? text.split(endpoint.apiKey).join('[redacted]') : text);
  const client = createChatClient(endpoint, options);
  const messages = renderPrompt(template, item);
  const startedAt = performance.now();
  const base = { itemId: item.id, itemHash };
  let raw = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const reply = await client.complete(messages);
    const latencyMs = Math.round(performance.now() - startedAt);
    if (!reply.ok) return { ...base, status: 'error', error: redact(reply.error.message), latencyMs, attempts: attempt };
    raw = redact(reply.value).slice(0, RAW_LIMIT);
    const label = parseLabelReply(reply.value, labels);
    if (label !== null) return { ...base, status: 'label', label, raw, latencyMs, attempts: attempt };
  }
  return { ...base, status: 'unparseable', raw, latencyMs: Math.round(performance.now() - startedAt), attempts: 2 };
}
