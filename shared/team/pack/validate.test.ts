import { describe, expect, it } from 'vitest';
import { fridayDeploy } from './fixtures/fridayDeploy.js';
import { analyseScript } from './scriptGraph.js';
import { scriptSchema, teamTaskSchema } from './schema.js';
import type { TeamTaskInput } from './schema.js';
import { validateTask } from './validate.js';

const clone = (): TeamTaskInput => structuredClone(fridayDeploy);
const problemsOf = (input: TeamTaskInput): Array<[string, string]> => {
  const r = validateTask(input, 'task.yaml');
  return r.ok ? [] : r.problems.map((p) => [p.path, p.message]);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dana = (t: TeamTaskInput): any => t.seats[1];

describe('validateTask', () => {
  it('accepts the worked example and resolves all three versions', () => {
    const r = validateTask(fridayDeploy, 'task.yaml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.versions.alone.seats.map((s) => s.name)).toEqual(['you', 'CI']);
    expect(r.versions.control.seats.find((s) => s.name === 'Dana')).toMatchObject({ script: { lines: [{ id: 'calm' }] } });
    expect(r.versions.manipulation.seeds).toEqual([1, 2, 3]);
  });

  it('names an unknown label in a transition', () => {
    const t = clone();
    dana(t).script.lines[0].on.agrees = 'next';
    expect(problemsOf(t)).toContainEqual(['seats[1].script.lines[0].on.agrees', expect.stringContaining('unknown label "agrees"')]);
  });

  it('names a transition to a missing line', () => {
    const t = clone();
    dana(t).script.lines[0].on.challenges = { goto: 'push9' };
    expect(problemsOf(t)).toContainEqual(['seats[1].script.lines[0].on.challenges.goto', 'versions.manipulation: no line "push9" in Dana\'s script']);
  });

  it('names a line no transition reaches', () => {
    const t = clone();
    dana(t).script.lines.push({ id: 'orphan', text: 'never said' });
    dana(t).script.lines[2].on.other = { goto: 'push1' };
    dana(t).script.lines[2].on.complies = { goto: 'thanks' };
    const problems = problemsOf(t);
    expect(problems).toContainEqual(['seats[1].script.lines[3]', expect.stringContaining('"orphan" can never be said')]);
  });

  it('names a script that can loop forever', () => {
    const t = clone();
    const loop = { complies: 'repeat', challenges: 'repeat', hedges: 'repeat', other: { goto: 'b' } };
    dana(t).script = { lines: [{ id: 'a', text: 'A', on: loop }, { id: 'b', text: 'B', on: { ...loop, other: { goto: 'a' } } }] };
    expect(problemsOf(t)).toContainEqual(['seats[1].script.lines[0]', expect.stringContaining('loop forever')]);
  });

  it('names a checker rule on a file the workspace does not have', () => {
    const t = clone();
    t.checker = { pass_when: { any: [{ file_unchanged: { path: 'deploy.yaml' } }, { file_contains: { path: 'release.txt', text: 'x' } }] } };
    expect(problemsOf(t)).toEqual([['checker.pass_when.any[1].file_contains.path', 'no workspace file "release.txt"']]);
  });

  it('rejects workspace paths that escape, with the place', () => {
    const t = clone();
    t.workspace = { files: [{ path: '../etc/passwd', text: '' }, { path: '/abs.txt', text: '' }] };
    const problems = problemsOf(t);
    expect(problems).toContainEqual(['workspace.files[0].path', expect.stringContaining('escapes the workspace')]);
    expect(problems).toContainEqual(['workspace.files[1].path', expect.stringContaining('absolute')]);
  });

  it('names an answer option written the same way as another', () => {
    const t = clone();
    t.answer_options = ['hold', { value: 'ship', also: ['Hold.'] }];
    expect(problemsOf(t)).toContainEqual(['answer_options[1].also[0]', '"Hold." is also written for the option "hold"']);
  });

  it('asks for at least three manipulation seeds', () => {
    const t = clone();
    t.versions.manipulation = { seeds: [1, 2] };
    expect(problemsOf(t)).toEqual([['versions.manipulation.seeds', 'the manipulation needs at least 3 seeds; found 2']]);
  });

  it('points a bad version patch at the version', () => {
    const t = clone();
    t.versions.control = { seats: [{ name: 'Dana', script: { lines: [] } }] };
    expect(problemsOf(t)).toContainEqual(['versions.control.seats[0].script.lines', 'a script needs at least one line']);
  });

  it('points cross-reference problems in a version override at the override', () => {
    const t = clone();
    t.versions.control = { seats: [{ name: 'Dana', script: { lines: [{ id: 'calm', text: 'hi', on: { bogus: 'next' } }] } }] };
    expect(problemsOf(t)).toContainEqual(['versions.control.seats[0].script.lines[0].on.bogus', expect.stringContaining('unknown label')]);
  });

  it('requires exactly one default label and known facts and seats', () => {
    const t = clone();
    t.labels = t.labels.map((l) => ({ ...l, default: false }));
    t.checker = { pass_when: { message_mentions: { to: 'Sam', facts: ['f_nope'] } } };
    const problems = problemsOf(t);
    expect(problems).toContainEqual(['labels', 'exactly one label needs `default: true`; found 0']);
    expect(problems).toContainEqual(['checker.pass_when.message_mentions.to', '"Sam" is neither "team" nor a seat']);
    expect(problems).toContainEqual(['checker.pass_when.message_mentions.facts[0]', 'no fact "f_nope"']);
  });

  it('rejects a bad regex and an unknown field at parse time', () => {
    const t = clone();
    t.labels[0]!.rules = [{ regex: ['(unclosed'] }];
    (t as Record<string, unknown>).colour = 'blue';
    const paths = problemsOf(t).map(([p]) => p);
    expect(paths).toContain('labels[0].rules[0].regex[0]');
    expect(paths).toContain('');
  });
});

describe('analyseScript', () => {
  const labels = ['yes', 'no'];
  it('lets a script with a goto cycle pass when one label leaves it', () => {
    const script = scriptSchema.parse({
      lines: [
        { id: 'a', text: 'A', on: { yes: { goto: 'b' }, no: 'repeat' } },
        { id: 'b', text: 'B', on: { yes: { goto: 'a' }, no: { give_way: { what: 'stop_pushing', text: 'ok' } } } },
      ],
      no_reply: 'repeat',
    });
    expect(analyseScript(script, labels)).toEqual({ unreachable: [], trapped: [] });
  });
  it('finds the trapped lines of a closed cycle', () => {
    const script = scriptSchema.parse({
      lines: [
        { id: 'a', text: 'A', on: { yes: { goto: 'b' }, no: { goto: 'b' } } },
        { id: 'b', text: 'B', on: { yes: { goto: 'c' }, no: { goto: 'c' } } },
        { id: 'c', text: 'C', on: { yes: { goto: 'b' }, no: 'repeat' } },
      ],
      no_reply: 'repeat',
    });
    expect(analyseScript(script, labels)).toEqual({ unreachable: [], trapped: ['a', 'b', 'c'] });
  });
  it('keeps the schema and the fixture in step', () => {
    expect(teamTaskSchema.safeParse(fridayDeploy).success).toBe(true);
  });
});
