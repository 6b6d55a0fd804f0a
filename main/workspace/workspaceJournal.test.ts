import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import { makeTempDir } from '../testing/tempDir.js';
import { createSessionWorkspace, hashContent } from './sessionWorkspace.js';
import { FILE_CONTENT, hashFiles, WORKSPACE_CREATED, workspaceFilesFromLog } from './workspaceLog.js';
import { reopenWorkspaceFromLog, WorkspaceJournal } from './workspaceJournal.js';
import { rebuildWorkspace } from './rebuildWorkspace.js';

let tmp = makeTempDir();
let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  tmp.cleanup();
  tmp = makeTempDir();
});

const START = { 'stats.py': 'def mean(xs): ...\n', 'docs/README.md': 'Fix mean.\n' };

function setUp() {
  db = openDatabase(path.join(tmp.dir, 'j.db'));
  const log = new EventLog(db);
  const session = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P01' });
  const parent = path.join(tmp.dir, 'workspaces');
  fs.mkdirSync(parent);
  const root = path.join(fs.realpathSync(parent), session.id);
  log.append(session.id, WORKSPACE_CREATED, { root, hashes_before: hashFiles(START), files: START });
  const created = createSessionWorkspace(parent, session.id, START);
  if (!created.ok) throw new Error(created.error.message);
  const journal = new WorkspaceJournal(log, session.id, created.value, START);
  return { log, session, root, journal };
}

const edited = (path: string) => (w: { path: string; before_sha256: string | null; after_sha256: string }) => [
  { kind: 'file_edited', payload: { type: 'file_edited', seat: 'you', path: w.path, before: w.before_sha256, after: w.after_sha256, _p: path } },
];

describe('WorkspaceJournal', () => {
  it('commits the content and the edit events together, before the file changes', () => {
    const { log, session, root, journal } = setUp();
    const done = journal.write('./stats.py', 'def mean(xs): return 1\n', edited('stats.py'));
    expect(done.ok && done.value.diskError).toBe(null);
    const stored = log.replay(session.id);
    expect(stored.map((e) => e.kind)).toEqual([WORKSPACE_CREATED, FILE_CONTENT, 'file_edited']);
    expect(stored[1]!.payload).toEqual({ path: 'stats.py', sha256: hashContent('def mean(xs): return 1\n'), content: 'def mean(xs): return 1\n' });
    expect(stored[2]!.payload).toMatchObject({ before: hashContent(START['stats.py']), after: hashContent('def mean(xs): return 1\n') });
    expect(fs.readFileSync(path.join(root, 'stats.py'), 'utf8')).toBe('def mean(xs): return 1\n');
    expect(workspaceFilesFromLog(stored)).toEqual({ ...START, 'stats.py': 'def mean(xs): return 1\n' });
  });

  it('leaves the file untouched when the edit cannot be recorded', () => {
    const { root, journal } = setUp();
    db!.close(); // the log refuses every write from now on
    expect(() => journal.write('stats.py', 'lost\n', edited('stats.py'))).toThrow();
    expect(fs.readFileSync(path.join(root, 'stats.py'), 'utf8')).toBe(START['stats.py']);
    expect(fs.existsSync(path.join(root, 'new.py'))).toBe(false);
    db = undefined;
  });

  it('records nothing for a write it refuses (a path out of the workspace)', () => {
    const { log, session, journal } = setUp();
    expect(journal.write('../escape.py', 'x', edited('x')).ok).toBe(false);
    expect(log.replay(session.id)).toHaveLength(1);
  });
});

describe('rebuildWorkspace', () => {
  it('replaces whatever the log does not explain: extra, changed, truncated and missing files, links and leftovers', () => {
    const { log, session, root, journal } = setUp();
    journal.write('src/new.py', 'NEW = 1\n', edited('src/new.py'));
    fs.writeFileSync(path.join(root, 'stats.py'), ''); // truncated by a crash of the old writer
    fs.rmSync(path.join(root, 'src/new.py'));
    fs.writeFileSync(path.join(root, 'planted.txt'), 'no event explains me');
    fs.mkdirSync(path.join(root, 'empty/deeper'), { recursive: true });
    fs.writeFileSync(path.join(root, 'docs/.teamseat-tmp-abc'), 'half');
    fs.symlinkSync('/etc/passwd', path.join(root, 'docs/link'));

    const files = workspaceFilesFromLog(log.replay(session.id))!;
    const report = rebuildWorkspace(root, files);
    expect(report.ok && report.value).toEqual({ rewritten: ['src/new.py', 'stats.py'], removed: ['docs/.teamseat-tmp-abc', 'docs/link', 'empty', 'planted.txt'] });
    const walk = (rel: string): string[] =>
      fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(rel, e.name)) : [path.join(rel, e.name)]));
    expect(walk('').sort()).toEqual(['docs/README.md', 'src/new.py', 'stats.py']);
    for (const [p, text] of Object.entries(files)) expect(fs.readFileSync(path.join(root, p), 'utf8')).toBe(text);
  });

  it('recreates a workspace folder that is gone, on reopen from the log', () => {
    const { log, session, root, journal } = setUp();
    journal.write('stats.py', 'v2\n', edited('stats.py'));
    fs.rmSync(root, { recursive: true });
    const stored = log.replay(session.id);
    const reopened = reopenWorkspaceFromLog({ root, hashes_before: hashFiles(START), files: START }, stored);
    expect(reopened.ok && reopened.value.files).toEqual({ ...START, 'stats.py': 'v2\n' });
    expect(fs.readFileSync(path.join(root, 'stats.py'), 'utf8')).toBe('v2\n');
  });
});
