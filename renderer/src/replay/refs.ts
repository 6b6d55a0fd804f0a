import type { ReplaySource } from '../../../shared/contract/replay';

/** A run's ref in an address: `s:<session id>` or `f:<path on the host>`. */
export function sourceOfRef(ref: string): ReplaySource | null {
  if (ref.startsWith('s:') && ref.length > 2) return { kind: 'session', sessionId: ref.slice(2) };
  if (ref.startsWith('f:') && ref.length > 2) return { kind: 'file', path: ref.slice(2) };
  return null;
}

export function refOfSource(source: ReplaySource): string {
  return source.kind === 'session' ? `s:${source.sessionId}` : `f:${source.path}`;
}
