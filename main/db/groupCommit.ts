import type { Db } from './open.js';

/**
 * Group commit for a host that serves many people at once (issue 13). Every write in one turn of the event loop
 * joins one transaction, committed (and synced to disk) once, at the end of the turn: twenty participants sending
 * together cost one sync, not twenty. What the log promises is kept by holding back every acknowledgement until
 * that commit: the host answers a call only after `durable()` and delivers events only through `afterCommit`, so
 * nothing reaches a page before it is on disk. A failed commit ends the process (see `onFailure`): what the
 * running sessions folded is then rebuilt from the log, which holds exactly what was acknowledged.
 */
export class GroupCommit {
  private open = false;
  private deferred: Array<() => void> = [];
  private waiting: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  /** Opens this turn's transaction before a write (nothing to do when one is open, ours or a caller's). */
  begin(): void {
    if (this.open || this.db.inTransaction) return;
    this.db.exec('BEGIN IMMEDIATE');
    this.open = true;
    setImmediate(() => this.commit());
  }

  /** Commits the turn's transaction now (also before the database is closed). */
  commit(): void {
    if (!this.open) return;
    this.open = false;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.deferred = [];
      this.onFailure(error);
      return;
    }
    const deferred = this.deferred;
    const waiting = this.waiting;
    this.deferred = [];
    this.waiting = [];
    for (const run of deferred) run();
    for (const resolve of waiting) resolve();
  }

  /** Runs `run` once what was written so far is committed (at once when nothing is pending). */
  afterCommit(run: () => void): void {
    if (this.open) this.deferred.push(run);
    else run();
  }

  /** Resolves once what was written so far is committed. */
  durable(): Promise<void> {
    return this.open ? new Promise((resolve) => this.waiting.push(resolve)) : Promise.resolve();
  }
}
