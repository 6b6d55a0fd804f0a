import type { ReplayHeader } from '../contract/replay.js';

/**
 * What a projector shows instead of names: with `roles`, each seat's persona name becomes its role in brackets (as
 * the benchmark's site shows "[colleague]"), in seat labels and, for names written as names, inside message text; a participant's code is always
 * hidden in the presenter view (`[participant]`), wherever it appears.
 */
export interface Naming {
  seat(name: string): string;
  text(text: string): string;
  model: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function participantCode(header: Pick<ReplayHeader, 'evaluatedModel'>): string | null {
  return header.evaluatedModel.startsWith('human:') ? header.evaluatedModel.slice('human:'.length) : null;
}

/**
 * Whether a seat's name may be swapped inside message text: only a name written as a name (a capital or a digit, as
 * "Quinn", "P07", "Sam Lee"), matched case and all. A seat called "you" (the benchmark's usual evaluated seat) or
 * "lead" is a common word in a message ("you're right", "your test"), so it is swapped in seat labels only.
 */
const COMMON_CAPITALISED = new Set(['You', 'Your', 'I', 'Me', 'We', 'Team', 'User', 'System', 'Agent', 'Query', 'Assistant', 'Developer', 'Lead']);
export const swappableInText = (name: string): boolean => /^[\p{Lu}\p{N}]/u.test(name) && !COMMON_CAPITALISED.has(name);

export function naming(header: Pick<ReplayHeader, 'seats' | 'evaluatedModel' | 'evaluatedSeat'>, opts: { presenter: boolean; roles: boolean }): Naming {
  const code = participantCode(header);
  const swaps = new Map<string, string>();
  if (opts.roles) {
    for (const s of header.seats) if (s.name) swaps.set(s.name, `[${(s.role || s.kind).trim() || s.kind}]`);
  }
  if (opts.presenter && code) swaps.set(code, '[participant]');
  // In text only persona names are swapped: an environment seat's name ("CI") is a word people use for the thing, and
  // a lower-case name is a word too. A participant's code is always hidden, however it is written.
  const inText = new Set([...swaps.keys()].filter((n) => n === code || (header.seats.find((s) => s.name === n)?.kind !== 'environment' && swappableInText(n))));
  // Longest names first, so "Sam Lee" is replaced before "Sam"; whole words only.
  const names = [...inText].filter((n) => n.length > 1).sort((a, b) => b.length - a.length);
  const pattern = names.length ? new RegExp(`(?<![\\p{L}\\p{N}_])(${names.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'gu') : null;
  const model = opts.presenter && code ? 'a person' : header.evaluatedModel;
  return {
    seat: (name) => swaps.get(name) ?? name,
    text: (text) => (pattern ? text.replace(pattern, (m) => swaps.get(m) ?? m) : text),
    model,
  };
}
