import { conflictOutcomeText, conflictVerdict } from '../casino/conflict.js';
import { compileMatch } from '../pack/match.js';
import type { CheckRule } from '../pack/schema.js';
import type { CheckContext, RuleVerdict } from './context.js';
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
  let pass: boolean;
  if (typeof r.value === 'number') pass = Number(normalise(String(given))) === r.value;
  else if (typeof r.value === 'boolean') pass = normalise(String(given)).toLowerCase() === String(r.value);
  else if (r.case_sensitive) pass = normalise(String(given)) === normalise(r.value);
  else pass = normalise(String(given)).toLowerCase() === normalise(r.value).toLowerCase();
  return { rule, pass, why: `answer ${JSON.stringify(given)} ${pass ? 'equals' : 'does not equal'} ${JSON.stringify(r.value)}` };
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

/** Files are code: text and regexes match case-sensitively, `^`/`$` per line. */
function fileMatch(r: Leaf<'file_contains'>, ctx: CheckContext): { found: boolean | null; what: string } {
  const content = ctx.state.files[r.path];
  const what = r.text !== undefined ? JSON.stringify(r.text) : `/${r.regex ?? ''}/`;
  if (content === undefined) return { found: null, what };
  const found = r.text !== undefined ? content.includes(r.text) : new RegExp(r.regex ?? '', 'mu').test(content);
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

/**
 * Messages from the evaluated seat (or `from`) to `to`. A message to the team channel also counts as
 * one to any seat, since every seat reads the channel; `to: team` counts only channel messages.
 */
export function messageMentions(r: Leaf<'message_mentions'>, ctx: CheckContext): RuleVerdict {
  const rule = 'message_mentions';
  const sender = r.from ?? ctx.state.evaluatedSeat;
  const sent = ctx.state.messages.filter((m) => m.seat === sender && (m.to === r.to || m.to === 'team'));
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
