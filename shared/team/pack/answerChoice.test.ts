import { describe, expect, it } from 'vitest';
import type { AnswerOption } from './checkerSchema.js';
import { choiceAnswerText, offeredOptions } from './answerChoice.js';
import { matchOption } from './optionMatch.js';
import { validateTask } from './validate.js';
import { fridayDeploy } from './fixtures/fridayDeploy.js';
import type { TeamTaskInput } from './schema.js';

const places: AnswerOption[] = ['West City', 'East Town', 'North Hill'];

describe('offeredOptions', () => {
  it('offers every option once, in an order fixed by the run', () => {
    const a = offeredOptions(places, true, 'session-a');
    expect([...a!].sort()).toEqual(['East Town', 'North Hill', 'West City']);
    expect(offeredOptions(places, undefined, 'session-a')).toEqual(a);
  });

  it('does not always put the pack’s first option first', () => {
    const firsts = new Set(Array.from({ length: 30 }, (_, i) => offeredOptions(places, true, `s${i}`)![0]));
    expect(firsts.size).toBe(3);
  });

  it('offers nothing without options or with answer_choice: false', () => {
    expect(offeredOptions([], true, 's')).toBeNull();
    expect(offeredOptions(places, false, 's')).toBeNull();
  });
});

describe('a choice as the option matcher reads it', () => {
  it('is the option, then the reason after a dash', () => {
    expect(choiceAnswerText('West City', '  ')).toBe('West City');
    expect(choiceAnswerText('West City', undefined)).toBe('West City');
    expect(choiceAnswerText('West City', ' the bridge holds ')).toBe('West City — the bridge holds');
  });

  it('names the option picked, whatever the reason says of the others', () => {
    const decision: AnswerOption[] = [{ value: 'refuse', also: ['not accept', "don't accept"] }, { value: 'accept', also: ['accepted'] }];
    const reasons = ['', 'East Town or North Hill', 'not West City', "I'd accept it", 'because, so; for: (West City)', 'North Hill.\nEast Town.'];
    for (const [options, picks] of [[places, ['West City', 'East Town', 'North Hill']], [decision, ['refuse', 'accept']]] as const) {
      for (const pick of picks) for (const why of reasons) expect(matchOption(choiceAnswerText(pick, why), options).option, `${pick} / ${why}`).toBe(pick);
    }
  });
});

const problemsOf = (extra: Partial<TeamTaskInput>): Array<[string, string]> => {
  const r = validateTask({ ...structuredClone(fridayDeploy), ...extra }, 'task.yaml');
  return r.ok ? [] : r.problems.map((p) => [p.path, p.message]);
};

describe('answer_choice in a task', () => {
  it('needs answer_options', () => {
    expect(problemsOf({ answer_choice: false })).toEqual([['answer_choice', 'offers the answer_options as a choice, but the task lists no answer_options']]);
    expect(problemsOf({ answer_options: ['ship', 'hold'] })).toEqual([]);
  });

  it('refuses an option that, picked with a reason, the matcher would not score as itself', () => {
    // A dash as an option: the dash a choice's reason follows would name it too.
    expect(problemsOf({ answer_options: ['Go', '—'] })).toEqual([
      ['answer_options[0]', 'picked as a choice ("Go — not Go, rather than Go") it is not scored as "Go" (names 2 different options (Go, —)); reword the option, or set answer_choice: false'],
    ]);
    // Typed only, the same options are accepted.
    expect(problemsOf({ answer_options: ['Go', '—'], answer_choice: false })).toEqual([]);
  });
});
