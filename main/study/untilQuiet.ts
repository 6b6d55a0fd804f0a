/**
 * Resolves once nothing has happened for `quietMs` (by `lastAt`, on the `now` clock), or after `maxMs` at most, and
 * never in the caller's own turn: background work (the results writer's passes) yields to participants' actions
 * without ever waiting for long (issue 13: twenty people sending at once on the host's one thread).
 */
export async function untilQuiet(a: {
  lastAt: () => number;
  quietMs: number;
  maxMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): Promise<void> {
  const now = a.now ?? (() => performance.now());
  const sleep = a.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const from = now();
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (;;) {
    const at = now();
    const wait = Math.min(a.quietMs - (at - a.lastAt()), a.maxMs - (at - from));
    if (wait <= 0) return;
    await sleep(Math.ceil(wait));
  }
}
