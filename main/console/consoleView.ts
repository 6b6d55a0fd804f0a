import { participantTeamViewSchema } from '../../shared/contract/access.js';
import type { ConsoleView } from '../../shared/contract/console.js';
import type { ExperimenterLabellerConfig } from '../../shared/team/console/consoleSchema.js';
import { previewLabels, scriptPlaces } from '../../shared/team/console/nextLines.js';
import { needsLabel } from '../../shared/team/engine/next.js';
import type { TeamSession } from '../team/teamSession.js';
import type { ConsoleHub } from './consoleHub.js';

/** The console's keys: 1–9, then letters (a task has a handful of labels). */
export const labelKey = (i: number): string => (i < 9 ? String(i + 1) : String.fromCharCode(97 + i - 9));

const DECIDED_SHOWN = 12;

/**
 * One session as the experimenter's console shows it. `role` is the caller's, from the hub's lease. When the session
 * waits for a label the hub does not know of (the host restarted since the message was sent), the session is told to
 * carry on, which asks the hub again: reopening the console shows the queue.
 */
export function buildConsoleView(
  team: TeamSession,
  hub: ConsoleHub,
  sessionId: string,
  studyKey: string,
  config: ExperimenterLabellerConfig | null,
  role: 'driver' | 'viewer',
): ConsoleView {
  const { task, resolved, state } = team.consoleInputs();
  if (config && needsLabel(resolved, state) && !state.ended && state.paused === null && hub.queue(sessionId).length === 0) {
    void team.settleNow().catch(() => undefined);
  }
  const seat = participantTeamViewSchema.parse(team.view());
  const labels = previewLabels(task, resolved, state).map((l, i) => ({ ...l, key: labelKey(i) }));
  const decided = state.labels
    .slice(-DECIDED_SHOWN)
    .reverse()
    .map((l) => ({
      messageIndex: l.message,
      round: l.round,
      text: state.messages[l.message]?.text ?? '',
      label: l.label,
      source: l.source,
      by: l.source === 'experimenter' ? 'experimenter' : `${l.source}${l.rule ? ` (${l.rule})` : ''}`,
    }));
  return {
    sessionId,
    studyKey,
    taskId: resolved.id,
    version: resolved.version,
    seed: state.started?.seed ?? 0,
    seat,
    labels,
    script: scriptPlaces(resolved, state),
    queue: hub.queue(sessionId),
    decided,
    policy: config ? { timeoutSec: config.timeout_sec, onTimeout: config.on_timeout, partnerSeats: config.partner_seats } : null,
    partners: config?.partner_seats ? resolved.seats.filter((s) => s.kind === 'partner').map((s) => ({ name: s.name, role: s.role })) : [],
    role,
  };
}
