import crypto from 'node:crypto';
import type { SessionSummary, StoredEvent } from '../../shared/contract/schemas.js';
import type { Db } from './open.js';
import { monotonicMicros } from './monotonic.js';
import { GroupCommit } from './groupCommit.js';
import { startWalCheckpointer, type WalCheckpointer } from './walCheckpointer.js';

export interface NewSession {
  studyKey: string;
  taskId: string;
  participant: string;
  meta?: Record<string, unknown>;
}

interface EventRow {
  session_id: string;
  seq: number;
  mono_us: number;
  wall_time: string;
  kind: string;
  payload: string;
}

/**
 * The append-only log of every session. append() returns only after the row is committed, which is
 * what lets callers show an effect only after it is recorded (see open.ts for the durability level).
 */
export class EventLog {
  private readonly insertSession;
  private readonly insertEvent;
  private readonly selectEvents;
  private readonly selectSessions;
  private readonly selectSession;
  private readonly selectEventsAfter;
  private readonly selectLastSeq;
  private readonly selectSessionKeys;
  /** Each session's last seq as committed or pending in this connection's transaction; dropped when unsure. */
  private readonly lastSeq = new Map<string, number>();
  /** Set by a host serving many people at once (see groupCommit.ts); without it every append commits by itself. */
  private group: GroupCommit | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: { wall: () => Date; monoUs: () => number } = {
      wall: () => new Date(),
      monoUs: monotonicMicros,
    },
  ) {
    this.insertSession = db.prepare(
      `INSERT INTO sessions (id, study_key, task_id, participant, created_at, meta) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    // seq is the session's last plus one, kept in memory (lastSeq) so an append is one plain INSERT: issue 13 measured
    // the INSERT … SELECT max(seq) … RETURNING form at a third more per event, five events per send. The primary key
    // (session_id, seq) still means two writers can never take the same number: a clash re-reads the last seq.
    this.insertEvent = db.prepare(
      `INSERT INTO events (session_id, seq, mono_us, wall_time, kind, payload) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.selectLastSeq = db.prepare(`SELECT coalesce(max(seq), 0) FROM events WHERE session_id = ?`).pluck();
    this.selectEvents = db.prepare(
      `SELECT session_id, seq, mono_us, wall_time, kind, payload FROM events WHERE session_id = ? ORDER BY seq`,
    );
    this.selectEventsAfter = db.prepare(
      `SELECT session_id, seq, mono_us, wall_time, kind, payload FROM events WHERE session_id = ? AND seq > ? ORDER BY seq`,
    );
    const summary = `SELECT s.id, s.study_key, s.task_id, s.participant, s.created_at,
        (SELECT count(*) FROM events e WHERE e.session_id = s.id) AS event_count FROM sessions s`;
    this.selectSessions = db.prepare(`${summary} WHERE (@studyKey IS NULL OR s.study_key = @studyKey) ORDER BY s.created_at DESC`);
    this.selectSession = db.prepare(`${summary} WHERE s.id = ?`);
    this.selectSessionKeys = db.prepare(`SELECT study_key, task_id FROM sessions WHERE id = ?`);
  }

  /** Turns group commit on: from now on the host must wait for `durable()` before it acknowledges anything. */
  groupCommits(onFailure: (error: unknown) => void, onProblem?: (message: string) => void): GroupCommit {
    if (!this.group) {
      this.group = new GroupCommit(this.db, (error) => {
        // A failed commit rolled the turn back: the numbers it took are free again, and its events are gone.
        this.lastSeq.clear();
        this.losses++;
        onFailure(error);
      });
      // The same host gets its WAL checkpoints off the event loop too (walCheckpointer.ts).
      this.checkpointer = startWalCheckpointer(this.db, onProblem ? { onProblem } : {});
    }
    return this.group;
  }
  private checkpointer: WalCheckpointer | null = null;

  /** Whether the checkpoint worker group commit started has taken the WAL's checkpoints over (see WalCheckpointer). */
  checkpointsOffLoop(): Promise<boolean> {
    return this.checkpointer?.ready ?? Promise.resolve(false);
  }

  /** Resolves once everything appended so far is on disk (at once without group commit). */
  durable(): Promise<void> {
    return this.group?.durable() ?? Promise.resolve();
  }

  /** Commits and syncs a pending group now, and lets go of the WAL (the connection is about to be closed). */
  commitNow(): void {
    this.group?.commitNow();
    this.group?.release();
    void this.checkpointer?.stop();
    this.checkpointer = null;
  }

  createSession(s: NewSession): SessionSummary {
    this.group?.begin();
    // Hex, so the id is also a safe folder name (a session's workspace is named after it).
    const id = crypto.randomBytes(12).toString('hex');
    const createdAt = this.clock.wall().toISOString();
    this.insertSession.run(id, s.studyKey, s.taskId, s.participant, createdAt, JSON.stringify(s.meta ?? {}));
    return { id, studyKey: s.studyKey, taskId: s.taskId, participant: s.participant, createdAt, eventCount: 0 };
  }

  getSession(id: string): SessionSummary | undefined {
    const row = this.selectSession.get(id) as SessionRow | undefined;
    return row && toSummary(row);
  }

  /** The study and task a session belongs to: a key lookup, without getSession's count of its events. */
  sessionOf(id: string): { studyKey: string; taskId: string } | undefined {
    const row = this.selectSessionKeys.get(id) as { study_key: string; task_id: string } | undefined;
    return row && { studyKey: row.study_key, taskId: row.task_id };
  }

  listSessions(studyKey?: string): SessionSummary[] {
    return (this.selectSessions.all({ studyKey: studyKey ?? null }) as SessionRow[]).map(toSummary);
  }

  append(sessionId: string, kind: string, payload: unknown): StoredEvent {
    this.group?.begin();
    const json = JSON.stringify(payload ?? null);
    const monoUs = this.clock.monoUs();
    const wallTime = this.clock.wall().toISOString();
    let seq = this.nextSeq(sessionId);
    try {
      this.insertEvent.run(sessionId, seq, monoUs, wallTime, kind, json);
    } catch (error) {
      this.lastSeq.delete(sessionId);
      if (!isSeqClash(error)) throw error;
      // Another connection appended to this session meanwhile: take the number after the log's own last.
      seq = this.nextSeq(sessionId);
      this.insertEvent.run(sessionId, seq, monoUs, wallTime, kind, json);
    }
    this.lastSeq.set(sessionId, seq);
    // The payload as a replay reads it back: parsed from the very text stored.
    return { sessionId, seq, monoUs, wallTime, kind, payload: JSON.parse(json) as unknown };
  }

  /** Several events that belong together (e.g. a message and its label) commit as one. */
  appendAll(sessionId: string, events: ReadonlyArray<{ kind: string; payload: unknown }>): StoredEvent[] {
    this.group?.begin();
    try {
      return this.db.transaction(() => events.map((e) => this.append(sessionId, e.kind, e.payload)))();
    } catch (error) {
      // The group was rolled back: the numbers its first events took are free again.
      this.lastSeq.delete(sessionId);
      this.losses++;
      throw error;
    }
  }

  private nextSeq(sessionId: string): number {
    const last = this.lastSeq.get(sessionId) ?? (this.selectLastSeq.get(sessionId) as number);
    return last + 1;
  }

  /**
   * The one delete the log allows (an erasure when consent is withdrawn; see migration 2): whole sessions, plus the
   * events of one other session whose payload names the erased person, removed in one transaction with the erasure
   * guard set, and the audit appended in the same transaction. Returns the audit event and what was removed.
   */
  erase(a: {
    sessions: readonly string[];
    eventsOf?: { sessionId: string; jsonPath: string; value: string };
    audit: (removed: { events: number; sessions: number }) => { sessionId: string; kind: string; payload: unknown };
  }): { events: number; sessions: number; audit: StoredEvent } {
    this.group?.begin();
    // Erased events leave their sessions' last seq unknown here, and so does an erasure that fails after its audit.
    this.lastSeq.clear();
    this.losses++;
    try {
      return this.eraseNow(a);
    } catch (error) {
      this.lastSeq.clear();
      throw error;
    }
  }

  private eraseNow(a: Parameters<EventLog['erase']>[0]): ReturnType<EventLog['erase']> {
    // The deleted cells are overwritten with zeros, not just unlinked (the pages still go through the WAL: scrub()).
    this.db.pragma('secure_delete = ON');
    try {
      return this.eraseRows(a);
    } finally {
      this.db.pragma('secure_delete = OFF');
    }
  }

  private eraseRows(a: Parameters<EventLog['erase']>[0]): ReturnType<EventLog['erase']> {
    return this.db.transaction(() => {
      this.db.prepare(`INSERT INTO erasure_guard (id, reason) VALUES (1, 'erasure')`).run();
      let events = 0;
      let sessions = 0;
      for (const id of a.sessions) {
        events += this.db.prepare(`DELETE FROM events WHERE session_id = ?`).run(id).changes;
        sessions += this.db.prepare(`DELETE FROM sessions WHERE id = ?`).run(id).changes;
      }
      if (a.eventsOf) {
        const { sessionId, jsonPath, value } = a.eventsOf;
        events += this.db.prepare(`DELETE FROM events WHERE session_id = ? AND json_extract(payload, ?) = ?`).run(sessionId, jsonPath, value).changes;
      }
      this.db.prepare(`DELETE FROM erasure_guard`).run();
      const audit = a.audit({ events, sessions });
      return { events, sessions, audit: this.append(audit.sessionId, audit.kind, audit.payload) };
    })();
  }

  /**
   * After an erasure, leaves no copy of the erased rows in the files: secure_delete zeroed the deleted cells, but
   * older copies can sit in the unused space of other pages (left there by page splits) and in the WAL's earlier
   * frames. VACUUM rebuilds every page from the live rows; a TRUNCATE checkpoint then copies the pages home and
   * empties the WAL. Returns false when a reader kept the WAL from being emptied (it is emptied at the next scrub).
   * It blocks this connection for as long as VACUUM takes (measured 1.2 s for a 72 MB database, 3.8 s for 246 MB):
   * paid once per erasure, an experimenter's rare act, for the promise the erase dialog makes.
   */
  scrub(): boolean {
    this.group?.commitNow();
    this.db.exec('VACUUM');
    const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    return result?.busy === 0;
  }

  replay(sessionId: string): StoredEvent[] {
    return (this.selectEvents.all(sessionId) as EventRow[]).map(toEvent);
  }

  /** The events after `seq` (a reader that folded up to `seq` catches up with only what is new). */
  replayAfter(sessionId: string, seq: number): StoredEvent[] {
    return (this.selectEventsAfter.all(sessionId, seq) as EventRow[]).map(toEvent);
  }

  /** Sessions with an event of kind `has` and none of kind `lacks` (e.g. team runs not ended: an interrupted check). */
  sessionsWithout(has: string, lacks: string): string[] {
    const rows = this.db
      .prepare(
        `SELECT s.id FROM sessions s WHERE EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND e.kind = ?)
           AND NOT EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND e.kind = ?) ORDER BY s.created_at`,
      )
      .all(has, lacks) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /**
   * Where a session's log stands: its last seq, and how many times this log has lost events it may have handed
   * out (an erasure, a group rolled back). A fold cached at a position is still whole while `losses` is the same;
   * the events after its `last` are then exactly what was appended since. (Counting the session's events instead
   * read every row of a long study log, twice per participant step: issue 13.)
   */
  position(sessionId: string): { last: number; losses: number } {
    return { last: this.selectLastSeq.get(sessionId) as number, losses: this.losses };
  }
  private losses = 0;
}

interface SessionRow {
  id: string;
  study_key: string;
  task_id: string;
  participant: string;
  created_at: string;
  event_count: number;
}

const toSummary = (r: SessionRow): SessionSummary => ({
  id: r.id,
  studyKey: r.study_key,
  taskId: r.task_id,
  participant: r.participant,
  createdAt: r.created_at,
  eventCount: r.event_count,
});

const toEvent = (r: EventRow): StoredEvent => ({
  sessionId: r.session_id,
  seq: r.seq,
  monoUs: r.mono_us,
  wallTime: r.wall_time,
  kind: r.kind,
  payload: JSON.parse(r.payload) as unknown,
});

/** The primary key (session_id, seq) refused a number: another connection took it first. */
const isSeqClash = (error: unknown): boolean => (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
