// Slack mrkdwn to the plain text the search index holds: mentions become names, so `from` a person's name or a
// channel's name found in the text matches what the reader sees.
export interface NameResolver {
  user(id: string): string | undefined;
  conversation(id: string): string | undefined;
}

const TOKEN = /<([^<>]*)>/g;

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_m, e: string) => (e === 'amp' ? '&' : e === 'lt' ? '<' : '>'));
}

function tokenToText(inner: string, names: NameResolver): string {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? undefined : inner.slice(bar + 1);
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return `@${names.user(id) ?? label ?? id}`;
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return `#${names.conversation(id) ?? label ?? id}`;
  }
  if (target.startsWith('!')) {
    if (label !== undefined) return label;
    const word = target.slice(1).split('^')[0] ?? '';
    return `@${word}`;
  }
  // A link: both the label and the address are searchable (people search by domain).
  return label !== undefined && label !== target ? `${label} ${target}` : target;
}

export function mrkdwnToPlainText(text: string, names: NameResolver): string {
  return decodeEntities(text.replace(TOKEN, (_m, inner: string) => tokenToText(inner, names)));
}
