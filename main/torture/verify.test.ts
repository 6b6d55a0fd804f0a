import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskVsLog, type StoredEvent } from './verify.js';
import { sha256 } from './drivers.js';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const events = (r: string): StoredEvent[] => [
  {
    seq: 1,
    kind: 'workspace_created',
    payload: { root: r, hashes_before: { 'a.py': sha256('one'), 'b.py': sha256('two') } },
  },
  { seq: 2, kind: 'file_edited', payload: { path: 'a.py', before: sha256('one'), after: sha256('three') } },
];

describe('the torture run’s disk-vs-log check', () => {
  it('agrees when every file holds what its last event says', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'torture-verify-'));
    fs.writeFileSync(path.join(root, 'a.py'), 'three');
    fs.writeFileSync(path.join(root, 'b.py'), 'two');
    expect(diskVsLog(events(root), 's')).toEqual([]);
  });

  it('reports a stale file, a missing one and one no event explains', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'torture-verify-'));
    fs.writeFileSync(path.join(root, 'a.py'), 'one');
    fs.mkdirSync(path.join(root, 'tmp'));
    fs.writeFileSync(path.join(root, 'tmp', '.a.py.partial'), '');
    expect(diskVsLog(events(root), 's')).toEqual([
      's: a.py on disk differs from the log',
      's: b.py is in the log but not on disk',
      's: tmp/.a.py.partial is on disk but no event explains it',
    ]);
  });
});
