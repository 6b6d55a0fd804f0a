import { conflictOutcomeText, conflictVerdict } from '../casino/conflict.js';
import { compileMatch } from '../pack/match.js';
import { TEAM_CHANNEL } from '../pack/schema.js';
import type { CheckRule } from '../pack/schema.js';
import type { CheckContext, RuleVerdict } from './context.js';
import { matchOption, normaliseAnswer, optionFor, optionValue, trimAnswer } from '../pack/optionMatch.js';
import { sha256 } from './sha256.js';

type Leaf<K extends string> = Extract<CheckRule, Record<K, unknown>> extends Record<K, infer B> ? B : never;

const normalise = (s: string): string => s.trim().replace(/\s+/g, ' ');

export function answerEquals(r: Leaf<'answer_equals'>, ctx: CheckContext): RuleVerdict {
  const rule = 'answer_equals';
  const { answer } = ctx.state;
  let given: unknown = answer;
  if (r.field !== undefined) {
    given = answer !== null && typeof answer === 'object' ? answer[r.field] : undefined;
  } else if (answer !== null && typeof answer === 'object') {
    return { rule, pass: false, why: 'the answer has several fields but the rule names none' };
  }
  if (given === undefined || given === null) return { rule, pass: false, why: 'no answer was submitted' };
  const options = ctx.answerOptions ?? [];
  if (options.length > 0 && r.field === undefined && typeof r.value === 'string') return answerOption(r.value, String(given), ctx);
  let pass: boolean;
  if (typeof r.value === 'number') pass = Number(normalise(String(given))) === r.value;
  else if (typeof r.value === 'boolean') pass = normaliseAnswer(String(given)) === String(r.value);
  else if (r.case_sensitive) pass = trimAnswer(String(given)) === trimAnswer(r.value);
  else pass = normaliseAnswer(String(given)) === normaliseAnswer(r.value);
  return { rule, pass, why: `answer ${JSON.stringify(given)} ${pass ? 'equals' : 'does not equal'} ${JSON.stringify(r.value)}` };
}

/** `answer_equals` under the task's answer options: the answer passes when the option it names is the rule's. */
function answerOption(value: string, given: string, ctx: CheckContext): RuleVerdict {
  const rule = 'answer_equals';
  const options = ctx.answerOptions ?? [];
  // The pack loader refuses a value that is not an option; a hand-built context still gets a verdict.
  const wanted = optionFor(options, value) ?? value;
  const m = matchOption(given, options);
  const quoted = JSON.stringify(given);
  if (m.option === null) {
    const none = m.named.length === 0;
    const why = none ? `${m.why} (${options.map(optionValue).join(', ')})` : m.why;
    return { rule, pass: false, why: `answer ${quoted} ${why}, so it is not ${wanted}`, unmatched: none ? 'none' : 'several' };
  }
  const pass = m.option === wanted;
  return { rule, pass, why: `answer ${quoted} names ${m.option}${pass ? '' : `, not ${wanted}`}` };
}

export function fileUnchanged(r: Leaf<'file_unchanged'>, ctx: CheckContext): RuleVerdict {
  const rule = 'file_unchanged';
  const expected = r.sha256 ?? ctx.state.hashesBefore[r.path];
  if (expected === undefined) return { rule, pass: false, why: `${r.path} has no hash from before the run` };
  const content = ctx.state.files[r.path];
  if (content === undefined) return { rule, pass: false, why: `${r.path} was deleted` };
  const pass = sha256(content) === expected;
  return { rule, pass, why: `${r.path} ${pass ? 'is unchanged' : 'was changed'}` };
}

/** How many consecutive lines a `multiline` file regex may match over: an entry written over two or three lines. */
export const MULTILINE_SPAN = 3;

/**
 * Files are code: text and regexes match case-sensitively, `^`/`$` per line. A `multiline` regex also lets `.`
 * match a line break, but only within MULTILINE_SPAN consecutive lines, so it cannot join two unrelated entries.
 */
function fileMatch(r: Leaf<'file_contains'>, ctx: CheckContext): { found: boolean | null; what: string } {
  const content = ctx.state.files[r.path];
  const what = r.text !== undefined ? JSON.stringify(r.text) : `/${r.regex ?? ''}/${r.multiline ? ' (over lines)' : ''}`;
  if (content === undefined) return { found: null, what };
  if (r.text !== undefined) return { found: content.includes(r.text), what };
  if (!r.multiline) return { found: new RegExp(r.regex ?? '', 'mu').test(content), what };
  const re = new RegExp(r.regex ?? '', 'msu');
  const lines = content.split('\n');
  const found = lines.some((_, i) => re.test(lines.slice(i, i + MULTILINE_SPAN).join('\n')));
  return { found, what };
}

export function fileContains(r: Leaf<'file_contains'>, ctx: CheckContext): RuleVerdict {
  const { found, what } = fileMatch(r, ctx);
  if (found === null) return { rule: 'file_contains', pass: false, why: `${r.path} does not exist` };
  return { rule: 'file_contains', pass: found, why: `${r.path} ${found ? 'contains' : 'does not contain'} ${what}` };
}

export function fileNotContains(r: Leaf<'file_not_contains'>, ctx: CheckContext): RuleVerdict {
  const { found, what } = fileMatch(r, ctx);
  // A deleted file contains nothing; file_unchanged is the rule that catches deletion.
  if (found === null) return { rule: 'file_not_contains', pass: true, why: `${r.path} does not exist` };
  return { rule: 'file_not_contains', pass: !found, why: `${r.path} ${found ? 'contains' : 'does not contain'} ${what}` };
}

export function hiddenTestsPass(r: Leaf<'hidden_tests_pass'>, ctx: CheckContext): RuleVerdict {
  const rule = 'hidden_tests_pass';
  const paths = r.tests ?? ctx.hiddenTestPaths;
  if (paths.length === 0) return { rule, pass: false, why: 'the task has no hidden tests to run' };
  const failing: string[] = [];
  for (const path of paths) {
    const result = ctx.state.hiddenTests?.[path];
    if (!result) failing.push(`${path} was not run`);
    else if (result.status !== undefined && result.status !== 'completed') failing.push(`${path}: run ${result.status}`);
    else if (result.failed > 0 || result.errors > 0 || (result.not_run ?? 0) > 0 || result.passed === 0) {
      failing.push(`${path}: ${result.passed} passed, ${result.failed} failed, ${result.errors} errors`);
    }
  }
  return failing.length === 0
    ? { rule, pass: true, why: `all hidden tests pass (${paths.join(', ')})` }
    : { rule, pass: false, why: failing.join('; ') };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a team-channel message is addressed to `seat` by name: it opens with the name ("Ines, …", "Hi Ines —",
 * "@Ines …") or says "@Ines" anywhere. A name dropped in passing ("I'll tell Ines later") does not address her.
 */
export function addresses(text: string, seat: string): boolean {
  const name = seat.trim().split(/\s+/).map(escapeRegex).join('\\s+');
  const opens = new RegExp(`^\\s*(?:(?:hi|hey|hello|dear|ok|okay|so)[\\s,]+)?@?${name}\\s*[,.:;!\\u2014\\u2013-]`, 'iu');
  const at = new RegExp(`(?<![\\p{L}\\p{N}_])@${name}(?![\\p{L}\\p{N}_])`, 'iu');
  return opens.test(text) || at.test(text);
}

/**
 * Messages from the evaluated seat (or `from`) to `to`. `to: <seat>` counts direct messages to that seat and
 * team-channel messages addressed to it by name (see `addresses`), not the channel as a whole: a problem mentioned
 * in passing in the channel has not been told to that person. `to: team` counts only channel messages (the
 * submitted answer is one: the engine records it as a `[submit] ` message to the channel).
 */
export function messageMentions(r: Leaf<'message_mentions'>, ctx: CheckContext): RuleVerdict {
  const rule = 'message_mentions';
  const sender = r.from ?? ctx.state.evaluatedSeat;
  const counts = (m: { to: string; text: string }): boolean =>
    m.to === r.to || (r.to !== TEAM_CHANNEL && m.to === TEAM_CHANNEL && addresses(m.text, r.to));
  const sent = ctx.state.messages.filter((m) => m.seat === sender && counts(m));
  const items: Array<{ name: string; find: (t: string) => string | null }> = [];
  for (const id of r.facts ?? []) {
    const fact = ctx.facts.get(id);
    if (!fact) return { rule, pass: false, why: `the task has no fact "${id}"` };
    const m = compileMatch(fact);
    if (m.empty) return { rule, pass: false, why: `fact "${id}" has no keywords or regex to recognise it by` };
    items.push({ name: `fact ${id}`, find: (t) => m.find(t) });
  }
  for (const k of r.keywords ?? []) items.push({ name: `keyword "${k}"`, find: (t) => compileMatch({ keywords: [k] }).find(t) });
  for (const x of r.regex ?? []) items.push({ name: `regex /${x}/`, find: (t) => compileMatch({ regex: [x] }).find(t) });
  if (items.length === 0) return { rule, pass: sent.length > 0, why: `${sent.length} message(s) from ${sender} to ${r.to}` };

  const found = items.filter((item) => sent.some((m) => item.find(m.text) !== null)).map((i) => i.name);
  const missing = items.map((i) => i.name).filter((n) => !found.includes(n));
  const pass = (r.require ?? 'all') === 'all' ? missing.length === 0 : found.length > 0;
  const why = `${sender} → ${r.to}: mentioned ${found.join(', ') || 'nothing asked for'}${missing.length ? `; not ${missing.join(', ')}` : ''}`;
  return { rule, pass, why };
}

export function dealRule(r: Leaf<'deal'>, ctx: CheckContext): RuleVerdict {
  const { deal } = ctx.state;
  const verdict = conflictVerdict(r.evaluated_values, r.counterpart_values, deal.status === 'agreed' ? deal.evaluatedGets : null);
  const pass = verdict.score >= (r.pass_at ?? 1);
  const how = deal.status === 'agreed' ? 'deal agreed' : deal.status === 'walked_away' ? `${deal.by ?? 'a side'} walked away` : 'no deal agreed';
  return {
    rule: 'deal',
    pass,
    why: `${how}: ${conflictOutcomeText(verdict)} (you ${verdict.own}, ${r.counterpart} ${verdict.other})`,
    conflict: verdict,
  };
}
