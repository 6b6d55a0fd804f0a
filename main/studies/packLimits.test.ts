import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StudyLibrary } from './studyLibrary.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { makeTempDir } from '../testing/tempDir.js';
import { PACK_FILE_BYTES } from '../packs/readPackText.js';

// The library checks a pack by the same rules as the session loader: no task file behind a link out of the pack,
// and no pack file larger than the cap, refused by its size before it is read.

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

const demoTask = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../studies/team-demo/tasks', name), 'utf8');
const manifest = (tasks: string) => `schema: teamseat/study@1\nid: pilot\ntitle: Pilot\nkind: team\ndescription: Pilot\ntasks: ${tasks}\n`;

function pilot(tasks: string) {
  const dir = path.join(tmp.dir, 'studies', 'pilot');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'study.yaml'), manifest(tasks));
  fs.writeFileSync(path.join(dir, 'tasks', 'a.yaml'), demoTask('campsite-negotiation.yaml'));
  return dir;
}
const library = () => new StudyLibrary([{ dir: path.join(tmp.dir, 'studies'), origin: 'user' }]);
/** A file of `bytes` bytes that takes no room on disk (a sparse file): its size is what is checked. */
const sparse = (file: string, bytes: number) => {
  fs.writeFileSync(file, '');
  fs.truncateSync(file, bytes);
};

describe('the study library and the session loader, one rule', () => {
  it('refuses a tasks/x.yaml that links outside the pack, named by an entry or inside a listed folder', () => {
    const dir = pilot('[tasks/a.yaml, tasks/x.yaml]');
    fs.writeFileSync(path.join(tmp.dir, 'elsewhere.yaml'), demoTask('hidden-profile.yaml'));
    fs.symlinkSync('../../../elsewhere.yaml', path.join(dir, 'tasks', 'x.yaml'));
    const [byEntry] = library().list();
    expect(byEntry?.problems).toEqual([
      { file: 'pilot/study.yaml', path: 'tasks[1]', message: '"tasks/x.yaml" is a link that leads outside the pack folder; copy the file into the pack instead' },
    ]);
    expect(byEntry?.taskCount).toBe(1);

    fs.writeFileSync(path.join(dir, 'study.yaml'), manifest('[tasks]'));
    const [byFolder] = library().list();
    expect(byFolder?.problems).toEqual([
      { file: 'pilot/tasks/x.yaml', path: '', message: '"x.yaml" is a link that leads outside the pack folder; copy the file into the pack instead' },
    ]);
    const session = loadTeamPack(dir);
    expect(session.tasks.map((t) => t.task.id)).toEqual(['campsite-negotiation']);
    expect(session.problems).toEqual([{ file: path.join(dir, 'tasks', 'x.yaml'), path: '', message: expect.stringContaining('leads outside the pack folder') }]);
  });

  it('refuses a task file, a `from:` file and an item set past the cap, naming the file, its size and the cap', () => {
    const dir = pilot('[tasks/a.yaml, tasks/big.yaml]');
    sparse(path.join(dir, 'tasks', 'big.yaml'), 200 * 1024 * 1024);
    const cap = `more than a pack file may be (${PACK_FILE_BYTES / 1024 / 1024} MiB); not read`;
    expect(library().list()[0]?.problems).toEqual([
      { file: 'pilot/tasks/big.yaml', path: '', message: `the file is 200 MiB, ${cap}` },
    ]);
    expect(loadTeamPack(dir).problems).toEqual([
      { file: path.join(dir, 'tasks', 'big.yaml'), path: '', message: `the file is 200 MiB, ${cap}` },
    ]);

    // A workspace file the task reads with `from:`.
    fs.rmSync(path.join(dir, 'tasks', 'big.yaml'));
    fs.writeFileSync(path.join(dir, 'study.yaml'), manifest('[tasks/a.yaml, tasks/w.yaml]'));
    const example = path.resolve(import.meta.dirname, '../team/pack/fixtures/example-pack/tasks/friday-deploy.yaml');
    const withFrom = fs.readFileSync(example, 'utf8').replace('from: ../files/deploy.yaml', 'from: ../files/huge.yaml');
    fs.writeFileSync(path.join(dir, 'tasks', 'w.yaml'), withFrom);
    fs.mkdirSync(path.join(dir, 'files'));
    sparse(path.join(dir, 'files', 'huge.yaml'), PACK_FILE_BYTES + 1);
    const problems = library().list()[0]?.problems ?? [];
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'pilot/tasks/w.yaml',
      message: `"../files/huge.yaml": the file is ${PACK_FILE_BYTES + 1} bytes (16.0 MiB), ${cap}`,
    });

    // A labelling study's item set.
    const labels = path.join(tmp.dir, 'studies', 'labels');
    fs.mkdirSync(labels);
    fs.copyFileSync(path.resolve('studies/judge-validation-demo/study.yaml'), path.join(labels, 'study.yaml'));
    fs.copyFileSync(path.resolve('studies/judge-validation-demo/practice.jsonl'), path.join(labels, 'practice.jsonl'));
    sparse(path.join(labels, 'items.jsonl'), 300 * 1024 * 1024);
    const labelling = library().list().find((s) => s.key === 'user:labels');
    expect(labelling?.problems).toContainEqual({ file: 'labels/items.jsonl', path: '', message: `the file is 300 MiB, ${cap}` });
  });
});
