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

const teamViewMethods = new Set(['teamView', 'teamSend', 'teamAcceptDeal', 'teamOfferDeal', 'teamSubmit', 'teamPause', 'teamResume']);
const runViewMethods = new Set(['slackRunView', 'slackPauseRun', 'slackResumeRun', 'slackSubmitAnswer']);

/**
 * Absolute paths (POSIX or Windows) in a message worded for someone else: a participant is told what went wrong,
 * never where the data dir is.
 */
export function scrubPaths(text: string): string {
  return text.replace(/(?:[A-Za-z]:\\|\/)(?:[^\s/\\'"`]+[/\\])+[^\s'"`]*/g, '…');
}

/**
 * Pack and file paths relative to anything (`team-demo/study.yaml:4`, `tasks/a.yaml`, `notes.md`), with a line and
 * column when given: a pack's layout names its tasks and conditions.
 */
const RELATIVE_PATH = /(?:[\w.@-]+[/\\])+[\w.@-]*\.[A-Za-z0-9]{1,8}(?::\d+){0,2}|\b[\w.@-]+\.(?:ya?ml|jsonl?|py|md|txt|csv|zip|db|sqlite|js|ts|tsv|gz|patch|diff)(?::\d+){0,2}\b/g;

/**
 * The rule for every error a participant or rater is sent: no path of any kind (absolute, or inside a pack) and not
 * the study's key or folder name. What went wrong is still said, in the handler's own words.
 */
export function participantSafeError(message: string, studyKey: string | null): string {
  let text = scrubPaths(message).replace(RELATIVE_PATH, '…');
  if (studyKey) {
    text = text.replaceAll(studyKey, 'this study');
    const name = studyKey.slice(studyKey.indexOf(':') + 1);
    if (name.length > 0) text = text.replace(new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g'), 'this study');
  }
  return text;
}

/** A value with the study key replaced by its alias wherever it occurs, in any string at any depth (copied only where changed). */
function withStudyAlias(value: unknown, key: string, alias: string): unknown {
  if (typeof value === 'string') return value.includes(key) ? value.replaceAll(key, alias) : value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    value.forEach((v, i) => {
      const w = withStudyAlias(v, key, alias);
      if (w !== v) (out ??= [...value])[i] = w;
    });
    return out ?? value;
  }
  if (typeof value === 'object' && value !== null) {
    let out: Record<string, unknown> | null = null;
    for (const [k, v] of Object.entries(value)) {
      const w = withStudyAlias(v, key, alias);
      if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = w;
    }
    return out ?? value;
  }
  return value;
}

/**
 * The participant-safe (and rater-safe) form of a result. The projection drops every key the participant schema
 * does not name (as zod's parse would), so a field added to a seat view later stays out until it is added here on
 * purpose.
 */
export function projectResult(
  scope: AccessScope,
  method: string,
  result: Result<unknown>,
  workspaceAliasSent: string | null = null,
  studyAlias: string | null = null,
): Result<unknown> {
  if (scope.kind === 'experimenter') return result;
  if (!result.ok) return { ok: false, error: { code: result.error.code, message: participantSafeError(result.error.message, scope.studyKey) } };
  const projected = projectValue(scope, method, result.value, workspaceAliasSent);
  // The study by its alias only, wherever a view carries the key (accessWhoAmI, a workspace's status, a rater's or
  // grader's queue, …): no page but the experimenter's learns what the study is called.
  if (scope.kind === 'enrolment' || !projected.ok || studyAlias === null) return projected;
  return { ok: true, value: withStudyAlias(projected.value, scope.studyKey, studyAlias) };
}

function projectValue(scope: Exclude<AccessScope, { kind: 'experimenter' }>, method: string, value: unknown, workspaceAliasSent: string | null): Result<unknown> {
  const result = { ok: true as const, value };
  if (method === 'getSettings') {
    // Only what a seat screen reads; the judge endpoint and the id prefix are the researcher's.
    const s = settingsSchema.parse(value);
    return { ok: true, value: { ...defaultSettings, typingDelayMs: s.typingDelayMs } };
  }
  // A rater's and an auditor's views are built blind by their own handlers (no judge labels, no recorded label);
  // an enrolment link's two answers carry nothing of the study.
  if (scope.kind === 'rater' || scope.kind === 'auditor' || scope.kind === 'enrolment') return result;
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
    return { ok: true, value: { ...status, workspaceId, title, variant: null, report: null, error: status.error === null ? null : participantSafeError(status.error, scope.studyKey) } };
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
  // The enrolment page listens to nothing: it enrols, then the page holds the participant's own link.
  if (scope.kind === 'enrolment') return null;
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
        ? { ...event, workspaceId: workspaceAlias(owned.seat.runId), report: null, error: event.error === null ? null : participantSafeError(event.error, scope.studyKey) }
        : null;
    default:
      return null;
  }
}
