import type { StoredEvent } from '../../../shared/contract/schemas.js';

/**
 * Which runner a session's log belongs to. Each runner folds only its own events, so an event of another
 * family (say a raw note in a team session) would make the session impossible to reopen.
 */
export type SessionFamily = 'team' | 'slack' | 'labelling' | 'plain';

export function sessionFamilyOf(stored: readonly StoredEvent[]): SessionFamily {
  for (const e of stored) {
    // Team events carry their own type (the engine's schema); the runner's first fact is its workspace.
    if (e.kind === 'workspace_created') return 'team';
    if (e.kind === 'session_started' && (e.payload as { type?: unknown } | null)?.type === 'session_started') return 'team';
    if (e.kind === 'slack_run_started') return 'slack';
    if (e.kind === 'labelling_started') return 'labelling';
  }
  return 'plain';
}

/** What to use instead of recordNote for a session of this family, or null when a note is one of its events. */
export function noteRefusal(family: SessionFamily, sessionId: string, kind: string): string | null {
  if (family === 'team') {
    return `Session ${sessionId} is a team session: its log takes only team events, so a "${kind}" note cannot be added to it. Pause or resume it with teamPause / teamResume.`;
  }
  if (family === 'slack') {
    return `Session ${sessionId} is a Slack query run: its log takes only run events, so a "${kind}" note cannot be added to it. Pause or resume it with slackPauseRun / slackResumeRun.`;
  }
  return null;
}
