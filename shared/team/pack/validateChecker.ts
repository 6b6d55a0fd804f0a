import { optionFor, optionValue } from './optionMatch.js';
import type { CheckRule } from './schema.js';
import { TEAM_CHANNEL } from './schema.js';
import type { Known } from './validateVersion.js';

type Add = (path: PropertyKey[], message: string) => void;

/** Checks every name a checker rule uses against the version's seats, facts and files. */
export function validateCheckRule(rule: CheckRule, known: Known, add: Add, path: PropertyKey[] = []): void {
  const file = (p: string, key: string): void => {
    if (!known.files.has(p)) add([...path, key, 'path'], `no workspace file "${p}"`);
  };
  if ('all' in rule) return rule.all.forEach((r, i) => validateCheckRule(r, known, add, [...path, 'all', i]));
  if ('any' in rule) return rule.any.forEach((r, i) => validateCheckRule(r, known, add, [...path, 'any', i]));
  if ('not' in rule) return validateCheckRule(rule.not, known, add, [...path, 'not']);
  if ('file_unchanged' in rule) return file(rule.file_unchanged.path, 'file_unchanged');
  if ('file_contains' in rule) return file(rule.file_contains.path, 'file_contains');
  if ('file_not_contains' in rule) return file(rule.file_not_contains.path, 'file_not_contains');
  if ('hidden_tests_pass' in rule) {
    if (known.hiddenTests.size === 0) add([...path, 'hidden_tests_pass'], 'the workspace has no hidden_tests');
    rule.hidden_tests_pass.tests?.forEach((t, i) => {
      if (!known.hiddenTests.has(t)) add([...path, 'hidden_tests_pass', 'tests', i], `no hidden test "${t}"`);
    });
    return;
  }
  if ('message_mentions' in rule) {
    const m = rule.message_mentions;
    const at = [...path, 'message_mentions'];
    if (m.to !== TEAM_CHANNEL && !known.seats.has(m.to)) add([...at, 'to'], `"${m.to}" is neither "${TEAM_CHANNEL}" nor a seat`);
    if (m.from !== undefined && !known.seats.has(m.from)) add([...at, 'from'], `no seat "${m.from}"`);
    m.facts?.forEach((f, i) => {
      if (!known.facts.has(f)) add([...at, 'facts', i], `no fact "${f}"`);
      else if (!known.recognisableFacts.has(f)) add([...at, 'facts', i], `fact "${f}" has no keywords or regex to recognise a mention by`);
    });
    if ((m.facts?.length ?? 0) + (m.keywords?.length ?? 0) + (m.regex?.length ?? 0) === 0) {
      add(at, 'message_mentions needs facts, keywords or regex');
    }
    return;
  }
  if ('deal' in rule) {
    if (!known.seats.has(rule.deal.counterpart)) add([...path, 'deal', 'counterpart'], `no seat "${rule.deal.counterpart}"`);
    return;
  }
  const a = rule.answer_equals;
  // With answer options, a whole-answer rule is scored by the option the answer names, so it must name one.
  if (known.answerOptions.length > 0 && a.field === undefined && typeof a.value === 'string' && optionFor(known.answerOptions, a.value) === undefined) {
    const list = known.answerOptions.map(optionValue).join(', ');
    add([...path, 'answer_equals', 'value'], `"${a.value}" is not one of the task's answer_options (${list})`);
  }
}
