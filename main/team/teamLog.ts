import type { StoredEvent } from '../../shared/contract/schemas.js';
import { sessionEventSchema, type SessionEvent } from '../../shared/team/engine/events.js';
import { FILE_CONTENT, WORKSPACE_CREATED } from '../workspace/workspaceLog.js';

export { WORKSPACE_CREATED, workspaceOf, type WorkspaceCreated } from '../workspace/workspaceLog.js';

/** Runner facts kept in the log beside the engine's events, but not folded by the engine. */
const RUNNER_FACTS: ReadonlySet<string> = new Set([WORKSPACE_CREATED, FILE_CONTENT]);

export const isEngineKind = (kind: string): boolean => !RUNNER_FACTS.has(kind);

/** The engine's events of a stored session, validated: a log that no longer parses is reported, not guessed at. */
export function engineEvents(stored: readonly StoredEvent[]): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (const e of stored) {
    if (!isEngineKind(e.kind)) continue;
    const parsed = sessionEventSchema.safeParse(e.payload);
    if (!parsed.success) {
      throw new Error(`event ${e.seq} (${e.kind}) of session ${e.sessionId} does not match the team event schema: ${parsed.error.issues[0]?.message}`);
    }
    out.push(parsed.data);
  }
  return out;
}
