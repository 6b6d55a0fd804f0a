import { compileMatch } from '../pack/match.js';
import type { CompiledMatch } from '../pack/match.js';
import type { Label } from '../pack/schema.js';
import { defaultLabel } from '../pack/resolve.js';
import type { LabelDecision, Labeller, LabelRequest } from './labeller.js';
import { affirmed } from './negation.js';
import { splitMatch } from './splitRule.js';
import type { LabelSplit } from '../pack/labelSplitSchema.js';

export interface CompiledRule {
  label: string;
  id: string;
  priority: number;
  order: number;
  match: CompiledMatch;
  unless: CompiledMatch;
  split: LabelSplit | null;
}

/** The rules in the order they are tried: higher priority first, then as written in the file. */
export function compileRules(labels: readonly Label[]): CompiledRule[] {
  const rules: CompiledRule[] = [];
  labels.forEach((label) => {
    label.rules.forEach((rule, j) => {
      rules.push({
        label: label.id,
        id: rule.id ?? `${label.id}#${j + 1}`,
        priority: rule.priority,
        order: rules.length,
        match: compileMatch(rule),
        unless: compileMatch({ keywords: rule.unless_keywords, regex: rule.unless_regex }),
        split: rule.split ?? null,
      });
    });
  });
  return rules.sort((a, b) => b.priority - a.priority || a.order - b.order);
}

/**
 * The decision of the first rule that fires on the text; the default label when none does. A match inside a
 * negation ("haven't opened the audit trail") does not fire its rule (./negation.ts); the record says which
 * matches were passed over, so a label's why can be read in full.
 */
function firstRule(rules: readonly CompiledRule[], labels: readonly Label[], text: string): LabelDecision {
  const negated: string[] = [];
  const passOver = (rule: string) => (what: string, matched: string) => negated.push(`${rule}: ${what} in a negation ("${matched}")`);
  const record = (raw: Record<string, unknown>) => (negated.length > 0 ? { ...raw, negated } : raw);
  for (const rule of rules) {
    const hit = rule.match.findWhere(text, (at, matched) => affirmed(text, at, matched), passOver(rule.id)) ?? (rule.split ? splitMatch(rule.split, text) : null);
    if (hit !== null && rule.unless.find(text) === null) {
      return { label: rule.label, source: 'rules', rule: rule.id, raw: record({ matched: hit }) };
    }
  }
  return { label: defaultLabel(labels), source: 'rules', rule: 'default', ...(negated.length > 0 ? { raw: { negated } } : {}) };
}

// The last "but" of a message, as a whole word: what follows it is where the writer lands.
const LAST_BUT = /\bbut\b(?![\s\S]*\bbut\b)/iu;

/**
 * The rules' decision on a message. In "I'm uneasy about the deleted files, but I'll sign today" the words before
 * "but" are conceded and the words after it are the writer's stance, so the part after the last "but" is read
 * first: when a rule fires there it decides (recorded as `after: 'but'`); otherwise the whole message is read.
 * Typographic apostrophes are read as plain ones.
 */
export function decideByRules(rules: readonly CompiledRule[], labels: readonly Label[], typed: string): LabelDecision {
  // Phones and word processors type "won’t": rules are written with a plain apostrophe.
  const text = typed.replace(/[\u2018\u2019\u02bc]/gu, "'");
  const but = LAST_BUT.exec(text);
  if (but) {
    const tail = text.slice(but.index + but[0].length);
    const decided = firstRule(rules, labels, tail);
    if (decided.rule !== 'default') return { ...decided, raw: { ...(decided.raw as Record<string, unknown>), after: 'but' } };
  }
  return firstRule(rules, labels, text);
}

/** Labels a text with the task's rules. Pure and synchronous (tests, replays, the fallback of other sources). */
export function labelByRules(labels: readonly Label[], text: string): LabelDecision {
  return decideByRules(compileRules(labels), labels, text);
}

// Compiled once per task's labels, shared by every session (each makes its own labeller; a pack loaded once is shared).
const cache = new WeakMap<readonly Label[], CompiledRule[]>();

/** The embedded default labeller: each task's own matching rules, offline and instant. */
export function createRulesLabeller(): Labeller {
  return {
    source: 'rules',
    async label({ task, message }: LabelRequest): Promise<LabelDecision> {
      let rules = cache.get(task.labels);
      if (!rules) {
        rules = compileRules(task.labels);
        cache.set(task.labels, rules);
      }
      return decideByRules(rules, task.labels, message.text);
    },
  };
}
