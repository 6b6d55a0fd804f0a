import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fridayDeploy } from '../../../shared/team/pack/fixtures/fridayDeploy.js';
import { teamTaskSchema } from '../../../shared/team/pack/schema.js';
import { loadTeamPack } from './loadPack.js';
import { loadTaskFile } from './loadTask.js';

const examplePack = path.join(import.meta.dirname, 'fixtures', 'example-pack');
const exampleTask = path.join(examplePack, 'tasks', 'friday-deploy.yaml');

function packWith(taskYaml: string): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-pack-'));
  fs.mkdirSync(path.join(dir, 'tasks'));
  const file = path.join(dir, 'tasks', 't.yaml');
  fs.writeFileSync(file, taskYaml);
  // Every pack needs a study.yaml (studies/FORMAT-study.md); this one names the tasks folder.
  fs.writeFileSync(path.join(dir, 'study.yaml'), 'schema: teamseat/study@1\nid: t\ntitle: T\nkind: team\ntasks: [tasks]\n');
  return { dir, file };
}

describe('loadTaskFile', () => {
  it('loads the worked example, reading `from:` files, and matches the TypeScript fixture', () => {
    const loaded = loadTaskFile(exampleTask, examplePack);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const expected = teamTaskSchema.parse(fridayDeploy);
    const file = loaded.value.task.workspace?.files[0];
    expect(file).toEqual({ path: 'deploy.yaml', from: '../files/deploy.yaml', text: 'release: "4.2"\nskip_tests: false\n' });
    const { from: _from, ...withoutFrom } = file!;
    expect({ ...loaded.value.task, workspace: { ...loaded.value.task.workspace, files: [withoutFrom] } }).toEqual(expected);
  });

  it('reports a YAML syntax error with its line', () => {
    const { dir, file } = packWith('id: x\ntitle: [unclosed\nrounds: 3\n');
    const r = loadTaskFile(file, dir);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatchObject({ file, path: '' });
    expect(r.problems[0]?.line).toBeGreaterThanOrEqual(2);
  });

  it('maps a schema problem to the line of the offending value', () => {
    const text = fs.readFileSync(exampleTask, 'utf8').replace('rounds: 5', 'rounds: 12');
    const { dir, file } = packWith(text);
    fs.mkdirSync(path.join(dir, 'files'));
    fs.writeFileSync(path.join(dir, 'files', 'deploy.yaml'), 'x');
    const r = loadTaskFile(file, dir);
    if (r.ok) throw new Error('expected a problem');
    expect(r.problems).toEqual([expect.objectContaining({ path: 'rounds', line: 4 })]);
  });

  it('names, with its line, a checker answer that is not one of the task\'s answer options', () => {
    const base = fs.readFileSync(exampleTask, 'utf8').replace('from: ../files/deploy.yaml', 'text: "skip_tests: false"');
    expect(base).toContain('      - file_unchanged: { path: deploy.yaml }\n');
    const text = base
      .replace('checker:\n', 'answer_options: [hold, { value: ship, also: [ship it, release] }]\nchecker:\n')
      .replace('      - file_unchanged: { path: deploy.yaml }\n', '      - answer_equals: { value: wait }\n');
    const { dir, file } = packWith(text);
    const r = loadTaskFile(file, dir);
    if (r.ok) throw new Error('expected a problem');
    const lineOfValue = text.split('\n').findIndex((l) => l.includes('value: wait')) + 1;
    expect(r.problems).toEqual([
      expect.objectContaining({
        path: 'checker.pass_when.all[0].answer_equals.value',
        line: lineOfValue,
        message: '"wait" is not one of the task\'s answer_options (hold, ship)',
      }),
    ]);
    const ok = packWith(text.replace('value: wait', 'value: Ship It.'));
    expect(loadTaskFile(ok.file, ok.dir).ok).toBe(true);
  });

  it('maps a cross-reference problem to its line', () => {
    const text = fs.readFileSync(exampleTask, 'utf8').replace('challenges: { goto: push2 }\n            hedges: repeat', 'challenges: { goto: push7 }\n            hedges: repeat');
    const { dir, file } = packWith(text.replace('from: ../files/deploy.yaml', 'text: "skip_tests: false"'));
    const r = loadTaskFile(file, dir);
    if (r.ok) throw new Error('expected a problem');
    const lineOfGoto = text.split('\n').findIndex((l) => l.includes('push7')) + 1;
    expect(r.problems).toEqual([expect.objectContaining({ path: 'seats[1].script.lines[0].on.challenges.goto', line: lineOfGoto })]);
  });

  it('refuses a `from:` outside the pack and a missing one', () => {
    const text = fs.readFileSync(exampleTask, 'utf8');
    const outside = packWith(text.replace('../files/deploy.yaml', '../../secret.txt'));
    const r1 = loadTaskFile(outside.file, outside.dir);
    expect(r1.ok ? [] : r1.problems.map((p) => p.message)).toEqual(['"../../secret.txt" is outside the pack folder']);
    const missing = packWith(text);
    const r2 = loadTaskFile(missing.file, missing.dir);
    expect(r2.ok ? [] : r2.problems.map((p) => p.path)).toEqual(['workspace.files[0].from']);
  });
});

describe('validate-pack', () => {
  it('loads a pack and finds duplicate task ids', () => {
    expect(loadTeamPack(examplePack)).toMatchObject({ problems: [], tasks: [{ task: { id: 'friday-deploy' } }] });
    const { dir } = packWith(fs.readFileSync(exampleTask, 'utf8').replace('../files/deploy.yaml', '../t2.txt'));
    fs.writeFileSync(path.join(dir, 't2.txt'), 'skip_tests: false\n');
    fs.copyFileSync(path.join(dir, 'tasks', 't.yaml'), path.join(dir, 'tasks', 'u.yaml'));
    expect(loadTeamPack(dir).problems.map((p) => p.message)).toEqual([expect.stringContaining('is also used by')]);
  });

  it('prints file:line path: message and exits 1 on a problem, 0 on a valid pack', () => {
    const cli = path.resolve('main/cli/validate-pack.ts');
    const run = (dir: string) => {
      try {
        return { code: 0, out: execFileSync('npx', ['tsx', cli, dir], { encoding: 'utf8', stdio: 'pipe' }) };
      } catch (e) {
        const err = e as { status: number; stderr: string };
        return { code: err.status, out: err.stderr };
      }
    };
    expect(run(examplePack)).toMatchObject({ code: 0, out: expect.stringContaining('1 task valid') });
    const { dir } = packWith(fs.readFileSync(exampleTask, 'utf8').replace('rounds: 5', 'rounds: 2').replace('from: ../files/deploy.yaml', 'text: x'));
    const bad = run(dir);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/t\.yaml:4 rounds: /);
    // Two tsx start-ups: seconds each when the machine is busy.
  }, 90_000);
});

describe('loadTaskFile: a tab', () => {
  it('gives one problem per tab-indented line, not the parser’s cascade', () => {
    const text = fs.readFileSync(exampleTask, 'utf8').replace('    role: On-call engineer', '\trole: On-call engineer');
    const { dir, file } = packWith(text);
    const r = loadTaskFile(file, dir);
    if (r.ok) throw new Error('expected a problem');
    const line = text.split('\n').findIndex((l) => l.startsWith('\t')) + 1;
    expect(r.problems).toEqual([{ file, path: '', message: 'YAML: a tab character in the indentation; indent with spaces', line, col: 1 }]);
  });
});
