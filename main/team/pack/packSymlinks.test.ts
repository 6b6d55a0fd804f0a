import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/tempDir.js';
import { loadTaskFile } from './loadTask.js';
import { loadTeamPack } from './loadPack.js';
import { loadLabellingSet } from '../../labelling/studySet.js';

// Packs are checked by the real path of every file they name (links followed), not by the path text: a link
// inside the pack that leads to the judge key must never be copied into a workspace or an export.
const examplePack = path.join(import.meta.dirname, 'fixtures', 'example-pack');
const exampleTask = fs.readFileSync(path.join(examplePack, 'tasks', 'friday-deploy.yaml'), 'utf8');
const SECRET = '{"judge_api_key":"sk-secret"}';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

/** A data dir with secrets.json beside a pack folder, as in <data dir>/studies/<pack>. */
function packBesideSecrets() {
  fs.writeFileSync(path.join(tmp.dir, 'secrets.json'), SECRET);
  const pack = path.join(tmp.dir, 'studies', 'evil');
  fs.mkdirSync(path.join(pack, 'tasks'), { recursive: true });
  fs.mkdirSync(path.join(pack, 'files'));
  const task = path.join(pack, 'tasks', 't.yaml');
  fs.writeFileSync(task, exampleTask.replace('../files/deploy.yaml', '../files/config.txt'));
  return { pack, task };
}

describe('pack files behind links', () => {
  it('refuses a workspace file that is a link out of the pack, naming the file and field', () => {
    const { pack, task } = packBesideSecrets();
    fs.symlinkSync('../../../secrets.json', path.join(pack, 'files', 'config.txt'));
    const r = loadTaskFile(task, pack);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      expect.objectContaining({ file: task, path: 'workspace.files[0].from', message: expect.stringContaining('"../files/config.txt" is a link that leads outside the pack folder') }),
    ]);
    expect(JSON.stringify(r.problems)).not.toContain('sk-secret');
  });

  it('refuses a link to a folder out of the pack, and a dangling link', () => {
    const { pack, task } = packBesideSecrets();
    fs.rmdirSync(path.join(pack, 'files'));
    fs.symlinkSync(tmp.dir, path.join(pack, 'files'));
    fs.writeFileSync(task, exampleTask.replace('../files/deploy.yaml', '../files/secrets.json'));
    const viaFolder = loadTaskFile(task, pack);
    expect(viaFolder.ok ? '' : viaFolder.problems[0]!.message).toContain('leads outside the pack folder');
    fs.rmSync(path.join(pack, 'files'));
    fs.mkdirSync(path.join(pack, 'files'));
    fs.symlinkSync('nowhere.txt', path.join(pack, 'files', 'secrets.json'));
    const dangling = loadTaskFile(task, pack);
    expect(dangling.ok ? '' : dangling.problems[0]!.message).toContain('points nowhere');
  });

  it('still reads a link that stays inside the pack', () => {
    const { pack, task } = packBesideSecrets();
    fs.writeFileSync(path.join(pack, 'files', 'real.txt'), 'skip_tests: false\n');
    fs.symlinkSync('real.txt', path.join(pack, 'files', 'config.txt'));
    const r = loadTaskFile(task, pack);
    expect(r.ok && r.value.task.workspace?.files[0]?.text).toBe('skip_tests: false\n');
  });

  it('refuses a study.yaml task entry that is a link out of the pack', () => {
    const { pack } = packBesideSecrets();
    const outsideTask = path.join(tmp.dir, 'elsewhere.yaml');
    fs.writeFileSync(outsideTask, exampleTask);
    fs.symlinkSync(outsideTask, path.join(pack, 'tasks', 'linked.yaml'));
    fs.writeFileSync(path.join(pack, 'study.yaml'), 'schema: teamseat/study@1\nid: evil\ntitle: Evil\nkind: team\ntasks: [tasks/linked.yaml]\n');
    const loaded = loadTeamPack(pack);
    expect(loaded.tasks).toEqual([]);
    expect(loaded.problems).toEqual([expect.objectContaining({ path: 'tasks[0]', message: expect.stringContaining('leads outside the pack folder') })]);
  });
});

describe('labelling item files behind links', () => {
  function study(practice: boolean) {
    const dir = path.join(tmp.dir, 'studies', 'labels');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.resolve('studies/judge-validation-demo/items.jsonl'), path.join(tmp.dir, 'outside-items.jsonl'));
    fs.copyFileSync(path.resolve('studies/judge-validation-demo/practice.jsonl'), path.join(tmp.dir, 'outside-practice.jsonl'));
    const manifest = fs.readFileSync(path.resolve('studies/judge-validation-demo/study.yaml'), 'utf8');
    fs.writeFileSync(path.join(dir, 'study.yaml'), practice ? manifest : manifest.replace(/^practice:.*$/m, ''));
    return dir;
  }

  it('refuses `items:` that is a link out of the study folder', () => {
    const dir = study(false);
    fs.symlinkSync('../../outside-items.jsonl', path.join(dir, 'items.jsonl'));
    const r = loadLabellingSet('user:labels', dir);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/labels\/study\.yaml at items: "items\.jsonl" is a link that leads outside the study folder/);
  });

  it('refuses `practice:` that is a link out of the study folder', () => {
    const dir = study(true);
    fs.copyFileSync(path.join(tmp.dir, 'outside-items.jsonl'), path.join(dir, 'items.jsonl'));
    fs.symlinkSync(path.join(tmp.dir, 'outside-practice.jsonl'), path.join(dir, 'practice.jsonl'));
    const r = loadLabellingSet('user:labels', dir);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/study\.yaml at practice: "practice\.jsonl" is a link that leads outside/);
    fs.rmSync(path.join(dir, 'practice.jsonl'));
    fs.copyFileSync(path.join(tmp.dir, 'outside-practice.jsonl'), path.join(dir, 'practice.jsonl'));
    expect(loadLabellingSet('user:labels', dir).ok).toBe(true);
  });
});
