import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_FILE_BYTES,
  createSessionWorkspace,
  listWorkspaceFiles,
  openSessionWorkspace,
  readWorkspaceFile,
  sandboxExport,
  writeWorkspaceFile,
} from './sessionWorkspace.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const taskFiles = {
  'stats.py': 'def mean(xs):\n    return sum(xs) / len(xs)\n',
  'docs/README.md': '# Stats\n',
  'data/é.txt': 'naïve café\n',
};

let parent: string;

beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-ws-'));
});

afterEach(() => {
  fs.rmSync(parent, { recursive: true, force: true });
});

describe('createSessionWorkspace', () => {
  it('copies the task files to disk and records their hashes before the session starts', () => {
    const created = createSessionWorkspace(parent, 'session-1', taskFiles);
    if (!created.ok) throw new Error(created.error.message);
    const ws = created.value;
    expect(ws.root).toBe(fs.realpathSync(path.join(parent, 'session-1')));
    expect(fs.readFileSync(path.join(ws.root, 'docs', 'README.md'), 'utf8')).toBe('# Stats\n');
    expect(ws.hashesBefore).toEqual(
      Object.fromEntries(Object.entries(taskFiles).map(([p, c]) => [p, sha256(c)])),
    );
    expect(listWorkspaceFiles(ws.root)).toEqual(['data/é.txt', 'docs/README.md', 'stats.py']);
  });

  it('never reuses an existing folder', () => {
    expect(createSessionWorkspace(parent, 'same', taskFiles).ok).toBe(true);
    const again = createSessionWorkspace(parent, 'same', taskFiles);
    expect(again.ok ? null : again.error.code).toBe('conflict');
  });

  it('refuses a task file that would land outside, and leaves no half-made folder', () => {
    const bad = createSessionWorkspace(parent, 's2', { 'ok.py': '', '../escape.py': 'x' });
    expect(bad.ok ? null : bad.error.code).toBe('invalid_pack');
    expect(bad.ok ? '' : bad.error.message).toContain('../escape.py');
    expect(fs.existsSync(path.join(parent, 's2'))).toBe(false);
    expect(fs.existsSync(path.join(parent, 'escape.py'))).toBe(false);
  });

  it('refuses folder names that are paths', () => {
    expect(createSessionWorkspace(parent, '../up', {}).ok).toBe(false);
    expect(createSessionWorkspace(parent, 'a/b', {}).ok).toBe(false);
  });
});

describe('reading and writing', () => {
  it('reports hashes before and after a whole-file write, and null before for a new file', () => {
    const ws = createSessionWorkspace(parent, 's', taskFiles);
    if (!ws.ok) throw new Error(ws.error.message);
    const root = ws.value.root;
    const next = 'def mean(xs):\n    return sum(xs) / len(xs) if xs else 0.0\n';
    expect(writeWorkspaceFile(root, 'stats.py', next)).toEqual({
      ok: true,
      value: {
        path: 'stats.py',
        before_sha256: sha256(taskFiles['stats.py']),
        after_sha256: sha256(next),
        bytes: Buffer.byteLength(next),
      },
    });
    const created = writeWorkspaceFile(root, './pkg/new/mod.py', 'X = 1\n');
    expect(created.ok && created.value.before_sha256).toBeNull();
    expect(created.ok && created.value.path).toBe('pkg/new/mod.py');
    expect(readWorkspaceFile(root, 'pkg/new/mod.py')).toEqual({ ok: true, value: 'X = 1\n' });
  });

  it('explains missing files, folders and oversized content', () => {
    const ws = createSessionWorkspace(parent, 's', taskFiles);
    if (!ws.ok) throw new Error(ws.error.message);
    const root = ws.value.root;
    const missing = readWorkspaceFile(root, 'nope.py');
    expect(missing.ok ? null : missing.error.code).toBe('not_found');
    expect(readWorkspaceFile(root, 'docs').ok).toBe(false);
    expect(writeWorkspaceFile(root, 'docs', 'x').ok).toBe(false);
    expect(writeWorkspaceFile(root, '', 'x').ok).toBe(false);
    expect(writeWorkspaceFile(root, 'big.txt', 'x'.repeat(MAX_FILE_BYTES + 1)).ok).toBe(false);
    fs.writeFileSync(path.join(root, 'huge.bin'), Buffer.alloc(MAX_FILE_BYTES + 1));
    expect(readWorkspaceFile(root, 'huge.bin').ok).toBe(false);
  });

  it('lists only real files, not links', () => {
    const ws = createSessionWorkspace(parent, 's', taskFiles);
    if (!ws.ok) throw new Error(ws.error.message);
    fs.symlinkSync('/etc/passwd', path.join(ws.value.root, 'passwd'));
    fs.symlinkSync('/etc', path.join(ws.value.root, 'etc'));
    expect(listWorkspaceFiles(ws.value.root)).toEqual(['data/é.txt', 'docs/README.md', 'stats.py']);
  });
});

describe('sandboxExport', () => {
  it('keeps the starting hashes and reports the final files and hashes from disk', () => {
    const ws = createSessionWorkspace(parent, 's', taskFiles);
    if (!ws.ok) throw new Error(ws.error.message);
    writeWorkspaceFile(ws.value.root, 'stats.py', 'changed\n');
    writeWorkspaceFile(ws.value.root, 'notes.txt', 'n\n');
    const reopened = openSessionWorkspace(path.join(parent, 's'), ws.value.hashesBefore);
    if (!reopened.ok) throw new Error(reopened.error.message);
    const sandbox = sandboxExport(reopened.value);
    expect(sandbox.hashes_before['stats.py']).toBe(sha256(taskFiles['stats.py']));
    expect(sandbox.final_hashes['stats.py']).toBe(sha256('changed\n'));
    expect(sandbox.final_files).toEqual({ ...taskFiles, 'stats.py': 'changed\n', 'notes.txt': 'n\n' });
    expect(Object.keys(sandbox.final_hashes).sort()).toEqual(Object.keys(sandbox.final_files).sort());
  });

  it('cannot reopen a folder that is gone', () => {
    expect(openSessionWorkspace(path.join(parent, 'gone'), {}).ok).toBe(false);
  });
});
