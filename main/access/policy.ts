import type { AccessScope } from '../../shared/contract/access.js';

/** What a participant or rater owns right now, looked up when they call (their plan moves on between calls). */
export interface Ownership {
  /** The seat of the participant's current run step, or null between runs. */
  participantSeat(participantId: string): Promise<OwnedSeat | null>;
  /** The labelling sessions of this rater in this study. */
  raterSessions(studyKey: string, rater: string): Promise<string[]>;
  /** The audit sessions of this auditor in this study (issue 27); absent where no auditor can call (tests). */
  auditSessions?(studyKey: string, auditor: string): Promise<string[]>;
  /**
   * The name a participant's page knows its study by (accessControl.ts): opaque and stable, so a study key such as
   * `user:pressure-manipulation-2026` never tells a participant what is studied.
   */
  studyAlias(studyKey: string): string;
}

/** A run step's seat: the team session, or the Slack run and the workspace it browses. */
export type OwnedSeat = { kind: 'team'; sessionId: string } | { kind: 'slack'; runId: string; workspaceId: string };

type Args = Record<string, unknown>;
/** Returns why the call is refused, or null when it is allowed. */
type Check<S> = (args: Args, scope: S, owned: Ownership) => string | null | Promise<string | null>;
type ParticipantScope = Extract<AccessScope, { kind: 'participant' }>;
type RaterScope = Extract<AccessScope, { kind: 'rater' }>;
type AuditorScope = Extract<AccessScope, { kind: 'auditor' }>;
type EnrolmentScope = Extract<AccessScope, { kind: 'enrolment' }>;

const always = () => null;
const NOT_YOUR_RUN = 'this link may use only its own current run';

const seat = (scope: ParticipantScope, owned: Ownership) => owned.participantSeat(scope.participantId);

const ownTeamSession: Check<ParticipantScope> = async (args, scope, owned) => {
  const s = await seat(scope, owned);
  return s?.kind === 'team' && args.sessionId === s.sessionId ? null : NOT_YOUR_RUN;
};
const ownSlackRun: Check<ParticipantScope> = async (args, scope, owned) => {
  const s = await seat(scope, owned);
  return s?.kind === 'slack' && args.runId === s.runId ? null : NOT_YOUR_RUN;
};
/** Browsing the run's workspace: with the run id, so main records the call as the benchmark's tool call. */
const ownBrowse: Check<ParticipantScope> = async (args, scope, owned) => {
  const s = await seat(scope, owned);
  return s?.kind === 'slack' && args.workspaceId === s.workspaceId && args.runId === s.runId ? null : NOT_YOUR_RUN;
};
/** Name look-ups (mentions, member lists) are the app's work, recorded or not, but only in the run's workspace. */
const ownWorkspace: Check<ParticipantScope> = async (args, scope, owned) => {
  const s = await seat(scope, owned);
  return s?.kind === 'slack' && args.workspaceId === s.workspaceId && (args.runId === undefined || args.runId === s.runId)
    ? null
    : NOT_YOUR_RUN;
};
const ownId: Check<ParticipantScope> = (args, scope) => (args.participantId === scope.participantId ? null : 'this link may use only its own plan');
const ownStudy: Check<ParticipantScope> = (args, scope) => (args.studyKey === scope.studyKey ? null : NOT_YOUR_RUN);
const ownRepo: Check<ParticipantScope> = async (args, scope, owned) => {
  const s = await seat(scope, owned);
  return args.studyKey === scope.studyKey && s?.kind === 'slack' && args.runId === s.runId ? null : NOT_YOUR_RUN;
};

/**
 * A participant link: the kiosk methods, and the seat methods of their own current run only. Anything not listed
 * (the library, settings changes, replaySession, exports, other sessions, starting runs) is refused.
 */
export const participantMethods: Record<string, Check<ParticipantScope>> = {
  accessWhoAmI: always,
  enterKiosk: always,
  unlockKiosk: always,
  participantStep: ownId,
  participantConsent: ownId,
  participantAnswer: ownId,
  participantNext: ownId,
  participantStartRun: ownId,
  participantWithdraw: ownId,
  /** Projected to the typing delay only (see project.ts). */
  getSettings: always,
  teamView: ownTeamSession,
  teamSend: ownTeamSession,
  teamTool: ownTeamSession,
  teamAcceptDeal: ownTeamSession,
  teamOfferDeal: ownTeamSession,
  teamSubmit: ownTeamSession,
  teamPause: ownTeamSession,
  teamResume: ownTeamSession,
  teamWorkspaceFiles: ownTeamSession,
  slackRunView: ownSlackRun,
  slackPauseRun: ownSlackRun,
  slackResumeRun: ownSlackRun,
  slackSubmitAnswer: ownSlackRun,
  slackWorkspaceStatus: ownWorkspace,
  slackUsers: ownWorkspace,
  slackUser: ownWorkspace,
  slackChannelMembers: ownWorkspace,
  slackConversations: ownBrowse,
  slackChannelPage: ownBrowse,
  slackJumpToDate: ownBrowse,
  slackThread: ownBrowse,
  slackSearch: ownBrowse,
  slackStudyResources: ownStudy,
  slackRepoTree: ownRepo,
  slackRepoFile: ownRepo,
  slackRepoCommits: ownRepo,
  slackRepoCommit: ownRepo,
  slackRepoSearch: ownRepo,
  slackDocument: ownRepo,
};

const NOT_YOUR_SESSION = 'this link may use only its own labelling session';
const ownLabelling: Check<RaterScope> = async (args, scope, owned) =>
  typeof args.sessionId === 'string' && (await owned.raterSessions(scope.studyKey, scope.rater)).includes(args.sessionId) ? null : NOT_YOUR_SESSION;

const ownGrading: Check<RaterScope> = (args, scope) =>
  args.studyKey === scope.studyKey && args.graderId === scope.rater ? null : 'this link may grade only under its own grader id';

/** A rater link: their own labelling session in their own study, under their own rater id. */
export const raterMethods: Record<string, Check<RaterScope>> = {
  accessWhoAmI: always,
  enterKiosk: always,
  unlockKiosk: always,
  getSettings: always,
  openLabelling: (args, scope) => (args.studyKey === scope.studyKey && args.rater === scope.rater ? null : NOT_YOUR_SESSION),
  giveLabel: ownLabelling,
  skipItem: ownLabelling,
  flagItem: ownLabelling,
  undoLabel: ownLabelling,
  // The study's adjudicator holds a rater link under their own id; the handlers refuse anyone not named adjudicator.
  labellingRole: (args, scope) => (args.studyKey === scope.studyKey && args.person === scope.rater ? null : NOT_YOUR_SESSION),
  openAdjudication: (args, scope) => (args.studyKey === scope.studyKey && args.adjudicator === scope.rater ? null : NOT_YOUR_SESSION),
  adjudicate: ownLabelling,
  // A rater link on a Slack study is a grader's link: their own queue and grades under their own id, nobody else's.
  slackGraderRole: ownGrading,
  slackGradingQueue: ownGrading,
  slackRecordGrade: ownGrading,
  slackReviseGrade: ownGrading,
  slackMyGrades: ownGrading,
};

const NOT_YOUR_AUDIT = 'this link may use only its own audit queue';
const ownAudit: Check<AuditorScope> = async (args, scope, owned) =>
  typeof args.sessionId === 'string' && ((await owned.auditSessions?.(scope.studyKey, scope.auditor)) ?? []).includes(args.sessionId) ? null : NOT_YOUR_AUDIT;

/** An auditor link (issue 27): their own audit queue of their own study; no results, no other auditor, no labeller. */
export const auditorMethods: Record<string, Check<AuditorScope>> = {
  accessWhoAmI: always,
  enterKiosk: always,
  unlockKiosk: always,
  getSettings: always,
  openAudit: (args, scope) => (args.studyKey === scope.studyKey && args.auditor === scope.auditor ? null : NOT_YOUR_AUDIT),
  giveAuditLabel: ownAudit,
  undoAuditLabel: ownAudit,
};

/** The study's enrolment link: enrol a platform id into its own study, nothing else (no who-am-I: no study key). */
export const enrolmentMethods: Record<string, Check<EnrolmentScope>> = {
  enrolmentParameter: always,
  enrolVisit: always,
};

const methodsOf = (kind: Exclude<AccessScope['kind'], 'experimenter'>): Record<string, unknown> =>
  kind === 'participant' ? participantMethods : kind === 'rater' ? raterMethods : kind === 'auditor' ? auditorMethods : enrolmentMethods;

/** Whether the method is on the scope's list at all (its arguments are checked separately). */
export function listed(scope: AccessScope, method: string): boolean {
  if (scope.kind === 'experimenter') return true;
  return Object.hasOwn(methodsOf(scope.kind), method);
}

/**
 * Whether `scope` may call `method` with these (already schema-parsed) arguments: null when allowed, or the
 * refusal worded for the page. The experimenter may call everything.
 */
export async function refusal(scope: AccessScope, method: string, args: Args, owned: Ownership): Promise<string | null> {
  switch (scope.kind) {
    case 'experimenter':
      return null;
    case 'participant': {
      const check = Object.hasOwn(participantMethods, method) ? participantMethods[method] : undefined;
      return check ? await check(args, scope, owned) : `a participant link may not call ${method}`;
    }
    case 'rater': {
      const check = Object.hasOwn(raterMethods, method) ? raterMethods[method] : undefined;
      return check ? await check(args, scope, owned) : `a rater link may not call ${method}`;
    }
    case 'auditor': {
      const check = Object.hasOwn(auditorMethods, method) ? auditorMethods[method] : undefined;
      return check ? await check(args, scope, owned) : `an auditor link may not call ${method}`;
    }
    case 'enrolment': {
      const check = Object.hasOwn(enrolmentMethods, method) ? enrolmentMethods[method] : undefined;
      return check ? await check(args, scope, owned) : `a study link may not call ${method}`;
    }
  }
}
