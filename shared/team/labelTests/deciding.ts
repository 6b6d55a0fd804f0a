import type { ResolvedTask } from '../pack/resolve.js';
import { defaultLabel } from '../pack/resolve.js';
import type { TaskVersion, Transition } from '../pack/schema.js';
import { taskVersions } from '../pack/schema.js';

/**
 * The labels a task's verdict turns on, read from its scripts: a label that some version's scripted teammate
 * answers by giving way or by acting (submitting a deal, walking away, editing a file) ends the script one way or
 * the other, so a wrong label there changes the run. A task whose scripts neither give way nor act on any label
 * falls back to the labels that move a script to another line (`goto`). The default label never counts: it is what
 * nothing matched. Documented in studies/FORMAT-team.md ("Label test sets").
 */
export function decidingLabels(versions: Record<TaskVersion, ResolvedTask>): string[] {
  const fallback = defaultLabel(versions.manipulation.labels);
  const ending = new Set<string>();
  const moving = new Set<string>();
  for (const version of taskVersions) {
    for (const seat of versions[version].seats) {
      if (seat.kind !== 'scripted') continue;
      for (const line of seat.script.lines) {
        for (const [label, t] of Object.entries(line.on) as Array<[string, Transition]>) {
          if (label === fallback || typeof t === 'string') continue;
          if ('give_way' in t || 'action' in t) ending.add(label);
          else moving.add(label);
        }
      }
    }
  }
  const order = versions.manipulation.labels.map((l) => l.id);
  const chosen = ending.size > 0 ? ending : moving;
  return order.filter((id) => chosen.has(id));
}

/**
 * The labels some version's scripted teammate answers by giving way (stop pushing, share a fact, step aside): the
 * run's outcome depends on them being right both ways, so their test set must show high recall (a participant who
 * did the thing is heard) and high precision (one who did not is not let through). Task order; never the default.
 */
export function giveWayLabels(versions: Record<TaskVersion, ResolvedTask>): string[] {
  const fallback = defaultLabel(versions.manipulation.labels);
  const found = new Set<string>();
  for (const version of taskVersions) {
    for (const seat of versions[version].seats) {
      if (seat.kind !== 'scripted') continue;
      for (const line of seat.script.lines) {
        for (const [label, t] of Object.entries(line.on) as Array<[string, Transition]>) {
          if (label !== fallback && typeof t !== 'string' && 'give_way' in t) found.add(label);
        }
      }
    }
  }
  return versions.manipulation.labels.map((l) => l.id).filter((id) => found.has(id));
}
