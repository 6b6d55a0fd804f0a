import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import { makeTempDir } from '../testing/tempDir.js';
import { createSessionWorkspace, hashContent, listWorkspaceFiles } from './sessionWorkspace.js';
import { FILE_CONTENT, hashFiles, WORKSPACE_CREATED, workspaceFilesFromLog, type FileContent } from './workspaceLog.js';
import { rebuildWorkspace } from './rebuildWorkspace.js';

let tmp = makeTempDir();
let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  tmp.cleanup();
  tmp = makeTempDir();
});

const START = { 'stats.py': 'def mean(xs):\n    return sum(xs) / len(xs)\n', 'pkg/util.py': 'X = 1\n' };
const KILLS = 12;

/** Every file under root, following nothing, with its bytes (temp files included: they are part of "disk"). */
function diskFiles(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else out.set(child, fs.readFileSync(path.join(root, child)));
    }
  };
  walk('');
  return out;
}

/** Runs the editing child until it has acknowledged some edits, then kills it with SIGKILL at a random moment. */
async function editThenKill(file: string, sessionId: string, tag: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../testing/editForever.ts'), file, sessionId, tag], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let acknowledged = 0;
  let killing = false;
  const exited = new Promise((r) => child.once('exit', r));
  const target = 5 + Math.floor(Math.random() * 40);
  await new Promise<void>((resolve, reject) => {
    void exited.then((code) => {
      if (!killing) reject(new Error(`the editing child exited by itself (${String(code)})`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      acknowledged = Math.max(acknowledged, Number(chunk.toString().trim().split('\n').at(-1)));
      if (acknowledged >= target && !killing) {
        killing = true;
        // A random delay past the target, so the kill lands anywhere inside the next edits.
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, Math.random() * 15);
      }
    });
  });
  await exited;
  return acknowledged;
}

describe('workspace edits under kill -9', () => {
  it('records every edit before the file changes, never truncates a file, and a resume makes disk equal the log', async () => {
    const file = path.join(tmp.dir, 'crash.db');
    const parent = path.join(tmp.dir, 'workspaces');
    db = openDatabase(file);
    const log = new EventLog(db);
    const session = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P01' });
    fs.mkdirSync(parent);
    const root = path.join(fs.realpathSync(parent), session.id);
    log.append(session.id, WORKSPACE_CREATED, { root, hashes_before: hashFiles(START), files: START });
    expect(createSessionWorkspace(parent, session.id, START).ok).toBe(true);
    db.close();
    db = undefined;

    let disagreementsBeforeResume = 0;
    for (let k = 0; k < KILLS; k++) {
      const acknowledged = await editThenKill(file, session.id, `run${k}`);
      db = openDatabase(file);
      const stored = new EventLog(db).replay(session.id);
      db.close();
      db = undefined;
      // Nothing acknowledged is lost, and every content event is followed (same transaction) by its file_edited.
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged);
      stored.forEach((e, i) => {
        if (e.kind === FILE_CONTENT) expect(stored[i + 1]?.kind).toBe('file_edited');
      });
      const logFiles = workspaceFilesFromLog(stored)!;
      // Every version the log ever recorded, per path: what disk may legitimately hold right after a kill.
      const recorded = new Map<string, Set<string>>();
      for (const [p, text] of Object.entries(START)) recorded.set(p, new Set([hashContent(text)]));
      for (const e of stored) {
        if (e.kind !== FILE_CONTENT) continue;
        const c = e.payload as FileContent;
        if (!recorded.has(c.path)) recorded.set(c.path, new Set());
        recorded.get(c.path)!.add(c.sha256);
      }
      const before = diskFiles(root);
      for (const [p, bytes] of before) {
        if (p.split('/').at(-1)!.startsWith('.teamseat-tmp-')) continue; // a temp file a kill left; never read by tools
        expect(bytes.length, `${p} was truncated`).toBeGreaterThan(0);
        expect(recorded.get(p)?.has(hashContent(bytes)), `${p} holds content no event explains`).toBe(true);
        if (hashContent(bytes) !== hashContent(logFiles[p]!)) disagreementsBeforeResume++;
      }

      // The resume: disk is rebuilt from the log and then equals it exactly, file for file.
      const rebuilt = rebuildWorkspace(root, logFiles);
      expect(rebuilt.ok).toBe(true);
      const after = diskFiles(root);
      expect([...after.keys()].sort()).toEqual(Object.keys(logFiles).sort());
      expect(listWorkspaceFiles(root)).toEqual(Object.keys(logFiles).sort());
      for (const [p, text] of Object.entries(logFiles)) expect(after.get(p)?.toString('utf8'), p).toBe(text);
    }
    // At most the one edit in flight at each kill can be recorded but not yet on disk.
    expect(disagreementsBeforeResume).toBeLessThanOrEqual(KILLS);
  }, 240_000);
});
