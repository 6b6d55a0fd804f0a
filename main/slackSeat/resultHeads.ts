import type { ChannelPage } from '../slack/queries.js';
import type { MessageView } from '../slack/messageView.js';

// The start of what the person saw for each recorded call, like the head of an agent's tool result.

const HEAD_CHARS = 500;
export const head = (text: string) => (text.length > HEAD_CHARS ? `${text.slice(0, HEAD_CHARS - 1)}…` : text);

/** A time key (microseconds) as the Slack ts an agent would have passed as `latest` / `oldest`. */
export const tsOfKey = (key: number) => `${Math.floor(key / 1_000_000)}.${String(key % 1_000_000).padStart(6, '0')}`;

const line = (m: MessageView) => `[${m.ts}] ${m.userName}: ${m.text.replace(/\s+/g, ' ')}`;

export const messagesHead = (messages: readonly MessageView[]) =>
  head(`${messages.length} message${messages.length === 1 ? '' : 's'}${messages.length ? '\n' : ''}${messages.map(line).join('\n')}`);

export const pageHead = (page: ChannelPage) => messagesHead(page.messages);

export const namesHead = (what: string, names: readonly string[]) => head(`${names.length} ${what}: ${names.join(', ')}`);
