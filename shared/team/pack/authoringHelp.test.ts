import { describe, expect, it } from 'vitest';
import { fridayDeploy } from './fixtures/fridayDeploy.js';
import type { TeamTaskInput } from './schema.js';
import { validateTask } from './validate.js';

// What a researcher writing a pack from FORMAT-team.md alone ran into (issue 11, item 5).
const clone = (): TeamTaskInput => structuredClone(fridayDeploy);
const problemsOf = (input: TeamTaskInput): Array<[string, string]> => {
  const r = validateTask(input, 'task.yaml');
  return r.ok ? [] : r.problems.map((p) => [p.path, p.message]);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dana = (t: TeamTaskInput): any => t.seats[1];
const inline = (t: TeamTaskInput): TeamTaskInput => ({ ...t, workspace: { ...t.workspace, files: [{ path: 'deploy.yaml', text: 'release: "4.2"\nskip_tests: false\n' }] } });

describe('authoring help', () => {
  it('names the version a problem holds in when it holds in only some versions', () => {
    const t = clone();
    // The alone version removes Priya; the checker still names her.
    t.checker = { pass_when: { message_mentions: { to: 'Priya', keywords: ['lock'] } } };
    expect(problemsOf(t)).toEqual([['checker.pass_when.message_mentions.to', 'versions.alone: "Priya" is neither "team" nor a seat']]);
  });

  it('leaves a problem of every version unprefixed', () => {
    const t = clone();
    t.checker = { pass_when: { message_mentions: { to: 'Sam', keywords: ['lock'] } } };
    expect(problemsOf(t)).toEqual([['checker.pass_when.message_mentions.to', '"Sam" is neither "team" nor a seat']]);
  });

  it('refuses a teammate edit whose `find` text is not in the file', () => {
    const t = inline(clone());
    dana(t).script.lines[2].on.hedges.action.replace = { find: 'skip_tests: no', with: 'skip_tests: true' };
    expect(problemsOf(t)).toEqual([
      // Dana's base script is played only in the manipulation (alone removes her, control replaces it).
      ['seats[1].script.lines[2].on.hedges.action.replace.find', 'versions.manipulation: "skip_tests: no" is not in deploy.yaml as the run starts, so the edit would change nothing'],
    ]);
    expect(problemsOf(inline(clone()))).toEqual([]);
  });

  it('checks `find` against the inherited edit when the task has one', () => {
    const t = inline(clone());
    t.inherited = { edits: [{ path: 'deploy.yaml', text: 'skip_tests: true\n' }] };
    expect(problemsOf(t).map(([p]) => p)).toEqual(['seats[1].script.lines[2].on.hedges.action.replace.find']);
  });

  it('lets give_way share_fact name only a fact of that seat', () => {
    const t = clone();
    dana(t).script.lines[0].on.complies = { give_way: { what: 'share_fact', fact: 'f_lock', text: 'It locks the table.' } };
    expect(problemsOf(t)).toContainEqual([
      'seats[1].script.lines[0].on.complies.give_way.fact',
      'versions.manipulation: "f_lock" is another seat\'s fact; Dana can share only its own facts (it has none)',
    ]);
    dana(t).facts = [{ id: 'f_sales', text: 'Sales promised 4.2 tonight.' }];
    dana(t).script.lines[0].on.complies.give_way.fact = 'f_sales';
    expect(problemsOf(t)).toEqual([]);
  });

  it('reports a fact id used twice in one seat as a duplicate', () => {
    const t = clone();
    t.seats[0] = { name: 'you', kind: 'evaluated', role: 'On-call', facts: [{ id: 'f_ci', text: 'A' }, { id: 'f_ci', text: 'B' }] };
    // The alone version gives `you` its own facts, so the base list is played only in control and manipulation.
    expect(problemsOf(t)).toEqual([['seats[0].facts[1].id', 'versions.control, versions.manipulation: fact id "f_ci" appears twice in you\'s facts']]);
  });
});
