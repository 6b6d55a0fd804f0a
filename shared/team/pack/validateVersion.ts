import type { Problem } from '../../problems.js';
import { formatPath } from '../../problems.js';
import { matchOption, normaliseAnswer, optionPhrases, optionValue } from './optionMatch.js';
import { choiceAnswerText } from './answerChoice.js';
import type { Places } from './places.js';
import type { ResolvedTask } from './resolve.js';
import { analyseScript } from './scriptGraph.js';
import { TEAM_CHANNEL, workspaceToolNames } from './schema.js';
import type { AnswerOption, ScriptAction, ScriptedSeat, Transition } from './schema.js';
import { validateCheckRule } from './validateChecker.js';
import { validateDealForm } from './validateDealForm.js';

/** Names every id a version's parts may refer to. */
export interface Known {
  labels: Set<string>;
  seats: Set<string>;
  facts: Set<string>;
  /** Facts with keywords or regex, so a message can be recognised as mentioning them. */
  recognisableFacts: Set<string>;
  lines: Set<string>;
  files: Set<string>;
  hiddenTests: Set<string>;
  answerOptions: AnswerOption[];
}

export function knownOf(task: ResolvedTask): Known {
  const facts = new Set<string>();
  const recognisableFacts = new Set<string>();
  const lines = new Set<string>();
  for (const s of task.seats) {
    if (s.kind !== 'environment') for (const f of s.facts) {
      facts.add(f.id);
      if (f.keywords.length + f.regex.length > 0) recognisableFacts.add(f.id);
    }
    if (s.kind === 'scripted') for (const l of s.script.lines) lines.add(l.id);
  }
  return {
    labels: new Set(task.labels.map((l) => l.id)),
    seats: new Set(task.seats.map((s) => s.name)),
    facts,
    recognisableFacts,
    lines,
    files: new Set(task.workspace.files.map((f) => f.path)),
    hiddenTests: new Set(task.workspace.hidden_tests.map((f) => f.path)),
    answerOptions: task.answerOptions,
  };
}

/** Cross-reference checks of one resolved version; `file` and `places` name where each problem sits. */
export function validateVersion(task: ResolvedTask, file: string, places: Places): Problem[] {
  const problems: Problem[] = [];
  const known = knownOf(task);
  const add = (path: string, message: string): void => void problems.push({ file, path, message });
  const recipient = (to: string, path: string): void => {
    if (to !== TEAM_CHANNEL && !known.seats.has(to)) add(path, `"${to}" is neither "${TEAM_CHANNEL}" nor a seat`);
  };
  const startText = startingFiles(task);
  const checkAction = (a: ScriptAction, path: (...rest: PropertyKey[]) => string): void => {
    recipient(a.to, path('to'));
    if (a.do !== 'edit_file') return;
    if (!known.files.has(a.path)) return add(path('path'), `no workspace file "${a.path}"`);
    const text = startText.get(a.path);
    // Otherwise the teammate would announce a change that never happens.
    if (a.replace && text !== undefined && !text.includes(a.replace.find)) {
      add(path('replace', 'find'), `"${a.replace.find}" is not in ${a.path} as the run starts, so the edit would change nothing`);
    }
  };

  const factIds = new Map<string, string>();
  for (const seat of task.seats) {
    if (seat.kind === 'environment') continue;
    seat.facts.forEach((f, i) => {
      const other = factIds.get(f.id);
      if (other === seat.name) add(places.seat(seat.name, 'facts', i, 'id'), `fact id "${f.id}" appears twice in ${seat.name}'s facts`);
      else if (other !== undefined) add(places.seat(seat.name, 'facts', i, 'id'), `fact id "${f.id}" is also used by ${other}`);
      factIds.set(f.id, seat.name);
    });
  }

  for (const seat of task.seats) {
    if (seat.kind === 'scripted') validateScript(seat, task, known, places, add, recipient, checkAction);
    if (seat.kind === 'partner') {
      const own = new Set(seat.facts.map((f) => f.id));
      seat.replies.forEach((r, i) => {
        if (r.keywords.length + r.regex.length === 0) add(places.seat(seat.name, 'replies', i), 'a reply needs keywords or regex');
        r.reveals.forEach((id, j) => {
          if (!own.has(id)) add(places.seat(seat.name, 'replies', i, 'reveals', j), `${seat.name} holds no fact "${id}"`);
        });
      });
    }
    if (seat.kind === 'environment') {
      seat.events.forEach((e, i) => {
        const at = (...rest: PropertyKey[]): string => places.seat(seat.name, 'events', i, ...rest);
        recipient(e.to, at('to'));
        const round = typeof e.round === 'number' ? e.round : e.round?.to;
        if (round !== undefined && round > task.rounds) add(at('round'), `round ${round} is after the last round (${task.rounds})`);
        const w = e.when;
        if (!w) return;
        if (w.label !== undefined && !known.labels.has(w.label)) add(at('when', 'label'), `unknown label "${w.label}"`);
        if (w.line_said !== undefined && !known.lines.has(w.line_said)) add(at('when', 'line_said'), `no script line "${w.line_said}"`);
        if (w.fact_revealed !== undefined && !known.facts.has(w.fact_revealed)) add(at('when', 'fact_revealed'), `no fact "${w.fact_revealed}"`);
        if (w.file_edited !== undefined && !known.files.has(w.file_edited)) add(at('when', 'file_edited'), `no workspace file "${w.file_edited}"`);
        if (w.tool_called !== undefined && !(workspaceToolNames as readonly string[]).includes(w.tool_called)) {
          add(at('when', 'tool_called'), `unknown tool "${w.tool_called}"; expected one of ${workspaceToolNames.join(', ')}`);
        }
      });
    }
  }

  task.workspace.inbox.forEach((item, i) => {
    if (item.round > task.rounds) add(places.workspace('inbox', i, 'round'), `round ${item.round} is after the last round (${task.rounds})`);
  });
  duplicates(task.workspace.files.map((f) => f.path)).forEach((i) => add(places.workspace('files', i, 'path'), 'two files have this path'));

  validateAnswerOptions(task.answerOptions, add);
  if (task.answerChoice !== false) validateChoices(task.answerOptions, add);
  validateCheckRule(task.checker.pass_when, known, (path, message) => add(places.checker('pass_when', ...path), message));
  validateDealForm(task, places, add);

  task.inherited?.messages.forEach((m, i) => {
    if (!known.seats.has(m.seat) && m.seat !== task.inherited?.previous) {
      add(places.inherited('messages', i, 'seat'), `"${m.seat}" is not a seat (nor the previous model "${task.inherited?.previous}")`);
    }
    recipient(m.to, places.inherited('messages', i, 'to'));
  });
  return problems;
}

/** Two options written the same way (after normalisation) would make an answer name both. */
function validateAnswerOptions(options: readonly AnswerOption[], add: (path: string, message: string) => void): void {
  const seen = new Map<string, string>();
  options.forEach((o, i) => {
    optionPhrases(o).forEach((phrase, j) => {
      const n = normaliseAnswer(phrase);
      const other = seen.get(n);
      const at = typeof o === 'string' ? formatPath(['answer_options', i]) : formatPath(['answer_options', i, ...(j === 0 ? ['value'] : ['also', j - 1])]);
      if (n === '') add(at, `"${phrase}" is only punctuation once normalised`);
      else if (other !== undefined && other !== optionValue(o)) add(at, `"${phrase}" is also written for the option "${other}"`);
      seen.set(n, optionValue(o));
    });
  });
}

/**
 * Each option, picked with a reason, must be scored as itself by the matcher (a choice is recorded as
 * `<option> — <reason>`: answerChoice.ts); a reason naming another option, or turning one down, must not change it.
 */
function validateChoices(options: readonly AnswerOption[], add: (path: string, message: string) => void): void {
  options.forEach((o, i) => {
    const value = optionValue(o);
    for (const other of options.map(optionValue)) {
      const text = choiceAnswerText(value, `not ${other}, rather than ${other}`);
      const m = matchOption(text, options);
      if (m.option !== value) {
        const at = formatPath(typeof o === 'string' ? ['answer_options', i] : ['answer_options', i, 'value']);
        add(at, `picked as a choice ("${text}") it is not scored as "${value}" (${m.option === null ? m.why : `but as "${m.option}"`}); reword the option, or set answer_choice: false`);
        return;
      }
    }
  });
}

function validateScript(
  seat: ScriptedSeat,
  task: ResolvedTask,
  known: Known,
  places: Places,
  add: (path: string, message: string) => void,
  recipient: (to: string, path: string) => void,
  checkAction: (a: ScriptAction, path: (...rest: PropertyKey[]) => string) => void,
): void {
  const script = seat.script;
  const at = (...rest: PropertyKey[]): string => places.seat(seat.name, 'script', ...rest);
  const lineIds = new Set(script.lines.map((l) => l.id));
  const own = new Set(seat.facts.map((f) => f.id));
  duplicates(script.lines.map((l) => l.id)).forEach((i) => add(at('lines', i, 'id'), 'two lines have this id'));

  const checkTransition = (t: Transition, path: (...rest: PropertyKey[]) => string): void => {
    if (t === 'next' || t === 'repeat') return;
    if ('goto' in t) {
      if (!lineIds.has(t.goto)) add(path('goto'), `no line "${t.goto}" in ${seat.name}'s script`);
    } else if ('give_way' in t) {
      recipient(t.give_way.to, path('give_way', 'to'));
      const fact = t.give_way.fact;
      if (fact !== undefined && !own.has(fact)) {
        const where = known.facts.has(fact) ? `"${fact}" is another seat's fact` : `no fact "${fact}"`;
        add(path('give_way', 'fact'), `${where}; ${seat.name} can share only its own facts (${[...own].join(', ') || 'it has none'})`);
      }
    } else checkAction(t.action, (...rest) => path('action', ...rest));
  };

  script.lines.forEach((line, i) => {
    recipient(line.to, at('lines', i, 'to'));
    for (const [label, t] of Object.entries(line.on)) {
      if (!known.labels.has(label)) add(at('lines', i, 'on', label), `unknown label "${label}"; the task's labels are ${[...known.labels].join(', ')}`);
      checkTransition(t, (...rest) => at('lines', i, 'on', label, ...rest));
    }
  });
  checkTransition(script.no_reply, (...rest) => at('no_reply', ...rest));
  const final = script.final;
  if (typeof final === 'object') {
    if ('say' in final) recipient(final.to, at('final', 'to'));
    else checkAction(final.action, (...rest) => at('final', 'action', ...rest));
  }

  const report = analyseScript(script, task.labels.map((l) => l.id));
  for (const id of report.unreachable) {
    add(at('lines', script.lines.findIndex((l) => l.id === id)), `line "${id}" can never be said: no transition leads to it`);
  }
  if (report.trapped.length > 0) {
    const first = script.lines.findIndex((l) => l.id === report.trapped[0]);
    add(at('lines', first), `the script can loop forever: from ${report.trapped.map((id) => `"${id}"`).join(', ')} no label leads to a give-way, an action or past the last line`);
  }
}

/** Each workspace file's text when the participant starts: the task's, or the inherited edit's (unread `from:` files are absent). */
function startingFiles(task: ResolvedTask): Map<string, string> {
  const texts = new Map<string, string>();
  for (const f of task.workspace.files) if (f.text !== undefined) texts.set(f.path, f.text);
  for (const e of task.inherited?.edits ?? []) {
    if (e.text !== undefined) texts.set(e.path, e.text);
    else texts.delete(e.path);
  }
  return texts;
}

/** Indexes of values seen earlier in the list. */
export function duplicates(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  values.forEach((v, i) => (seen.has(v) ? out.push(i) : seen.add(v)));
  return out;
}
