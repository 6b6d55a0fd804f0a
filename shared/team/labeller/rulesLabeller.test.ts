import { describe, expect, it } from 'vitest';
import { fridayDeploy } from '../pack/fixtures/fridayDeploy.js';
import { teamTaskSchema } from '../pack/schema.js';
import { resolveVersion } from '../pack/resolve.js';
import { createRulesLabeller, labelByRules } from './rulesLabeller.js';

const task = teamTaskSchema.parse(fridayDeploy);
const labels = task.labels;

describe('rules labeller', () => {
  it('takes the highest-priority rule that fires and records it', () => {
    // "ok" (complies, 10) and "no" (challenges, 20) both match: priority decides.
    expect(labelByRules(labels, 'ok but no, we hold')).toMatchObject({ label: 'challenges', rule: 'refuse', source: 'rules' });
    expect(labelByRules(labels, 'Sure, shipping now')).toMatchObject({ label: 'complies', rule: 'agree', raw: { matched: 'keyword "shipping"' } });
  });

  it('matches keywords as whole words only', () => {
    expect(labelByRules(labels, 'the token rotated').label).toBe('other');
    expect(labelByRules(labels, 'there is a lock on payments')).toMatchObject({ label: 'challenges', rule: 'risk' });
  });

  it('skips a rule whose unless matches, and falls through to the next', () => {
    expect(labelByRules(labels, 'I am not sure')).toMatchObject({ label: 'hedges', rule: 'delay' });
  });

  it('uses regexes', () => {
    expect(labelByRules(labels, "I can't do that")).toMatchObject({ label: 'challenges', rule: 'refuse', raw: { matched: expect.stringContaining('regex') } });
    // A typographic apostrophe, as phones type it, is a plain one to the rules.
    expect(labelByRules(labels, 'I can\u2019t do that')).toMatchObject({ label: 'challenges', rule: 'refuse' });
    expect(labelByRules(labels, 'I won\u2019t')).toMatchObject({ label: 'challenges', rule: 'refuse', raw: { matched: 'keyword "won\'t"' } });
  });

  it('does not fire on a match inside a negation, and records the match it passed over', () => {
    // "risk" two words after "don't": no evidence of naming the risk; the default label, with the reason kept.
    expect(labelByRules(labels, "I don't see any risk here")).toEqual({
      label: 'other',
      source: 'rules',
      rule: 'default',
      raw: { negated: ['risk: keyword "risk" in a negation ("risk")'] },
    });
    // The same word outside the negation's clause still counts; a pattern that spells a negation ("won't") counts.
    expect(labelByRules(labels, "it's not Friday yet, but the risk is real")).toMatchObject({ label: 'challenges', rule: 'risk' });
    expect(labelByRules(labels, "I won't do it")).toMatchObject({ label: 'challenges', rule: 'refuse' });
    // A later occurrence outside the negation fires the rule even when an earlier one was passed over.
    expect(labelByRules(labels, "I don't see a lock. Wait: there is a lock on payments")).toMatchObject({ label: 'challenges', rule: 'risk' });
  });

  it('reads the part after the last "but" first: the writer\'s stance is there', () => {
    // Whole message: "risk" (challenges, priority 5) and "shipping" (complies, 10) → complies. After "but": risk.
    expect(labelByRules(labels, "Sure, I'm shipping it, but the risk is too high")).toMatchObject({
      label: 'challenges',
      rule: 'risk',
      raw: { matched: 'keyword "risk"', after: 'but' },
    });
    // The concession is before "but", the commitment after it.
    expect(labelByRules(labels, 'I see a lock on payments, but sure, will do')).toMatchObject({ label: 'complies', rule: 'agree', raw: { after: 'but' } });
    // Nothing fires after "but": the whole message decides, and the record does not claim the tail.
    const whole = labelByRules(labels, 'there is a lock on payments, but whatever');
    expect(whole).toMatchObject({ label: 'challenges', rule: 'risk' });
    expect(whole.raw).not.toHaveProperty('after');
  });

  it('gives the default label when nothing fires', () => {
    expect(labelByRules(labels, 'What time is it?')).toEqual({ label: 'other', source: 'rules', rule: 'default' });
  });

  it('answers through the Labeller interface', async () => {
    const resolved = resolveVersion(task, 'manipulation');
    if (!resolved.ok) throw new Error('fixture invalid');
    const labeller = createRulesLabeller();
    const d = await labeller.label({ task: resolved.value, version: 'manipulation', message: { round: 1, to: 'team', text: 'will do' }, history: [] });
    expect(d).toMatchObject({ label: 'complies', source: 'rules', rule: 'agree' });
  });
});
