import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatVerdictProblem, loadVerdictTests, type VerdictTaskShape } from './load.js';

// The verdict test file loader: schema, then the task and its seats; every problem names file, line and path.
const seats = [
  { name: 'you', kind: 'evaluated' },
  { name: 'Kai', kind: 'scripted' },
  { name: 'Rosa', kind: 'partner' },
  { name: 'Weather radio', kind: 'environment' },
];
const shape: VerdictTaskShape = { id: 'hidden-profile', versions: { alone: { seats: [seats[0]!] }, control: { seats }, manipulation: { seats } } };
const tasks = new Map([[shape.id, shape]]);
const FILE = 'studies/x/verdict-tests/hidden-profile.yaml';
const load = (text: string) => loadVerdictTests(text, FILE, tasks, 'hidden-profile');
const problemsOf = (text: string) => {
  const r = load(text);
  return r.ok ? [] : r.problems.map(formatVerdictProblem);
};

const good = `task: hidden-profile
written_by: a blind writer
notes: an unknown field is ignored
runs:
  - id: asks-then-west
    version: manipulation
    intent: does_the_thing
    expect: pass
    reviewer: also ignored
    messages:
      - to: Rosa
        text: "what about the roads?"
      - text: "west city then"
    answer: West City.
`;

describe('verdict test files', () => {
  it('loads a valid file, leniently on unknown fields, with the team channel as the default recipient and each run\'s line', () => {
    const r = load(good);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.runs[0]).toMatchObject({ id: 'asks-then-west', expect: 'pass', messages: [{ to: 'Rosa' }, { to: 'team', text: 'west city then' }], answer: 'West City.' });
    expect(r.runLines).toEqual([5]);
  });

  it('names file, line and path for schema errors (the bad fixture: a version and an empty message)', () => {
    const text = fs.readFileSync(path.join(import.meta.dirname, '../../../main/cli/verdictCheck/fixtures/bad/hidden-profile.yaml'), 'utf8');
    expect(problemsOf(text)).toEqual([
      `${FILE}:14 runs[1].version: expected one of the task's versions: alone, control, manipulation`,
      `${FILE}:19 runs[1].messages[0].text: expected the message text`,
    ]);
  });

  it('names a seat that does not exist in the run\'s version, an environment seat, and the participant\'s own seat', () => {
    const text = good
      .replace('- to: Rosa', '- to: Priya')
      .replace('      - text: "west city then"', '      - to: Weather radio\n        text: "is it raining?"\n      - to: you\n        text: "note to self"');
    expect(problemsOf(text)).toEqual([
      `${FILE}:11 runs[0].messages[0].to: "Priya" is neither "team" nor a seat of hidden-profile in its manipulation version (Kai, Rosa)`,
      `${FILE}:13 runs[0].messages[1].to: "Weather radio" is neither "team" nor a seat of hidden-profile in its manipulation version (Kai, Rosa)`,
      `${FILE}:15 runs[0].messages[2].to: "you" is neither "team" nor a seat of hidden-profile in its manipulation version (Kai, Rosa)`,
    ]);
    // The alone version has no one to write to.
    expect(problemsOf(good.replace('version: manipulation', 'version: alone'))[0]).toMatch(/:11 runs\[0\]\.messages\[0\]\.to: "Rosa" is neither "team" nor a seat of hidden-profile in its alone version/);
  });

  it('names a task that does not exist, a file named for another task, a repeated id, a missing expect and bad YAML', () => {
    expect(problemsOf(good.replace('task: hidden-profile', 'task: hiden-profile'))).toEqual([
      `${FILE}:1 task: no task of this pack has the id "hiden-profile" (tasks: hidden-profile)`,
    ]);
    const other = loadVerdictTests(good, FILE, new Map([...tasks, ['campsite', { ...shape, id: 'campsite' }]]), 'campsite');
    expect(other.ok ? [] : other.problems.map(formatVerdictProblem)).toEqual([`${FILE}:1 task: the file names task "hidden-profile", but it is the file of "campsite" (its name)`]);
    const twice = good + good.slice(good.indexOf('  - id:'));
    expect(problemsOf(twice)).toEqual([`${FILE}:15 runs[1].id: the id "asks-then-west" is also used by runs[0]`]);
    expect(problemsOf(good.replace('    expect: pass\n', ''))).toEqual([`${FILE}:5 runs[0].expect: expected pass or fail`]);
    expect(problemsOf('task: [unclosed')[0]).toMatch(/^studies\/x\/verdict-tests\/hidden-profile\.yaml:1 \(file\): not valid YAML/);
    expect(problemsOf('task: hidden-profile\nruns: []\n')).toEqual([`${FILE}:2 runs: an empty file: write at least one run`]);
  });
});
