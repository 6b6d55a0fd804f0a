import type { StoredEvent } from '../../shared/contract/schemas.js';
import { sessionEventSchema, type SessionEvent } from '../../shared/team/engine/events.js';
import { FILE_CONTENT, WORKSPACE_CREATED } from '../workspace/workspaceLog.js';
import { CRASH_PAUSE } from '../../shared/team/engine/activeTime.js';
import { PARTNER_REPLY } from '../partners/partnerRecord.js';

export { WORKSPACE_CREATED, workspaceOf, type WorkspaceCreated } from '../workspace/workspaceLog.js';

/** The model seat's own record of a run (main/modelSeat/modelLog.ts): its endpoint, each turn, an endpoint failure. */
export const MODEL_RUN_STARTED = 'model_run_started';
export const MODEL_STEP = 'model_step';
export const MODEL_RUN_ERROR = 'model_run_error';

/** Runner facts kept in the log beside the engine's events, but not folded by the engine. */
const RUNNER_FACTS: ReadonlySet<string> = new Set([WORKSPACE_CREATED, FILE_CONTENT, CRASH_PAUSE, MODEL_RUN_STARTED, MODEL_STEP, MODEL_RUN_ERROR, PARTNER_REPLY]);

export const isEngineKind = (kind: string): boolean => !RUNNER_FACTS.has(kind);

/** An event in a team session's log that is not a team event (e.g. a raw note recordNote once appended). */
export interface SkippedEvent {
  seq: number;
  kind: string;
  message: string;
}

/**
 * The engine's events of a stored session, validated. An event of another family (its payload does not carry
 * the team event type it is filed under) is skipped and reported through `onSkip`, so an old log that has one
 * still opens; a team event that no longer parses is corruption and is reported as an error, not guessed at.
 */
export function engineEvents(stored: readonly StoredEvent[], onSkip?: (skipped: SkippedEvent) => void): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (const e of stored) {
    if (!isEngineKind(e.kind)) continue;
    const type = (e.payload as { type?: unknown } | null)?.type;
    if (type !== e.kind) {
      onSkip?.({ seq: e.seq, kind: e.kind, message: `event ${e.seq} (${e.kind}) of session ${e.sessionId} is not a team event; it was skipped` });
      continue;
    }
    const parsed = sessionEventSchema.safeParse(e.payload);
    if (!parsed.success) {
      throw new Error(`event ${e.seq} (${e.kind}) of session ${e.sessionId} does not match the team event schema: ${parsed.error.issues[0]?.message}`);
    }
    out.push(parsed.data);
  }
  return out;
}
