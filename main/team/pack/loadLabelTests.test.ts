import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTeamPack } from './loadPack.js';
import { loadLabelTests, strayLabelTests } from './loadLabelTests.js';
import { formatLocated } from './loadTask.js';

const BASE = path.join(import.meta.dirname, 'fixtures', 'lint', 'base');
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of the linter's base pack with one label test set file written into label-tests/. */
function packWith(setText: string | null, name = 'lint-base.yaml'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'label-tests-'));
  made.push(dir);
  fs.cpSync(BASE, dir, { recursive: true });
  if (setText !== null) {
    fs.mkdirSync(path.join(dir, 'label-tests'));
    fs.writeFileSync(path.join(dir, 'label-tests', name), setText);
  }
  return dir;
}

function problemsOf(dir: string): string[] {
  const pack = loadTeamPack(dir);
  const task = pack.tasks[0]!;
  return loadLabelTests(dir, task, (f) => path.relative(dir, f)).problems.map(formatLocated);
}

const good = `task: lint-base
written_by: a tester who never read the rules
held_out:
  - { text: "no, we hold until CI is green", label: challenges, after: push }
train:
  - { text: "fine by me", label: other, to: Dana }
`;

describe('label test sets: loading', () => {
  it('loads a set that agrees with its task', () => {
    const dir = packWith(good);
    const loaded = loadLabelTests(dir, loadTeamPack(dir).tasks[0]!);
    expect(loaded.problems).toEqual([]);
    expect(loaded.set).toMatchObject({ written_by: 'a tester who never read the rules', held_out: [{ label: 'challenges', after: 'push' }] });
  });

  it('a task without a set is no problem (it is reported as not validated)', () => {
    const dir = packWith(null);
    expect(loadLabelTests(dir, loadTeamPack(dir).tasks[0]!)).toEqual({ file: null, set: null, problems: [] });
  });

  it('names the file, line and path of a label that is not one of the task\'s labels', () => {
    expect(problemsOf(packWith(good.replace('label: other', 'label: complies')))).toEqual([
      'label-tests/lint-base.yaml:6 train[0].label: "complies" is not one of the task\'s labels (challenges, other)',
    ]);
  });

  it('an unknown scripted line and an unknown recipient', () => {
    expect(problemsOf(packWith(good.replace('after: push', 'after: nudge').replace('to: Dana', 'to: Dan')))).toEqual([
      'label-tests/lint-base.yaml:4 held_out[0].after: "nudge" is not a scripted line or environment event of any version of lint-base',
      'label-tests/lint-base.yaml:6 train[0].to: "Dan" is neither "team" nor a seat of lint-base (you, CI, Dana)',
    ]);
  });

  it('an empty half and a missing half', () => {
    expect(problemsOf(packWith(good.replace(/held_out:\n.*\n/, 'held_out: []\n')))).toEqual([
      'label-tests/lint-base.yaml:3 held_out: an empty held_out half: write at least one message',
    ]);
    expect(problemsOf(packWith(good.replace(/train:\n.*\n/, '')))).toEqual([
      'label-tests/lint-base.yaml:1 train: missing: a label test set has two halves, held_out and train; train is absent',
    ]);
  });

  it('a set that names another task, and a set file no task owns', () => {
    expect(problemsOf(packWith(good.replace('task: lint-base', 'task: lint-bse')))).toEqual([
      'label-tests/lint-base.yaml:1 task: the set names task "lint-bse", but it is the set of "lint-base" (its file name)',
    ]);
    const dir = packWith(good, 'lint-bse.yaml');
    expect(strayLabelTests(dir, ['lint-base'], (f) => path.relative(dir, f)).map(formatLocated)).toEqual([
      'label-tests/lint-bse.yaml (file): no task of this pack has the id "lint-bse" (a set is label-tests/<task id>.yaml)',
    ]);
  });

  it('reads later training batches as train, names a problem inside one by its own path, and lets `after` name an environment event', () => {
    const more = `${good}train_more:
  - written_by: a second writer who never read the rules
    messages:
      - { text: "CI is red, we wait", label: challenges, after: red }
      - { text: "k", label: other }
`;
    const loaded = loadLabelTests(packWith(more), loadTeamPack(packWith(more)).tasks[0]!);
    expect(loaded.problems).toEqual([]);
    expect(loaded.set?.train.map((m) => m.text)).toEqual(['fine by me', 'CI is red, we wait', 'k']);
    expect(loaded.set?.held_out).toHaveLength(1);
    expect(problemsOf(packWith(more.replace('label: other }', 'label: complies }')))).toEqual([
      'label-tests/lint-base.yaml:11 train_more[0].messages[1].label: "complies" is not one of the task\'s labels (challenges, other)',
    ]);
  });
});
