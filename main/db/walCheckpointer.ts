import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open.js';

/**
 * The WAL's checkpoints, moved off the host's event loop (issue 13). SQLite checkpoints inside the COMMIT that takes
 * the WAL past 1000 pages: it copies the pages into the database and syncs it, about 20 ms during which no
 * participant is answered. The host turns that off on its connection and a worker thread, with a connection of its
 * own, checkpoints every second instead (PASSIVE: it never blocks the writer). SQLite syncs the WAL before copying
 * and the database before the WAL may be reused, whichever connection checkpoints, so the log's promise is unchanged.
 * If the worker cannot start or dies, the connection checkpoints by itself again.
 */
export interface WalCheckpointer {
  /**
   * Settles once the worker has taken the checkpoints over (true: the connection no longer checkpoints inside its
   * commits) or could not (false: it failed, or was stopped first). Starting a thread takes its time under load.
   */
  readonly ready: Promise<boolean>;
  /** Checkpoints now and resolves with SQLite's answer (tests; the worker also does it every interval). */
  now(): Promise<{ busy: number; log: number; checkpointed: number }>;
  stop(): Promise<void>;
}

const SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 1000');
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: String(error) });
  process.exit(1);
}
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const timer = setInterval(() => {
  try {
    checkpoint();
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m.type === 'now') {
    try {
      parentPort.postMessage({ type: 'done', id: m.id, result: checkpoint() });
    } catch (error) {
      parentPort.postMessage({ type: 'done', id: m.id, error: String(error) });
    }
  } else if (m.type === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ type: 'ready' });
`;

type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'done'; id: number; result?: { busy: number; log: number; checkpointed: number }; error?: string };

export function startWalCheckpointer(db: Db, opts: { intervalMs?: number; onProblem?: (message: string) => void } = {}): WalCheckpointer {
  const back = () => {
    // The connection checkpoints by itself again (SQLite's default threshold).
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { file: db.name, sqlite: createRequire(import.meta.url).resolve('better-sqlite3'), intervalMs: opts.intervalMs ?? 1_000 },
  });
  // Never what keeps a process alive.
  worker.unref();
  const asked = new Map<number, { resolve: (r: { busy: number; log: number; checkpointed: number }) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let stopped = false;
  let settleReady: (tookOver: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));
  worker.on('message', (m: FromWorker) => {
    if (m.type === 'ready') {
      const takesOver = !stopped && db.open;
      if (takesOver) db.pragma('wal_autocheckpoint = 0');
      settleReady(takesOver);
    } else if (m.type === 'failed') {
      opts.onProblem?.(`WAL checkpoints: ${m.message}`);
      back();
      settleReady(false);
    } else {
      const waiter = asked.get(m.id);
      asked.delete(m.id);
      if (m.result) waiter?.resolve(m.result);
      else waiter?.reject(new Error(m.error ?? 'checkpoint failed'));
    }
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopped) {
        opts.onProblem?.('WAL checkpoints: the worker stopped');
        back();
      }
      for (const waiter of asked.values()) waiter.reject(new Error('the checkpoint worker stopped'));
      asked.clear();
      settleReady(false);
      resolve();
    }),
  );
  worker.on('error', (error) => opts.onProblem?.(`WAL checkpoints: ${String(error)}`));
  return {
    ready,
    now() {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        asked.set(id, { resolve, reject });
        worker.postMessage({ type: 'now', id });
      });
    },
    async stop() {
      if (stopped) return exited;
      stopped = true;
      back();
      worker.postMessage({ type: 'stop' });
      return exited;
    },
  };
}
