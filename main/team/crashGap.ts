import type { CrashPause } from '../../shared/team/engine/activeTime.js';

/**
 * The crash pause recorded when a run is reopened in a new process: the gap from its last event to now, and when the
 * process that wrote that event was last alive (its stamp), so the participant's time up to there still counts.
 * One rule for team and Slack runs.
 */
export function crashGap(lastWall: string, now: Date, aliveAfter: (wall: string) => string | null): CrashPause {
  const gap: CrashPause = { since: lastWall, gap_ms: Math.max(0, now.getTime() - Date.parse(lastWall)) };
  const alive = aliveAfter(lastWall);
  if (alive !== null) gap.alive_until = alive;
  return gap;
}
