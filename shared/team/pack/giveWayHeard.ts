import { defaultLabel, type ResolvedTask } from './resolve.js';
import type { ScriptLine } from './scriptSchema.js';

/**
 * A give-way is heard whenever it is earned (issue 23). A participant who does the thing before the teammate asks
 * ("I'll keep flying — you two take the light", sent in answer to the captain's first line) has done what the task
 * measures; if that line has no answer to the label, the message passes unheard and the run can fail a person who
 * acted early. So every line of a scripted teammate's script before the last line that gives way (or acts) on a
 * label must answer that label too. Returns one sentence per line that does not.
 */
export interface UnheardGiveWay {
  seat: string;
  line: string;
  label: string;
  /** The later line that does answer the label. */
  heardAt: string;
}

const earns = (line: ScriptLine, label: string): boolean => {
  const t = line.on[label];
  return t !== undefined && typeof t === 'object' && ('give_way' in t || 'action' in t);
};

/**
 * Negotiations are left out: there a teammate's actions on a label (submitting a deal) are not a give-way, and the
 * deal form's reachability walk (shared/team/deal/reachability.ts) proves the best deal stays reachable. The default
 * label is left out too: it is what a message is when it does nothing the task names.
 */
export function unheardGiveWays(task: ResolvedTask): UnheardGiveWay[] {
  const found: UnheardGiveWay[] = [];
  if (task.dealForm !== null) return found;
  const fallback = defaultLabel(task.labels);
  for (const seat of task.seats) {
    if (seat.kind !== 'scripted') continue;
    const lines = seat.script.lines;
    const labels = new Set(lines.flatMap((l) => Object.keys(l.on).filter((label) => label !== fallback && earns(l, label))));
    for (const label of labels) {
      const last = lines.findLastIndex((l) => earns(l, label));
      for (let i = 0; i < last; i++) {
        const line = lines[i]!;
        // A line that answers the label some other way (goto, next, repeat) has been written on purpose.
        if (line.on[label] === undefined) found.push({ seat: seat.name, line: line.id, label, heardAt: lines[last]!.id });
      }
    }
  }
  return found;
}

export function unheardGiveWayLines(task: ResolvedTask): Array<{ seat: string; index: number; message: string }> {
  return unheardGiveWays(task).map((u) => {
    const seat = task.seats.find((s) => s.name === u.seat)!;
    const index = seat.kind === 'scripted' ? seat.script.lines.findIndex((l) => l.id === u.line) : -1;
    return {
      seat: u.seat,
      index,
      message:
        `line "${u.line}" does not answer "${u.label}", which line "${u.heardAt}" later answers with a give-way or an action: a message with that label here passes unnoticed (a participant who does the thing early goes unheard). ` +
        `Answer it here too, or write \`${u.label}: next\` (or goto/repeat) to say the teammate is meant to hold out`,
    };
  });
}
