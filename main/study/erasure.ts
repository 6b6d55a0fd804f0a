import fs from 'node:fs';
import path from 'node:path';
import type { ErasureAudit } from '../../shared/contract/study.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { findRun } from '../../shared/study/fold.js';
import { studyEventSchemas } from '../../shared/study/log.js';
import { z } from 'zod';
import { removeFile, writeFileAtomic } from '../files/atomicWrite.js';
import { workspaceOf } from '../workspace/workspaceLog.js';
import { removeErasedFiles } from './erasedFiles.js';
import type { StudyContext } from './studyContext.js';

/**
 * Erasure of a participant's data when they withdraw consent: a separate, confirmed operation (the experimenter
 * types the participant's code), the only one allowed past the append-only triggers. Their study events and run
 * sessions go in one transaction that also records the audit (when, how many events, sessions and files: never the
 * code, which the result files' names carry); the database is then rebuilt and its WAL emptied so no page keeps
 * their words (EventLog.scrub), and their workspaces, result files, exports, the study's bundles and the database's
 * copies are removed (erasedFiles.ts). A crash after the commit leaves files the writer no longer derives, workspaces
 * the audit names and the pending file: the startup pass (finishErasures) does the rest.
 */
export async function eraseParticipant(c: StudyContext, studyKey: string, participantId: string, confirmCode: string): Promise<Result<ErasureAudit>> {
  const log = c.s.database.eventLog;
  if (!log) return fail('database', 'The session database cannot be used.');
  const found = c.participant(studyKey, participantId);
  if (!found.ok) return found;
  const { p } = found.value;
  if (confirmCode.trim() !== p.code) return fail('bad_request', `To erase, type the participant's code exactly (${p.code}); nothing was erased.`);
  const studyLog = c.logs.sessionId(studyKey);
  if (!studyLog) return fail('not_found', `Study ${studyKey} has no study log.`);
  const source = c.source(studyKey);
  if (!source.ok) return source;

  // Let any pass already queued finish, so the manifest names every file of these runs.
  await c.writer.idle();
  // Pilot runs started from the one-at-a-time panel under this participant's code go too: they carry the code in
  // their file names and, when the participant sat at them, their words; a withdrawal leaves nothing under the code.
  const linked = new Set(p.runs.map((r) => r.runId));
  const state = c.logs.state(studyKey);
  const pilots = log.listSessions(studyKey).filter((s) => s.participant === p.code && !linked.has(s.id) && !findRun(state, s.id));
  const runIds = [...linked, ...pilots.map((s) => s.id)].filter((id) => log.getSession(id));
  const files = c.writer.filesOfRuns(studyKey, new Set(runIds)).length;
  const dataDir = c.s.options.dataDir;
  // Relative to the data folder: the audit travels in bundles, which carry no host paths.
  const workspaces = runIds
    .map((id) => workspaceOf(log.replay(id))?.root)
    .filter((root): root is string => typeof root === 'string')
    .map((root) => path.relative(dataDir, path.resolve(dataDir, root)).split(path.sep).join('/'));
  const at = new Date().toISOString();
  const pending: PendingErasure = { studyKey, studyId: source.value.studyId, participantId, code: p.code, runIds };
  writePendingErasure(dataDir, pending);
  let erased: { events: number; sessions: number };
  try {
    erased = log.erase({
      sessions: runIds,
      eventsOf: { sessionId: studyLog, jsonPath: '$.participantId', value: participantId },
      audit: ({ events, sessions }) => {
        const payload = studyEventSchemas.erasure_performed.parse({ participantId, events, sessions, workspaces, files });
        return { sessionId: studyLog, kind: 'erasure_performed', payload };
      },
    });
  } catch (error) {
    // Rolled back: nothing was erased, and the pending file (which names the code) must not stay behind.
    removeFile(path.join(dataDir, PENDING_FILE));
    throw error;
  }
  const { events, sessions } = erased;
  removeWorkspaces(c, workspaces);
  const { derived, copies } = finishErasure(c, pending);
  await c.writer.schedule(studyKey);
  return ok({ at, participantId, events, sessions, workspaces, files, derived, copies });
}

/**
 * Named in a file while an erasure runs (the code included: its exports are found by it) and removed once the
 * database is scrubbed and the files are gone; a start that finds the file finishes a committed erasure.
 */
const PENDING_FILE = '.erasure-pending.json';
const pendingSchema = z.object({ studyKey: z.string(), studyId: z.string(), participantId: z.string(), code: z.string(), runIds: z.array(z.string()) });
export type PendingErasure = z.infer<typeof pendingSchema>;

export function writePendingErasure(dataDir: string, pending: PendingErasure): void {
  writeFileAtomic(path.join(dataDir, PENDING_FILE), JSON.stringify(pending), { mode: 0o600 });
}

function finishErasure(c: StudyContext, pending: PendingErasure): { derived: number; copies: number } {
  const log = c.s.database.eventLog;
  if (log && !log.scrub()) c.s.log.warn('erasure: the WAL could not be emptied now (a reader held it); the next erasure does it');
  const removed = removeErasedFiles(c.s.options.dataDir, { ...pending, databaseFile: c.s.database.file });
  // The platform id of an enrolled participant goes too: it links the person to their platform account.
  c.enrolmentMap.forget(pending.participantId);
  removeFile(path.join(c.s.options.dataDir, PENDING_FILE));
  return removed;
}

/**
 * Only folders directly inside the app's workspaces folder: a recorded path (relative to the data folder; absolute in
 * older audits) is never trusted to delete elsewhere.
 */
function removeWorkspaces(c: StudyContext, roots: readonly string[]): void {
  const dir = path.join(c.s.options.dataDir, 'workspaces');
  const parents = fs.existsSync(dir) ? [dir, fs.realpathSync(dir)] : [dir];
  for (const recorded of roots) {
    const root = path.resolve(c.s.options.dataDir, recorded);
    const inside = parents.some((parent) => {
      const rel = path.relative(parent, root);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.includes(path.sep);
    });
    if (inside && fs.existsSync(root)) fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * At startup: what an erasure that was cut short (the app died after its commit) did not get to do: the workspace
 * folders its audit names, and, while its pending file is there, the scrub and the derived files. A pending file
 * whose participant is still in the study log is an erasure that never committed: nothing was erased, nothing goes.
 */
export function finishErasures(c: StudyContext): void {
  for (const studyKey of c.logs.studyKeys()) {
    for (const erasure of c.logs.state(studyKey).erasures) removeWorkspaces(c, erasure.workspaces);
  }
  const file = path.join(c.s.options.dataDir, PENDING_FILE);
  if (!fs.existsSync(file)) return;
  let pending: PendingErasure;
  try {
    pending = pendingSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    c.s.log.warn(`erasure: ${file} cannot be read (${(error as Error).message}); it is removed`);
    removeFile(file);
    return;
  }
  if (c.logs.state(pending.studyKey).participants.some((p) => p.id === pending.participantId)) removeFile(file);
  else finishErasure(c, pending);
}
