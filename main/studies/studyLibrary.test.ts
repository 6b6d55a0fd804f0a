import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StudyLibrary } from './studyLibrary.js';
import { makeTempDir } from '../testing/tempDir.js';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

function write(rel: string, text: string) {
  const file = path.join(tmp.dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
const library = () => new StudyLibrary([{ dir: tmp.dir, origin: 'user' }]);
const demoTasks = path.resolve(import.meta.dirname, '../../studies/team-demo/tasks');
/** A real, valid team task from the demo pack, copied to `rel`. */
function copyTask(rel: string, demo: 'campsite-negotiation' | 'hidden-profile' | 'impossible-tests') {
  write(rel, fs.readFileSync(path.join(demoTasks, `${demo}.yaml`), 'utf8'));
}
const teamManifest = (tasks: string) =>
  `schema: teamseat/study@1\nid: pilot\ntitle: Pilot\nkind: team\ndescription: Two tasks\ntasks: ${tasks}\n`;

describe('StudyLibrary', () => {
  it('dirOf and open find a study exactly as list() shows it, for valid, broken and missing packs and keys that are not packs', () => {
    write('pilot/study.yaml', teamManifest('[tasks/a.yaml]'));
    copyTask('pilot/tasks/a.yaml', 'campsite-negotiation');
    write('broken/study.yaml', 'schema: teamseat/study@1\nid: b\n');
    write('nomanifest/readme.txt', 'x');
    write('schemas/study.schema.json', '{}');
    write('.hidden/study.yaml', teamManifest('[]'));
    write('afile', 'x');
    const lib = new StudyLibrary([
      { dir: tmp.dir, origin: 'user' },
      { dir: demoTasks, origin: 'built-in' },
    ]);
    const keys = ['user:pilot', 'user:broken', 'user:nomanifest', 'user:schemas', 'user:.hidden', 'user:afile', 'user:missing', 'built-in:pilot',
      'user:', 'pilot', 'user:../pilot', 'user:pilot/tasks', 'user:..'];
    const listed = new Map(lib.list().map((x) => [x.key, x]));
    for (const key of keys) {
      expect(lib.dirOf(key), key).toBe(listed.get(key)?.dir);
      const opened = lib.open(key);
      expect(opened && { ...opened, tasks: undefined, source: undefined }, key).toEqual(listed.get(key) && { ...listed.get(key), tasks: undefined, source: undefined });
    }
    expect(lib.dirOf('user:pilot')).toBe(path.join(tmp.dir, 'pilot'));
    expect(lib.open('user:pilot')?.tasks.map((t) => t.id)).toEqual(['campsite-negotiation']);
  });

  it('lists a valid team study with its kind and task count, and opens it with its tasks', () => {
    write('pilot/study.yaml', teamManifest('[tasks/a.yaml, tasks/b.yaml]'));
    copyTask('pilot/tasks/a.yaml', 'campsite-negotiation');
    copyTask('pilot/tasks/b.yaml', 'hidden-profile');
    const [study] = library().list();
    expect(study).toMatchObject({ key: 'user:pilot', id: 'pilot', kind: 'team', taskCount: 2, problems: [] });
    expect(library().open('user:pilot')?.tasks.map((t) => t.id)).toEqual(['campsite-negotiation', 'hidden-profile']);
  });

  it('marks a team or Slack pack without a protocol as a pilot-only task library, and the built-in ones as they are', () => {
    write('pilot/study.yaml', teamManifest('[tasks/a.yaml]'));
    copyTask('pilot/tasks/a.yaml', 'campsite-negotiation');
    expect(library().list()[0]).toMatchObject({ key: 'user:pilot', problems: [], pilotOnly: true });
    const builtIn = new StudyLibrary([{ dir: path.resolve(import.meta.dirname, '../../studies'), origin: 'built-in' }]).list();
    const pilotOnly = (key: string) => builtIn.find((s) => s.key === key)?.pilotOnly ?? false;
    expect(pilotOnly('built-in:team-library')).toBe(true);
    expect(pilotOnly('built-in:team-demo')).toBe(false);
    expect(pilotOnly('built-in:slack-demo')).toBe(false);
    // A labelling study is run with rater sessions, never a protocol: not a task library.
    expect(pilotOnly('built-in:judge-validation-demo')).toBe(false);
  });

  it('lists a pack with a typo in its manifest, naming file, line, field and what was expected', () => {
    write('typo/study.yaml', 'schema: teamseat/study@1\nid: typo\ntitle: Typo\nkind: taem\ntasks: [a.yaml]\n');
    const [study] = library().list();
    expect(study?.kind).toBeNull();
    expect(study?.problems).toEqual([
      expect.objectContaining({ file: 'typo/study.yaml', path: 'kind', line: 4, message: expect.stringMatching(/team.*slack.*labelling/) }),
    ]);
  });

  it('reports invalid YAML with its line, and keeps listing the other studies', () => {
    write('bad/study.yaml', 'schema: teamseat/study@1\ntitle: [unclosed\n');
    write('pilot/study.yaml', teamManifest('[a.yaml]'));
    copyTask('pilot/a.yaml', 'impossible-tests');
    const studies = library().list();
    expect(studies.map((s) => s.key)).toEqual(['user:bad', 'user:pilot']);
    expect(studies[0]?.problems[0]).toMatchObject({ file: 'bad/study.yaml', message: expect.stringMatching(/not valid YAML/) });
    expect(studies[0]?.problems[0]?.line).toBeGreaterThan(0);
    expect(studies[1]?.problems).toEqual([]);
  });

  it('names a task file that is missing and a task with a wrong field', () => {
    write('pilot/study.yaml', teamManifest('[tasks/missing.yaml, tasks/wrong.yaml]'));
    write('pilot/tasks/wrong.yaml', 'id: w\ntitle: 7\n');
    const problems = library().list()[0]?.problems;
    expect(problems?.[0]).toEqual({ file: 'pilot/tasks/missing.yaml', path: '', message: 'file not found or unreadable' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'pilot/tasks/wrong.yaml', path: 'title', line: 2 }),
        expect.objectContaining({ file: 'pilot/tasks/wrong.yaml', path: 'dimension' }),
      ]),
    );
  });

  it('reads labelling items line by line and names the line that is not JSON', () => {
    write('lab/study.yaml', 'schema: teamseat/study@1\nid: lab\ntitle: Lab\nkind: labelling\nitems: items.jsonl\n');
    const good = fs.readFileSync(path.join(import.meta.dirname, '../../studies/judge-validation-demo/items.jsonl'), 'utf8').split('\n')[0];
    write('lab/items.jsonl', `${good}\n{"id":"m2",\n`);
    const [study] = library().list();
    expect(study?.problems).toEqual([expect.objectContaining({ file: 'lab/items.jsonl', path: 'line 2', line: 2 })]);
    write('lab/items.jsonl', `${good}\n`);
    expect(library().list()[0]).toMatchObject({ taskCount: 1, problems: [] });
  });

  it('lists a folder without a study.yaml with that problem (as validate-pack does), skipping only schemas/', () => {
    write('notes/readme.txt', 'hello');
    write('schemas/study.schema.json', '{}');
    expect(library().list()).toEqual([
      expect.objectContaining({
        key: 'user:notes',
        kind: null,
        problems: [{ file: 'notes/study.yaml', path: '', message: expect.stringMatching(/^no study.yaml/) }],
      }),
    ]);
  });

  it('keeps a pack’s check only while its files stay the same (one library, edited packs)', () => {
    write('pilot/study.yaml', teamManifest('[tasks/a.yaml]'));
    copyTask('pilot/tasks/a.yaml', 'campsite-negotiation');
    write('chat/study.yaml', 'schema: teamseat/study@1\nid: chat\ntitle: Chat\nkind: slack\nexport: export\nqueries: queries.yaml\n');
    write('chat/export/channels.json', '[]');
    write('chat/queries.yaml', 'queries:\n  - { id: q1, category: HA, query: Who?, reference: Nobody says. }\n');
    const lib = library();
    expect(lib.list().map((s) => s.problems)).toEqual([[], []]);
    const task = path.join(tmp.dir, 'pilot/tasks/a.yaml');
    const good = fs.readFileSync(task, 'utf8');
    fs.writeFileSync(task, good.replace('rounds: 6', 'rounds: 60'));
    write('chat/queries.yaml', 'queries:\n  - { id: q1, category: XX, query: Who?, reference: Nobody says. }\n');
    const [chat, pilot] = lib.list();
    expect(chat?.problems).toEqual([expect.objectContaining({ file: 'chat/queries.yaml', path: 'queries[0].category' })]);
    expect(pilot?.problems).toEqual([expect.objectContaining({ file: 'pilot/tasks/a.yaml', path: 'rounds' })]);
    fs.writeFileSync(task, good);
    expect(lib.list()[1]?.problems).toEqual([]);
  });

  it('ignores a root that does not exist', () => {
    expect(new StudyLibrary([{ dir: path.join(tmp.dir, 'nope'), origin: 'user' }]).list()).toEqual([]);
  });
});
