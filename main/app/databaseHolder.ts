import fs from 'node:fs';
import type { DatabaseStatus } from '../../shared/contract/schemas.js';
import { EventLog } from '../db/eventLog.js';
import { monotonicMicros } from '../db/monotonic.js';
import { DatabaseOpenError, openDatabase, type Db } from '../db/open.js';
import { latestSchemaVersion } from '../db/migrations.js';

/**
 * Owns the one connection to the session database. When the file cannot be used the app still starts,
 * reports which file and why, and leaves the file untouched until the researcher asks for a fresh one.
 */
export class DatabaseHolder {
  private db: Db | undefined;
  private log: EventLog | undefined;
  status: DatabaseStatus;
  readonly notices: string[] = [];

  constructor(
    readonly file: string,
    private readonly nativeBinding?: string,
    private readonly wallClock?: () => Date,
  ) {
    this.status = this.open();
  }

  get eventLog(): EventLog | undefined {
    return this.log;
  }

  /** Moves the unusable file (and its WAL/SHM) aside under a dated name, then opens a new one. */
  startFresh(): DatabaseStatus {
    this.close();
    const aside = `${this.file}.set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(this.file + suffix)) fs.renameSync(this.file + suffix, aside + suffix);
    }
    this.notices.push(`The previous database was kept as ${aside}.`);
    this.status = this.open();
    return this.status;
  }

  close(): void {
    // A host with group commit may hold this turn's writes in an open transaction: committed, never rolled back.
    this.log?.commitNow();
    this.db?.close();
    this.db = undefined;
    this.log = undefined;
  }

  private open(): DatabaseStatus {
    try {
      this.db = openDatabase(this.file, {
        nativeBinding: this.nativeBinding,
        onBackup: (p) => this.notices.push(`Before upgrading the database a copy was saved as ${p}.`),
      });
      this.log = this.wallClock ? new EventLog(this.db, { wall: this.wallClock, monoUs: monotonicMicros }) : new EventLog(this.db);
      return { status: 'ok', path: this.file, schemaVersion: latestSchemaVersion };
    } catch (err) {
      if (err instanceof DatabaseOpenError) return { status: err.kind, path: err.file, message: err.message };
      throw err;
    }
  }
}
