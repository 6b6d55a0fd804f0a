import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseWorkspacePath, resolveInside } from './paths.js';
import { readWorkspaceFile, writeWorkspaceFile } from './sessionWorkspace.js';

let root: string;
let outside: string;

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-paths-')));
  outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-outside-')));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'a.py'), 'x = 1\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('resolveInside', () => {
  it('resolves ordinary paths, existing or not, inside the root', () => {
    expect(resolveInside(root, 'src/a.py')).toEqual({ ok: true, value: path.join(root, 'src', 'a.py') });
    expect(resolveInside(root, './src//new/b.py')).toEqual({
      ok: true,
      value: path.join(root, 'src', 'new', 'b.py'),
    });
    expect(resolveInside(root, '')).toEqual({ ok: true, value: root });
  });

  it.each([
    ['../../etc/passwd', '..'],
    ['a/../../x', '..'],
    ['src/../a.py', '..'],
    ['/etc/passwd', 'absolute'],
    ['C:/Windows/win.ini', 'absolute'],
    ['src\\..\\..\\x', 'backslash'],
    ['src/a.py\0.txt', 'NUL'],
  ])('rejects %j', (bad, reason) => {
    const result = resolveInside(root, bad);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('bad_request');
      expect(result.error.message).toContain(reason);
    }
  });

  it('rejects non-strings and very long paths', () => {
    expect(resolveInside(root, 42).ok).toBe(false);
    expect(resolveInside(root, 'a/'.repeat(600)).ok).toBe(false);
  });

  it('rejects a symlink to /etc created inside the root, and anything under it', () => {
    fs.symlinkSync('/etc', path.join(root, 'etc-link'));
    for (const p of ['etc-link', 'etc-link/passwd', 'etc-link/not-there/x']) {
      const result = resolveInside(root, p);
      expect(result.ok, p).toBe(false);
      if (!result.ok) expect(result.error.message).toContain('outside the workspace');
    }
    expect(readWorkspaceFile(root, 'etc-link/passwd').ok).toBe(false);
  });

  it('refuses to read or write through a linked folder that points out', () => {
    fs.symlinkSync(outside, path.join(root, 'out'));
    expect(readWorkspaceFile(root, 'out/secret.txt').ok).toBe(false);
    expect(writeWorkspaceFile(root, 'out/secret.txt', 'changed').ok).toBe(false);
    expect(writeWorkspaceFile(root, 'out/new.txt', 'planted').ok).toBe(false);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(fs.existsSync(path.join(outside, 'new.txt'))).toBe(false);
  });

  it('refuses a dangling link, which a write would otherwise follow out of the root', () => {
    const target = path.join(outside, 'created-by-write.txt');
    fs.symlinkSync(target, path.join(root, 'dangling.txt'));
    const result = writeWorkspaceFile(root, 'dangling.txt', 'planted');
    expect(result.ok).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('allows a link that stays inside the root, resolved to its real place', () => {
    fs.symlinkSync(path.join(root, 'src'), path.join(root, 'alias'));
    expect(resolveInside(root, 'alias/a.py')).toEqual({ ok: true, value: path.join(root, 'src', 'a.py') });
  });
});

describe('normaliseWorkspacePath', () => {
  it('gives the clean relative form', () => {
    expect(normaliseWorkspacePath('./src//a.py')).toEqual({ ok: true, value: 'src/a.py' });
    expect(normaliseWorkspacePath('../x').ok).toBe(false);
  });
});
