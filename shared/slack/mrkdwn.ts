import { decodeEntities } from './plainText.js';

// Slack mrkdwn to an AST the UI renders as elements. It never produces HTML: text stays text wherever it ends up.
export type MrkdwnNode =
  | { type: 'text'; text: string }
  | { type: 'lineBreak' }
  | { type: 'user'; id: string; label?: string }
  | { type: 'channel'; id: string; label?: string }
  | { type: 'broadcast'; range: 'here' | 'channel' | 'everyone' }
  | { type: 'usergroup'; id: string; label?: string }
  | { type: 'date'; timestamp: number; format: string; fallback: string }
  | { type: 'link'; url: string; label?: string; safe: boolean }
  | { type: 'emoji'; name: string }
  | { type: 'code'; text: string }
  | { type: 'pre'; text: string }
  | { type: 'quote'; children: MrkdwnNode[] }
  | { type: 'bold' | 'italic' | 'strike'; children: MrkdwnNode[] };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Only http(s) and mailto links may be opened; javascript:, data:, file: and unparsable addresses are unsafe. */
export function isSafeUrl(url: string): boolean {
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

function angle(inner: string): MrkdwnNode {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? undefined : decodeEntities(inner.slice(bar + 1));
  const withLabel = <T extends object>(n: T) => (label === undefined ? n : { ...n, label });
  if (target.startsWith('@')) return withLabel({ type: 'user' as const, id: target.slice(1) });
  if (target.startsWith('#')) return withLabel({ type: 'channel' as const, id: target.slice(1) });
  if (target.startsWith('!')) {
    const [word = '', ...rest] = target.slice(1).split('^');
    if (word === 'here' || word === 'channel' || word === 'everyone') return { type: 'broadcast', range: word };
    if (word === 'subteam') return withLabel({ type: 'usergroup' as const, id: rest[0] ?? '' });
    if (word === 'date') {
      return { type: 'date', timestamp: Number(rest[0]), format: rest[1] ?? '', fallback: label ?? '' };
    }
    return { type: 'text', text: label ?? `@${word}` };
  }
  const url = decodeEntities(target);
  return { ...(label === undefined ? {} : { label }), type: 'link', url, safe: isSafeUrl(url) };
}

const INLINE =
  /<([^<>\n]+)>|`([^`\n]+)`|(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])|(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])|(?<![\w~])~(?=\S)([^~\n]*?\S)~(?![\w~])|:([a-z0-9_+'-]+):|\n/g;

function pushText(out: MrkdwnNode[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += decodeEntities(text);
  else out.push({ type: 'text', text: decodeEntities(text) });
}

function inline(text: string): MrkdwnNode[] {
  const out: MrkdwnNode[] = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(INLINE.source, 'g'))) {
    pushText(out, text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) out.push(angle(m[1]));
    else if (m[2] !== undefined) out.push({ type: 'code', text: decodeEntities(m[2]) });
    else if (m[3] !== undefined) out.push({ type: 'bold', children: inline(m[3]) });
    else if (m[4] !== undefined) out.push({ type: 'italic', children: inline(m[4]) });
    else if (m[5] !== undefined) out.push({ type: 'strike', children: inline(m[5]) });
    else if (m[6] !== undefined) out.push({ type: 'emoji', name: m[6] });
    else out.push({ type: 'lineBreak' });
  }
  pushText(out, text.slice(at));
  return out;
}

const QUOTE = /^(?:&gt;|>) ?/;

function blocks(text: string): MrkdwnNode[] {
  const out: MrkdwnNode[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; ) {
    const quoted = QUOTE.test(lines[i] ?? '');
    const group: string[] = [];
    while (i < lines.length && QUOTE.test(lines[i] ?? '') === quoted) group.push((lines[i++] ?? '').replace(QUOTE, ''));
    const children = inline(group.join('\n'));
    if (quoted) out.push({ type: 'quote', children });
    else out.push(...children);
    if (i < lines.length && !quoted) out.push({ type: 'lineBreak' });
  }
  return out;
}

export function parseMrkdwn(text: string): MrkdwnNode[] {
  const out: MrkdwnNode[] = [];
  const parts = text.split('```');
  parts.forEach((part, i) => {
    // Odd parts sit between fences; an unclosed fence leaves its text as plain text.
    if (i % 2 === 1 && i < parts.length - 1) out.push({ type: 'pre', text: decodeEntities(part.replace(/^\n|\n$/g, '')) });
    else out.push(...blocks(i % 2 === 1 ? `\`\`\`${part}` : part));
  });
  return out;
}
