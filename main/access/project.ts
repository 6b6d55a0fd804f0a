import type { AccessScope } from '../../shared/contract/access.js';
import { participantRunViewSchema, participantTeamViewSchema } from '../../shared/contract/access.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { workspaceStatusSchema } from '../../shared/contract/slack.js';
import { defaultSettings, settingsSchema } from '../../shared/settings.js';
import type { Result } from '../../shared/result.js';
import type { OwnedSeat } from './policy.js';
import { workspaceAlias } from './workspaceAlias.js';
import { projectionOf } from '../../shared/contract/projectBySchema.js';
import { seatMovedBy } from './ownership.js';

/** Compiled once: the participant's team and Slack views keep only the keys their schemas name, at every depth. */
const participantTeamView = projectionOf(participantTeamViewSchema);
const participantRunView = projectionOf(participantRunViewSchema) as (value: unknown) => { runId: string };

const teamViewMethods = new Set(['teamView', 'teamSend', 'teamAcceptDeal', 'teamSubmit', 'teamPause', 'teamResume']);
const runViewMethods = new Set(['slackRunView', 'slackPauseRun', 'slackResumeRun', 'slackSubmitAnswer']);

/**
 * Absolute paths (POSIX or Windows) in a message worded for someone else: a participant is told what went wrong,
 * never where the data dir is.
 */
export function scrubPaths(text: string): string {
  return text.replace(/(?:[A-Za-z]:\\|\/)(?:[^\s/\\'"`]+[/\\])+[^\s'"`]*/g, '…');
}

/**
 * The participant-safe (and rater-safe) form of a result. The projection drops every key the participant schema
 * does not name (as zod's parse would), so a field added to a seat view later stays out until it is added here on
 * purpose.
 */
export function projectResult(scope: AccessScope, method: string, result: Result<unknown>, workspaceAliasSent: string | null = null): Result<unknown> {
  if (scope.kind === 'experimenter') return result;
  if (!result.ok) return { ok: false, error: { code: result.error.code, message: scrubPaths(result.error.message) } };
  const value = result.value;
  if (method === 'getSettings') {
    // Only what a seat screen reads; the judge endpoint and the id prefix are the researcher's.
    const s = settingsSchema.parse(value);
    return { ok: true, value: { ...defaultSettings, typingDelayMs: s.typingDelayMs } };
  }
  if (scope.kind === 'rater') return result;
  if (teamViewMethods.has(method)) return { ok: true, value: participantTeamView(value) };
  if (method === 'teamTool') {
    const v = value as { result: unknown; view: unknown };
    return { ok: true, value: { result: v.result, view: participantTeamView(v.view) } };
  }
  if (runViewMethods.has(method)) {
    const view = participantRunView(value);
    // The workspace by its alias (main/access/workspaceAlias.ts): the real id names the query's variant.
    return { ok: true, value: { ...view, workspaceId: workspaceAlias(view.runId) } };
  }
  if (method === 'slackWorkspaceStatus') {
    // The import report names the export's folder and skipped files, and a CI query's variant folder is in its title
    // (shown on screen) and `variant`: none of it is the participant's business.
    const status = workspaceStatusSchema.parse(value);
    const suffix = status.variant === null ? '' : ` (${status.variant})`;
    const title = suffix && status.title.endsWith(suffix) ? status.title.slice(0, -suffix.length) : status.title;
    // The page asked by its alias (the guard refuses any other name) and gets the same name back.
    const workspaceId = workspaceAliasSent ?? status.workspaceId;
    return { ok: true, value: { ...status, workspaceId, title, variant: null, report: null, error: status.error === null ? null : scrubPaths(status.error) } };
  }
  return result;
}

/**
 * Kinds of session event that carry labels, judges' or checkers' outcomes, the script or a live partner's record
 * (its model, issue 14): never to a participant.
 */
const hiddenKinds = /label|judge|grad|verdict|check|script|score|reference|partner/i;

/**
 * The event stream as one scope may see it (null: not sent). A participant gets only their own current seat's
 * events, without payloads (the seat screens re-read their view; a payload can carry version and seed), and
 * never an event that carries a label. A rater gets only their own sessions' events, also without payloads.
 */
export function projectEvent(
  scope: AccessScope,
  event: AppEvent,
  owned: { seat: OwnedSeat | null; sessions: readonly string[] },
): AppEvent | null {
  if (scope.kind === 'experimenter') return event;
  switch (event.type) {
    case 'session.event': {
      // A change of plan under the participant (the experimenter's rerun, void, withdrawal, or their own step) reaches
      // their page without a reload, as a bare notice: never the study log's event (it names cells and codes).
      if (scope.kind === 'participant') {
        const moved = seatMovedBy(event);
        if (moved === 'all' || moved === scope.participantId) return { type: 'visit.moved' };
        if (moved !== null) return null;
      }
      const mine =
        scope.kind === 'participant'
          ? owned.seat !== null && event.event.sessionId === (owned.seat.kind === 'team' ? owned.seat.sessionId : owned.seat.runId)
          : owned.sessions.includes(event.event.sessionId);
      if (!mine || hiddenKinds.test(event.event.kind)) return null;
      return { type: 'session.event', event: { ...event.event, payload: null } };
    }
    case 'slack.import.progress':
      return scope.kind === 'participant' && owned.seat?.kind === 'slack' && owned.seat.workspaceId === event.workspaceId
        ? { ...event, workspaceId: workspaceAlias(owned.seat.runId) }
        : null;
    case 'slack.import.done':
      return scope.kind === 'participant' && owned.seat?.kind === 'slack' && owned.seat.workspaceId === event.workspaceId
        ? { ...event, workspaceId: workspaceAlias(owned.seat.runId), report: null, error: event.error === null ? null : scrubPaths(event.error) }
        : null;
    default:
      return null;
  }
}
