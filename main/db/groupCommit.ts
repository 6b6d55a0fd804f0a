import fs from 'node:fs';
import type { Db } from './open.js';

/** Makes the committed WAL durable, calling back once it is (or with the error); the default is fsync on libuv's threads. */
export type WalSync = (done: (error: Error | null) => void) => void;

/**
 * Group commit for a host that serves many people at once (issue 13). Every write in one turn of the event loop
 * joins one transaction, committed once at the end of the turn: twenty participants sending together cost one
 * sync, not twenty. What the log promises is kept by holding back every acknowledgement until that commit is on
 * disk: the host answers a call only after `durable()` and delivers events only through `afterCommit`, so nothing
 * reaches a page before it is on disk. A failed commit or sync ends the process (see `onFailure`): what the running
 * sessions folded is then rebuilt from the log, which holds everything acknowledged.
 *
 * The sync itself runs off the event loop: the connection commits with synchronous=NORMAL (the WAL frames are
 * written, not synced) and the WAL file is then fsynced on libuv's threads before anything is acknowledged, which
 * is what synchronous=FULL does inside COMMIT, on the event loop. Commits made while a sync runs share the next one.
 */
export class GroupCommit {
  private open = false;
  /** Committed, waiting for the sync that is to start next. */
  private unsynced: Array<() => void> = [];
  private syncing = false;
  private deferred: Array<() => void> = [];
  private waiting: Array<() => void> = [];
  private readonly sync: WalSync;
  private walFd: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly onFailure: (error: unknown) => void,
    sync?: WalSync,
  ) {
    this.sync = sync ?? ((done) => this.fsyncWal(done));
    db.pragma('synchronous = NORMAL');
  }

  /** Opens this turn's transaction before a write (nothing to do when one is open, ours or a caller's). */
  begin(): void {
    if (this.open || this.db.inTransaction) return;
    this.db.exec('BEGIN IMMEDIATE');
    this.open = true;
    setImmediate(() => this.commit());
  }

  /** Commits the turn's transaction; what waits for it is released once the WAL is synced. */
  commit(): void {
    if (!this.open) return;
    this.open = false;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.deferred = [];
      this.waiting = [];
      this.onFailure(error);
      return;
    }
    const released = [...this.deferred, ...this.waiting];
    this.deferred = [];
    this.waiting = [];
    this.unsynced.push(...released);
    this.startSync();
  }

  /** Commits what is pending and syncs it before returning (the database is about to be closed). */
  commitNow(): void {
    this.commit();
    if (this.unsynced.length === 0 && !this.syncing) return;
    try {
      const fd = this.walFile();
      if (fd !== null) fs.fsyncSync(fd);
    } catch (error) {
      this.onFailure(error);
      return;
    }
    // Synced: what waited for the next sync goes now (a sync still under way releases its own batch when it ends).
    const released = this.unsynced;
    this.unsynced = [];
    for (const run of released) run();
  }

  /** Runs `run` once what was written so far is committed and synced (at once when nothing is pending). */
  afterCommit(run: () => void): void {
    if (this.open) this.deferred.push(run);
    else if (this.syncing || this.unsynced.length > 0) this.unsynced.push(run);
    else run();
  }

  /** Resolves once what was written so far is committed and synced. */
  durable(): Promise<void> {
    return new Promise((resolve) => this.afterCommit(resolve));
  }

  /** Closes the WAL handle (after commitNow, before the connection closes: a reopened database gets its own). */
  release(): void {
    if (this.walFd === null) return;
    const fd = this.walFd;
    this.walFd = null;
    // A sync still under way on this handle ends first; closing it under the sync would fail that sync.
    const close = () => fs.close(fd, () => undefined);
    if (this.syncing) this.afterCommit(close);
    else close();
  }

  /** One sync at a time; it covers every commit made before it started, in order. */
  private startSync(): void {
    if (this.syncing || this.unsynced.length === 0) return;
    this.syncing = true;
    const batch = this.unsynced;
    this.unsynced = [];
    this.sync((error) => {
      this.syncing = false;
      if (error) {
        this.onFailure(error);
        return;
      }
      for (const run of batch) run();
      this.startSync();
    });
  }

  private fsyncWal(done: (error: Error | null) => void): void {
    let fd: number | null;
    try {
      fd = this.walFile();
    } catch (error) {
      done(error as Error);
      return;
    }
    if (fd === null) {
      done(null);
      return;
    }
    fs.fsync(fd, (error) => done(error));
  }

  /** The WAL file, opened once (it lives as long as this connection); null only for a database not in WAL mode. */
  private walFile(): number | null {
    if (this.walFd !== null) return this.walFd;
    if (this.db.memory) return null;
    const mode = this.db.pragma('journal_mode', { simple: true });
    if (mode !== 'wal') throw new Error(`group commit needs the WAL journal, found ${String(mode)}`);
    // Opened for writing though only synced: Windows flushes a file's buffers only through a handle that may write.
    this.walFd = fs.openSync(`${this.db.name}-wal`, 'r+');
    return this.walFd;
  }
}
