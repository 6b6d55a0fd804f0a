import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Duplex } from 'node:stream';
import { sandboxCommand } from './sandboxLaunch.js';
import { SANDBOX_SOURCE } from './sandboxSource.js';

/**
 * A memory snapshot of a freshly loaded interpreter (issue 25: the crowd's ceiling was interpreter loads, seconds
 * of one core each). Pyodide can restore one in a fraction of that time, so every sandbox after the first restores
 * this one instead of initialising Python again.
 *
 * Why it keeps the isolation the plain load has:
 * - It is made once per host process, in a sandbox process of its own that runs no participant code and no harness:
 *   the state restored is the state a plain load reaches, nothing that ran after it.
 * - It lives in a folder this process creates (0700, `mkdtemp`) and removes at exit; a sandbox may read that one
 *   file and nothing else of it. The maker is the only process allowed to write it.
 * - Each restored interpreter is its own process, as before; what one session's code changes never reaches the
 *   snapshot.
 * One difference, said plainly: values Python fixes at start-up (the string-hash seed) are the same in every
 * restored interpreter of a host process, where a plain load draws them anew.
 */
const FOLDER_PREFIX = 'teamseat-pyodide-';
const MAKE_TIMEOUT_MS = 120_000;

const made = new Map<string, Promise<string | null>>();
const ready = new Map<string, string>();

/** The snapshot file for this interpreter folder if it has been made; starts making it otherwise. */
export function snapshotIfReady(indexURL: string, jsHeapMb: number): string | null {
  const file = ready.get(indexURL);
  if (file) return file;
  void makeSnapshot(indexURL, jsHeapMb);
  return null;
}

/** Makes (once per interpreter folder and process) the snapshot; null when this Pyodide cannot make one. */
export function makeSnapshot(indexURL: string, jsHeapMb: number): Promise<string | null> {
  let pending = made.get(indexURL);
  if (!pending) {
    pending = make(indexURL, jsHeapMb).then((file) => {
      if (file) ready.set(indexURL, file);
      return file;
    });
    made.set(indexURL, pending);
  }
  return pending;
}

let folder: string | null = null;

function snapshotFolder(): string {
  if (folder) return folder;
  removeOrphans();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  const mine = folder;
  process.once('exit', () => fs.rmSync(mine, { recursive: true, force: true }));
  return folder;
}

/** Folders left by host processes that were killed (no exit handler ran): theirs is a dead pid. */
function removeOrphans(): void {
  let names: string[];
  try {
    names = fs.readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^teamseat-pyodide-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
    try {
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    } catch {
      // Another user's folder, or one being removed: not ours to insist on.
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function make(indexURL: string, jsHeapMb: number): Promise<string | null> {
  if (process.env.TEAMSEAT_PYODIDE_SNAPSHOT === 'off') return null;
  let file: string;
  try {
    file = path.join(snapshotFolder(), `${made.size}-interpreter.snapshot`);
  } catch {
    return null;
  }
  let launch;
  try {
    launch = sandboxCommand(SANDBOX_SOURCE, { indexURL, jsHeapMb, writeFile: file });
  } catch {
    return null;
  }
  return new Promise<string | null>((resolve) => {
    const child = spawn(launch.command, launch.args, { env: {}, cwd: indexURL, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    const pipe = child.stdio[3] as Duplex;
    let settled = false;
    const settle = (value: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(value);
    };
    const timer = setTimeout(() => settle(null), MAKE_TIMEOUT_MS);
    timer.unref();
    let buffered = '';
    pipe.setEncoding('utf8');
    pipe.on('error', () => settle(null));
    pipe.on('data', (chunk: string) => {
      buffered += chunk;
      if (!buffered.includes('\n')) return;
      const first = buffered.slice(0, buffered.indexOf('\n'));
      let message: { type?: string } = {};
      try {
        message = JSON.parse(first) as { type?: string };
      } catch {
        // not a message: treated as a failure below
      }
      settle(message.type === 'snapshot_written' && fs.existsSync(file) ? file : null);
    });
    child.on('error', () => settle(null));
    child.on('exit', () => settle(null));
    pipe.write(`${JSON.stringify({ type: 'init', indexURL, wasmCapBytes: 1024 * 1024 * 1024, makeSnapshotTo: file })}\n`);
  });
}
