import type { StoredEvent } from '../../shared/contract/schemas.js';
import { sessionEventSchema, type SessionEvent } from '../../shared/team/engine/events.js';

/** Runner facts kept in the log beside the engine's events, but not folded by the engine. */
export const WORKSPACE_CREATED = 'workspace_created';
export interface WorkspaceCreated {
  root: string;
  hashes_before: Record<string, string>;
}

/** The engine's events of a stored session, validated: a log that no longer parses is reported, not guessed at. */
export function engineEvents(stored: readonly StoredEvent[]): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (const e of stored) {
    if (e.kind === WORKSPACE_CREATED) continue;
    const parsed = sessionEventSchema.safeParse(e.payload);
    if (!parsed.success) {
      throw new Error(`event ${e.seq} (${e.kind}) of session ${e.sessionId} does not match the team event schema: ${parsed.error.issues[0]?.message}`);
    }
    out.push(parsed.data);
  }
  return out;
}

export function workspaceOf(stored: readonly StoredEvent[]): WorkspaceCreated | null {
  const e = stored.find((x) => x.kind === WORKSPACE_CREATED);
  return e ? (e.payload as WorkspaceCreated) : null;
}
