import type { Problem } from '../../problems.js';
import { unheardGiveWayLines } from './giveWayHeard.js';
import { placesOf } from './places.js';
import { declaredMadeUp, unquotedNamesAndNumbers } from './unquoted.js';
import type { ResolvedTask } from './resolve.js';
import { taskVersions } from './schema.js';
import type { Seat, TaskVersion, TeamTask } from './schema.js';

/** Something that states a fact: it names a quoted passage (`source`) or says it is made up. */
interface Stated {
  source?: string | undefined;
  fictional?: boolean | undefined;
}

/** What a stated thing says, for comparing with its quote. */
type Said = Stated & { text?: string; subject?: string; body?: string };

/**
 * What the pack linter asks of a task beyond loading (studies/FORMAT-team.md, "Linting a pack"): a source,
 * three versions that differ, and every stated fact traced to a quoted passage or marked fictional.
 * Declared paths are played separately (shared/team/checker/lintPaths.ts).
 */
export function lintTaskText(task: TeamTask, versions: Record<TaskVersion, ResolvedTask>, file: string): Problem[] {
  const problems: Problem[] = [];
  const add = (path: string, message: string): void => void problems.push({ file, path, message });

  if (task.provenance.length === 0) add('provenance', 'no source: list the passages (or at least the record) the task is built on');
  const quoted = new Set(task.provenance.filter((q) => q.quote !== undefined).map((q) => q.id));
  const quotes = new Map(task.provenance.map((q) => [q.id, q.quote ?? '']));
  const seatNames = taskVersions.flatMap((v) => versions[v].seats.map((s) => s.name));
  const madeUp = declaredMadeUp(seatNames, task.source.fictional ?? '');
  const cited = new Set(task.provenance.map((q) => q.id));
  const seen = new Set<string>();
  task.provenance.forEach((q, i) => {
    if (seen.has(q.id)) add(`provenance[${i}].id`, `two passages have the id "${q.id}"`);
    seen.add(q.id);
  });

  const traced = (item: Said, path: string, what: string): void => {
    if (item.source !== undefined && item.fictional === true) return add(path, `${what} has both \`source\` and \`fictional: true\`; give one`);
    if (item.fictional === true) return;
    if (item.source === undefined) return add(path, `${what} has neither \`source: <quote id>\` nor \`fictional: true\``);
    if (!cited.has(item.source)) return add(`${path}.source`, `no passage "${item.source}" in provenance`);
    if (!quoted.has(item.source)) return add(`${path}.source`, `provenance "${item.source}" only cites a record (no \`quote\`); a fact needs a quoted passage or \`fictional: true\``);
    const said = [item.text, item.subject, item.body].filter((t): t is string => t !== undefined).join('\n');
    const extra = unquotedNamesAndNumbers(said, quotes.get(item.source) ?? '', madeUp);
    if (extra.length > 0) {
      add(
        `${path}.source`,
        `${what} says ${extra.map((e) => `"${e}"`).join(', ')}, which passage "${item.source}" does not: quote the passage that says it, list a made-up name in \`source.fictional\`, or mark the line \`fictional: true\``,
      );
    }
  };

  // Each version's seats, but each thing reported once, where it is written.
  const done = new Set<string>();
  for (const version of taskVersions) {
    const places = placesOf(task, version);
    const once = (path: string, item: Stated, what: string): void => {
      if (done.has(path)) return;
      done.add(path);
      traced(item, path, what);
    };
    for (const seat of versions[version].seats) statedBy(seat, (rest, item, what) => once(places.seat(seat.name, ...rest), item, what));
    versions[version].workspace.inbox.forEach((item, i) => once(places.workspace('inbox', i), item, `inbox item "${item.id}"`));
    for (const u of unheardGiveWayLines(versions[version])) {
      const path = places.seat(u.seat, 'script', 'lines', u.index, 'on');
      const key = `${path} ${u.message}`;
      if (!done.has(key)) {
        done.add(key);
        add(path, u.message);
      }
    }
  }

  const same = (a: ResolvedTask, b: ResolvedTask): boolean => JSON.stringify(playable(a)) === JSON.stringify(playable(b));
  const [alone, control, manipulation] = [versions.alone, versions.control, versions.manipulation];
  if (same(alone, control)) add('versions.control', 'the control plays exactly like the alone version');
  if (same(control, manipulation)) add('versions.manipulation', 'the manipulation plays exactly like the control');
  if (same(alone, manipulation)) add('versions.manipulation', 'the manipulation plays exactly like the alone version');
  if (!task.paths) add('paths', 'no declared paths: give a passing and a failing participant run for each version');
  return problems;
}

/** The facts and lines a seat states, each with where it sits in the seat. */
function statedBy(seat: Seat, visit: (rest: PropertyKey[], item: Stated, what: string) => void): void {
  if (seat.kind === 'environment') {
    seat.events.forEach((e, i) => visit(['events', i], e, `${seat.name}'s event "${e.id}"`));
    return;
  }
  seat.facts.forEach((f, i) => visit(['facts', i], f, `fact "${f.id}"`));
  if (seat.kind === 'scripted') seat.script.lines.forEach((l, i) => visit(['script', 'lines', i], l, `${seat.name}'s line "${l.id}"`));
  if (seat.kind === 'partner') seat.replies.forEach((r, i) => visit(['replies', i], r, `${seat.name}'s reply "${r.id}"`));
}

/** What makes two versions different runs (not their instructions' wording or seeds). */
function playable(t: ResolvedTask): unknown {
  return { seats: t.seats, workspace: t.workspace, checker: t.checker, inherited: t.inherited, rounds: t.rounds };
}
