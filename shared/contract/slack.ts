import { z } from 'zod';
import { method } from './define.js';
import { participantSchema } from './schemas.js';
import { queryCategories } from '../judge/query.js';
import { pausedBySchema } from '../pause.js';
import { comparisonSchema } from '../labelling/report-schema.js';

// The Slack seat (issue 5): workspaces imported from Slack exports, query runs whose browsing is recorded as the
// benchmark's tool calls, the study's repository and documents, grading and the Harbor export.
//
// Browse methods take an optional `runId`: when given, main records the call in that run's log as the benchmark
// tool call (get_channel_history, search_messages, get_file_contents, ...) BEFORE returning the result, and refuses
// it when the run is paused, answered or out of time. The UI never records anything itself.
//
// A query's reference answer, guideline and checklist never appear in any result below except the grader's queue
// (`slackGradingQueue`) and the researcher's run details after grading (`slackRunDetail`).

export const workspaceIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/, 'expected a workspace id');
export const runIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'expected a run id');
export const importIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'expected an import id');
const studyKey = z.string().min(1);
const reason = z.string().trim().min(1).max(500);
const graderIdSchema = participantSchema;

// ---------- imports ----------

export const importProgressSchema = z.object({ entriesDone: z.number(), entriesTotal: z.number(), messages: z.number() });
export type ImportProgressView = z.infer<typeof importProgressSchema>;

const count = z.number();
export const importReportSchema = z.object({
  source: z.string(),
  users: count,
  conversations: z.object({ channel: count, private: count, dm: count, mpim: count }),
  ...{ dayFiles: count, messages: count, added: count, alreadyPresent: count, threadReplies: count, broadcasts: count },
  ...{ botMessages: count, systemMessages: count, edited: count, withFiles: count, withReactions: count, orphanReplies: count },
  /** User ids that messages name but the users file does not hold. */
  unknownUsers: z.array(z.string()),
  skipped: z.array(z.object({ entry: z.string(), path: z.string(), reason: z.string() })),
  skippedNotListed: count,
  cancelled: z.boolean(),
  seconds: count,
});
export type ImportReportView = z.infer<typeof importReportSchema>;

/** A workspace is ready, still importing (wait for `slack.import.done` with this importId), or failed/cancelled. */
export const workspaceStatusSchema = z.object({
  workspaceId: workspaceIdSchema,
  title: z.string(),
  origin: z.enum(['study', 'user']),
  studyKey: z.string().nullable(),
  /** The CI variant folder laid over the export, e.g. `variants/ci-ben`; null for the plain export. */
  variant: z.string().nullable(),
  status: z.enum(['ready', 'importing', 'failed', 'cancelled', 'not_imported']),
  /** Set while importing: the id the progress and done events carry. */
  importId: importIdSchema.nullable(),
  progress: importProgressSchema.nullable(),
  /** The last finished import's report (what was read, what was skipped and why). */
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
});
export type WorkspaceStatus = z.infer<typeof workspaceStatusSchema>;

// ---------- workspace contents ----------

export const conversationKinds = ['channel', 'private', 'dm', 'mpim'] as const;
export const conversationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(conversationKinds),
  topic: z.string(),
  purpose: z.string(),
  isArchived: z.boolean(),
  members: z.array(z.string()),
});
export type ConversationView = z.infer<typeof conversationSchema>;

export const reactionSchema = z.object({ name: z.string(), users: z.array(z.string()), count: z.number().optional() });
export const messageSchema = z.object({
  /** The message's time key; the cursor of channel pages. */
  id: z.number(),
  conversationId: z.string(),
  conversationName: z.string(),
  ts: z.string(),
  threadTs: z.string().nullable(),
  userId: z.string().nullable(),
  /** Display name; an unknown or deleted user shows as their id. */
  userName: z.string(),
  isBot: z.boolean(),
  /** Slack mrkdwn: render with shared/slack/mrkdwn.ts, never as HTML. */
  text: z.string(),
  subtype: z.string().nullable(),
  replyCount: z.number(),
  editedTs: z.string().nullable(),
  isBroadcast: z.boolean(),
  isPinned: z.boolean(),
  files: z.array(z.unknown()),
  reactions: z.array(reactionSchema),
  attachments: z.array(z.unknown()),
  blocks: z.array(z.unknown()),
});
export type MessageViewDto = z.infer<typeof messageSchema>;

export const channelPageSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Pass as `before` for the older page; null at the channel's start. */
  olderCursor: z.number().nullable(),
  /** Pass as `after` for the newer page; null at the end. */
  newerCursor: z.number().nullable(),
});
export type ChannelPageView = z.infer<typeof channelPageSchema>;

export const userProfileSchema = z.object({
  ...{ id: z.string(), name: z.string(), realName: z.string().nullable(), displayName: z.string().nullable() },
  ...{ title: z.string().nullable(), tz: z.string().nullable(), isBot: z.boolean(), isDeleted: z.boolean() },
  /** False for ids that messages name but the export's users file does not hold (shown by id, never an error). */
  known: z.boolean(),
});
export type UserProfileView = z.infer<typeof userProfileSchema>;

export const searchPageSchema = z.object({
  hits: z.array(
    z.object({
      message: messageSchema,
      score: z.number().nullable(),
      /** Plain text around the first match, names resolved; highlights are [start, end) offsets into it. */
      snippet: z.object({ text: z.string(), highlights: z.array(z.tuple([z.number(), z.number()])) }),
    }),
  ),
  nextCursor: z.string().nullable(),
  /** Modifiers that could not be read, worded for the person; the search ran without them. */
  problems: z.array(z.string()),
});
export type SearchPageView = z.infer<typeof searchPageSchema>;

// ---------- repository and documents ----------

export const repoEntrySchema = z.object({ path: z.string(), name: z.string(), type: z.enum(['file', 'dir']) });
export const repoFileSchema = z.object({
  path: z.string(),
  /** The commit read from. */
  oid: z.string(),
  size: z.number(),
  /** null when the file is binary. */
  text: z.string().nullable(),
});
export const fileChangeSchema = z.object({ path: z.string(), change: z.enum(['added', 'modified', 'deleted']) });
export const commitSchema = z.object({
  ...{ oid: z.string(), shortOid: z.string(), message: z.string(), authorName: z.string(), authorEmail: z.string() },
  /** ISO 8601. */
  date: z.string(),
  files: z.array(fileChangeSchema),
});
export type CommitView = z.infer<typeof commitSchema>;
export const diffLineSchema = z.object({ op: z.enum([' ', '+', '-']), text: z.string() });
export const commitDetailSchema = commitSchema.extend({
  diffs: z.array(
    z.object({
      path: z.string(),
      change: fileChangeSchema.shape.change,
      binary: z.boolean(),
      /** Whole-file line diff (context, added, removed), capped; `truncated` says when lines were left out. */
      lines: z.array(diffLineSchema),
      truncated: z.boolean(),
    }),
  ),
});
export const codeHitSchema = z.object({ path: z.string(), line: z.number().int(), text: z.string(), highlights: z.array(z.tuple([z.number(), z.number()])) });
export const documentSummarySchema = z.object({
  path: z.string(),
  title: z.string(),
  /** How the UI renders it: markdown → the app's safe markdown view; html → as text (never injected); text → pre. */
  format: z.enum(['markdown', 'html', 'text']),
  size: z.number(),
});
export const studyResourcesSchema = z.object({
  repository: z.object({ name: z.string(), headOid: z.string(), branch: z.string().nullable() }).nullable(),
  documents: z.array(documentSummarySchema),
});

// ---------- query runs ----------

export const queryCategorySchema = z.enum(queryCategories);
export const querySummarySchema = z.object({
  id: z.string(),
  category: queryCategorySchema,
  query: z.string(),
  timeLimitMinutes: z.number(),
  /** True when the query runs in its own workspace variant (CI queries). */
  hasVariant: z.boolean(),
});
export type QuerySummary = z.infer<typeof querySummarySchema>;

/** `error`: a model's run closed on an endpoint or budget error (issue 28); a person's run never has it. */
export const runStatuses = ['running', 'paused', 'time_up', 'submitted', 'error'] as const;
/** What the participant sees of a run: never the reference, guideline or checklist. */
export const runViewSchema = z.object({
  runId: runIdSchema,
  studyKey: z.string(),
  queryId: z.string(),
  category: queryCategorySchema,
  query: z.string(),
  participant: z.string(),
  /** Browse with this workspace (the query's variant for CI queries). */
  workspaceId: workspaceIdSchema,
  status: z.enum(runStatuses),
  /** Who set the pause in force (issue 25): the seat offers Resume only for its own. */
  pausedBy: pausedBySchema.nullable().optional(),
  startedAt: z.string(),
  timeLimitMs: z.number(),
  /** Time on the clock so far, pauses excluded, as of this response. */
  elapsedMs: z.number(),
  remainingMs: z.number(),
  pauses: z.array(z.object({ at: z.string(), reason: z.string(), resumedAt: z.string().nullable(), resumeReason: z.string().nullable() })),
  /** Tool calls recorded so far. */
  actionCount: z.number().int(),
  answer: z.object({ text: z.string(), at: z.string(), late: z.boolean() }).nullable(),
  /** Two-grader studies wait for the second grader, and for a third when the two differ (shared/judge/grades.ts). */
  grading: z.enum(['not_submitted', 'awaiting_grader', 'awaiting_second_grader', 'awaiting_third_grader', 'graded', 'judge_error']),
  /** Elapsed time at which the warning before the limit is given (main records it; the run bar shows it). */
  warnAtMs: z.number().optional(),
  /** Set once the warning was given: the time that was left then. */
  timeWarning: z.object({ remainingMs: z.number() }).nullable().optional(),
  /** `time_limit` once the limit ended the run (an answer typed after it is still kept, marked late). */
  ended: z.enum(['submitted', 'time_limit']).nullable().optional(),
});
export type RunView = z.infer<typeof runViewSchema>;

export const runSummarySchema = z.object({
  runId: runIdSchema,
  queryId: z.string(),
  category: queryCategorySchema,
  participant: z.string(),
  status: z.enum(runStatuses),
  startedAt: z.string(),
  grading: runViewSchema.shape.grading,
  reward: z.number().nullable(),
});

export const verdictSchema = z.object({
  pass: z.boolean(),
  reward: z.number(),
  /** SU: each checklist item and whether the answer met it. */
  items: z.array(z.object({ text: z.string(), met: z.boolean() })).optional(),
  /** `endpoint` (an LLM judge, with its model) or `grader` (a second researcher, with their id). */
  by: z.enum(['endpoint', 'grader']),
  graderId: z.string().nullable(),
  model: z.string().nullable(),
  /** The judge's raw reply (endpoint) or empty. */
  reply: z.string(),
  at: z.string(),
});
/** Every grade of an answer in the order given, revisions included (the researcher's run detail only). */
export const gradeHistorySchema = z.array(
  z.object({
    by: z.enum(['endpoint', 'grader']),
    graderId: z.string().nullable(),
    model: z.string().nullable(),
    at: z.string(),
    /** Null for a judge error. */
    pass: z.boolean().nullable(),
    reward: z.number().nullable(),
    items: z.array(z.object({ text: z.string(), met: z.boolean() })).optional(),
    /** Set on a grader's revision of their own earlier grade. */
    reason: z.string().nullable(),
    error: z.string().nullable(),
  }),
);

export const runDetailSchema = z.object({
  run: runViewSchema,
  reference: z.string(),
  guideline: z.string().nullable(),
  checklist: z.array(z.string()).nullable(),
  verdict: verdictSchema.nullable(),
  judgeError: z.string().nullable(),
  /** How the verdict was reached: one grade, two graders agreeing, or a third settling their disagreement. */
  how: z.enum(['single', 'agreed', 'settled']).nullable(),
  grades: gradeHistorySchema,
  actions: z.array(z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()), at: z.string(), resultHead: z.string().optional() })),
});

export const gradingItemSchema = z.object({
  /** Opaque: does not reveal the run or who wrote the answer. */
  itemId: z.string(),
  queryId: z.string(),
  category: queryCategorySchema,
  mode: z.enum(['match', 'abstention', 'checklist']),
  query: z.string(),
  answer: z.string(),
  reference: z.string(),
  guideline: z.string().nullable(),
  checklist: z.array(z.string()).nullable(),
  /** The answer's two graders differ and this grade settles it (the grader is still not shown their grades). */
  settles: z.boolean(),
});
export type GradingItem = z.infer<typeof gradingItemSchema>;

/** One of the grader's own grades, as "Your grades" lists it: their current grade, and how often they revised it. */
export const myGradeSchema = gradingItemSchema.extend({
  grade: z.object({
    pass: z.boolean(),
    reward: z.number(),
    /** Checklist: met or not, item by item; null for a YES/NO answer. */
    items: z.array(z.boolean()).nullable(),
    at: z.string(),
    revisions: z.number().int(),
  }),
});
export type MyGrade = z.infer<typeof myGradeSchema>;

const agreementSideSchema = z.object({ verdicts: comparisonSchema.nullable(), checklistItems: comparisonSchema.nullable() });
/** shared/judge/graderAgreement.ts: the two graders of each answer, compared as labelling sessions compare raters. */
export const graderAgreementSchema = z.object({
  gradersPerAnswer: z.union([z.literal(1), z.literal(2)]),
  answersGraded: z.number().int(),
  doubleGraded: z.number().int(),
  agreed: z.number().int(),
  disagreed: z.number().int(),
  settled: z.number().int(),
  awaitingThird: z.number().int(),
  awaitingSecond: z.number().int(),
  pooled: agreementSideSchema,
  pairs: z.array(agreementSideSchema.extend({ first: z.string(), second: z.string(), answers: z.number().int() })),
});
export type GraderAgreementView = z.infer<typeof graderAgreementSchema>;

const categoryScore = z.object({ n: z.number(), graded: z.number(), ungraded: z.number(), passRate: z.number().nullable() });
export const studyScoreSchema = z.object({
  categories: z.record(queryCategorySchema, categoryScore),
  overall: z.number().nullable(),
  missing: z.array(queryCategorySchema),
});

export const judgeKeyStatusSchema = z.object({
  keySet: z.boolean(),
  /** `safeStorage` (encrypted by the OS keychain) or `file` (a 0600 file in the data folder, NOT encrypted). */
  store: z.enum(['safeStorage', 'file']),
  encrypted: z.boolean(),
  /** Shown beside the key field, e.g. where an unencrypted key is kept. */
  note: z.string(),
});

// ---------- methods ----------

const browse = { workspaceId: workspaceIdSchema, runId: runIdSchema.optional() };
const repo = { studyKey, runId: runIdSchema.optional() };
const run = { runId: runIdSchema };

export const slackMethods = {
  /** Workspaces screen: every study workspace (imported or not) and every user-imported export. */
  slackListWorkspaces: method(z.object({}).strict(), z.array(workspaceStatusSchema)),
  /** Opening a Slack study (or one query's CI variant): imports it on first open; wait for `slack.import.done`. */
  slackOpenStudyWorkspace: method(z.object({ studyKey, queryId: z.string().min(1).optional() }).strict(), workspaceStatusSchema),
  /** "Import an export…": a .zip or an unpacked folder on disk becomes a user workspace. */
  slackImportExport: method(z.object({ path: z.string().min(1), title: z.string().trim().max(200).optional() }).strict(), workspaceStatusSchema),
  /** The Cancel button on the import progress bar. */
  slackCancelImport: method(z.object({ importId: importIdSchema }).strict(), z.object({ cancelled: z.boolean() })),
  /**
   * "Delete…" on the workspaces list (after the UI's confirmation): removes the workspace's database and its record.
   * Refused for a built-in study's workspace, while it imports, and while an unanswered query run browses it.
   * A study's workspace comes back, imported afresh, the next time the study is opened.
   */
  slackDeleteWorkspace: method(z.object({ workspaceId: workspaceIdSchema }).strict(), z.object({ deleted: z.literal(true) })),
  /** Polling after a reload (events missed while the window was away). */
  slackWorkspaceStatus: method(z.object({ workspaceId: workspaceIdSchema }).strict(), workspaceStatusSchema),

  /** Sidebar: channels, private channels, DMs and group DMs (list_channels). */
  slackConversations: method(z.object({ ...browse, kinds: z.array(z.enum(conversationKinds)).optional() }).strict(), z.array(conversationSchema)),
  /** Channel view, keyset pages: no cursor = newest page; `before` = older; `after` = newer (get_channel_history). */
  slackChannelPage: method(
    z.object({ ...browse, conversationId: z.string().min(1), before: z.number().optional(), after: z.number().optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
    channelPageSchema,
  ),
  /** "Jump to date": the page starting at the first message on `day` or later (get_channel_history). */
  slackJumpToDate: method(
    z.object({ ...browse, conversationId: z.string().min(1), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'), tzOffsetMinutes: z.number().int().optional() }).strict(),
    channelPageSchema,
  ),
  /** Thread pane: the parent then its replies (get_thread_replies). */
  slackThread: method(z.object({ ...browse, conversationId: z.string().min(1), threadTs: z.string().min(1) }).strict(), z.array(messageSchema)),
  /** Profile card; unknown ids come back with `known: false` (get_user_info). */
  slackUser: method(z.object({ ...browse, userId: z.string().min(1) }).strict(), userProfileSchema),
  /** People directory (list_users). */
  slackUsers: method(z.object(browse).strict(), z.array(userProfileSchema)),
  /** Channel details: member profiles (get_channel_members). */
  slackChannelMembers: method(z.object({ ...browse, conversationId: z.string().min(1) }).strict(), z.array(userProfileSchema)),
  /** Search box: Slack modifiers (in:, from:, before:, has:, "phrases"…), newest or relevance, next page by cursor (search_messages). */
  slackSearch: method(
    z
      .object({
        ...browse,
        query: z.string().trim().min(1).max(1000),
        sort: z.enum(['newest', 'relevance']).default('newest'),
        cursor: z.string().nullable().optional(),
        limit: z.number().int().min(1).max(100).optional(),
        tzOffsetMinutes: z.number().int().optional(),
      })
      .strict(),
    searchPageSchema,
  ),

  /** Study side panel: is there a repository, which documents. Not recorded. */
  slackStudyResources: method(z.object({ studyKey }).strict(), studyResourcesSchema),
  /** Repository browser: one folder at HEAD, '' for the root (get_file_contents). */
  slackRepoTree: method(z.object({ ...repo, path: z.string().default('') }).strict(), z.array(repoEntrySchema)),
  /** Repository file view at HEAD or a given commit (get_file_contents). */
  slackRepoFile: method(z.object({ ...repo, path: z.string().min(1), oid: z.string().optional() }).strict(), repoFileSchema),
  /** History: commits newest first with the files each changed; `path` filters (list_commits). */
  slackRepoCommits: method(
    z.object({ ...repo, path: z.string().optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
    z.array(commitSchema),
  ),
  /** One commit with its line diffs (list_commits with sha). */
  slackRepoCommit: method(z.object({ ...repo, oid: z.string().regex(/^[0-9a-f]{4,40}$/, 'expected a commit id') }).strict(), commitDetailSchema),
  /** Code search: case-insensitive text in files at HEAD (search_code). */
  slackRepoSearch: method(z.object({ ...repo, query: z.string().trim().min(1).max(200) }).strict(), z.array(codeHitSchema)),
  /** Document view: the text of docs/<path>; the UI renders it safely (get_file_contents). */
  slackDocument: method(z.object({ ...repo, path: z.string().min(1) }).strict(), documentSummarySchema.extend({ text: z.string() })),

  /** Query picker: id, category, text and time limit only. */
  slackListQueries: method(z.object({ studyKey }).strict(), z.array(querySummarySchema)),
  /** Start (or reopen: one run per study, query and participant) a query; the clock starts now. Open its workspace first. */
  slackStartRun: method(
    z
      .object({
        studyKey,
        queryId: z.string().min(1),
        participant: participantSchema,
        /** Overrides the query's time limit (until runs start from a plan cell, which carries its own). */
        timeLimitSec: z.number().int().positive().max(86_400).optional(),
        timeWarningSec: z.number().int().positive().max(86_400).optional(),
      })
      .strict(),
    runViewSchema,
  ),
  /** The run screen's state after a reload, and its clock. */
  slackRunView: method(z.object(run).strict(), runViewSchema),
  /** The Pause button (typed reason); the clock stops. */
  slackPauseRun: method(z.object({ ...run, reason }).strict(), runViewSchema),
  slackResumeRun: method(z.object({ ...run, reason }).strict(), runViewSchema),
  /** Submit the answer (after the UI's confirmation); graded at once when a judge endpoint and key are set. */
  slackSubmitAnswer: method(z.object({ ...run, answer: z.string().trim().min(1).max(20_000) }).strict(), runViewSchema),
  /** Researcher's results table. */
  slackListRuns: method(z.object({ studyKey, participant: participantSchema.optional() }).strict(), z.array(runSummarySchema)),
  /** Researcher's run detail: the reference and the trajectory; refused until the run is graded. */
  slackRunDetail: method(z.object(run).strict(), runDetailSchema),
  /** (Re-)judge submitted answers with the endpoint: one run, or every ungraded run of a study. */
  slackJudgeRuns: method(
    z.object({ studyKey, runId: runIdSchema.optional() }).strict(),
    z.object({ judged: z.number().int(), errors: z.array(z.object({ queryId: z.string(), message: z.string() })) }),
  ),

  /** Grader screen: the answers this grader may grade now (their own queue), shuffled, without who wrote them or other grades. */
  slackGradingQueue: method(z.object({ studyKey, graderId: graderIdSchema }).strict(), z.array(gradingItemSchema)),
  /** Grader's decision on an answer in their queue: `pass` for AS/HA/CI, `items` (one per checklist item) for SU. */
  slackRecordGrade: method(
    z.object({ studyKey, itemId: z.string().min(1), graderId: graderIdSchema, pass: z.boolean().optional(), items: z.array(z.boolean()).optional() }).strict(),
    z.object({ itemId: z.string(), reward: z.number() }),
  ),
  /** A grader revises their own grade, saying why; the earlier grade is kept. An empty reason is refused. */
  slackReviseGrade: method(
    z
      .object({
        studyKey,
        itemId: z.string().min(1),
        graderId: graderIdSchema,
        pass: z.boolean().optional(),
        items: z.array(z.boolean()).optional(),
        // Any text, so an empty reason gets the handler's plain words rather than a schema message.
        reason: z.string().max(500),
      })
      .strict(),
    z.object({ itemId: z.string(), reward: z.number() }),
  ),
  /** "Your grades": this grader's own grades, never anyone else's. */
  slackMyGrades: method(z.object({ studyKey, graderId: graderIdSchema }).strict(), z.array(myGradeSchema)),
  /** Whether a link's study is a Slack study to grade, and how (a rater link asks before it opens a screen). */
  slackGraderRole: method(
    z.object({ studyKey, graderId: graderIdSchema }).strict(),
    z.object({ gradersPerAnswer: z.union([z.literal(1), z.literal(2)]), thirdGrader: z.boolean() }),
  ),
  /** Researcher: agreement between each answer's two graders, with intervals, and the disagreements' state. */
  slackGraderAgreement: method(z.object({ studyKey }).strict(), graderAgreementSchema),
  /** Scores: per participant and for everyone, per category and overall (SlackBench's unweighted mean). */
  slackScores: method(
    z.object({ studyKey }).strict(),
    z.object({ all: studyScoreSchema, byParticipant: z.array(z.object({ participant: z.string(), score: studyScoreSchema })) }),
  ),
  /** Writes one Harbor job folder per participant under <data dir>/results/slack/<study id>/. */
  slackExport: method(
    z.object({ studyKey, participant: participantSchema.optional() }).strict(),
    z.object({ jobs: z.array(z.object({ participant: z.string(), path: z.string(), trials: z.number().int() })) }),
  ),

  /** Settings: whether a judge API key is stored, and where (never the key itself). */
  judgeKeyStatus: method(z.object({}).strict(), judgeKeyStatusSchema),
  /** Settings: store the judge API key (`null` clears it). */
  setJudgeKey: method(z.object({ apiKey: z.string().trim().min(1).max(500).nullable() }).strict(), judgeKeyStatusSchema),
};
