import type { Script, Transition } from './schema.js';

/** Where a transition from line `index` goes: another line's index, or `finish` (final rule, give-way, action). */
export function transitionTarget(script: Script, index: number, t: Transition): number | 'finish' | 'missing' {
  if (t === 'next') return index + 1 < script.lines.length ? index + 1 : 'finish';
  if (t === 'repeat') return index;
  if ('goto' in t) {
    const target = script.lines.findIndex((l) => l.id === t.goto);
    return target >= 0 ? target : 'missing';
  }
  return 'finish';
}

export interface ScriptGraphReport {
  /** Lines no sequence of labels can reach from the first line. */
  unreachable: string[];
  /** Reachable lines from which no sequence of labels ever finishes the script: a loop with no way out. */
  trapped: string[];
}

/**
 * Every label may come after every line, and `no_reply` too, so each is an edge. A label a line does
 * not list moves to the next line.
 */
export function analyseScript(script: Script, labelIds: readonly string[]): ScriptGraphReport {
  const n = script.lines.length;
  const edges: number[][] = [];
  const finishes: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const line = script.lines[i]!;
    const moves = [...labelIds.map((id) => line.on[id] ?? 'next'), script.no_reply];
    const out: number[] = [];
    let finish = false;
    for (const t of moves) {
      const target = transitionTarget(script, i, t);
      if (target === 'finish') finish = true;
      else if (target !== 'missing') out.push(target);
    }
    edges.push(out);
    finishes.push(finish);
  }

  const reached = new Set<number>([0]);
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (const j of edges[i] ?? []) {
      if (reached.has(j)) continue;
      reached.add(j);
      stack.push(j);
    }
  }

  // Lines that can finish: those with a finishing move, and any line with a move to one of them.
  const canFinish = new Set<number>();
  for (let i = 0; i < n; i++) if (finishes[i]) canFinish.add(i);
  let grew = true;
  while (grew) {
    grew = false;
    for (let i = 0; i < n; i++) {
      if (!canFinish.has(i) && (edges[i] ?? []).some((j) => canFinish.has(j))) {
        canFinish.add(i);
        grew = true;
      }
    }
  }

  const ids = script.lines.map((l) => l.id);
  return {
    unreachable: ids.filter((_, i) => !reached.has(i)),
    trapped: ids.filter((_, i) => reached.has(i) && !canFinish.has(i)),
  };
}
