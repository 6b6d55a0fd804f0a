import { z } from 'zod';
import { studyKinds } from '../studies/manifest.js';

export const problemSchema = z.object({
  file: z.string(),
  path: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
});

export const databaseStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), path: z.string(), schemaVersion: z.number().int() }),
  /** The file exists but cannot be used; it is kept untouched until the researcher chooses. */
  z.object({
    status: z.enum(['corrupt', 'too_new', 'unavailable']),
    path: z.string(),
    message: z.string(),
  }),
]);
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;

export const appInfoSchema = z.object({
  host: z.enum(['electron', 'browser']),
  version: z.string(),
  dataDir: z.string(),
  database: databaseStatusSchema,
  /** Messages the researcher should see once, e.g. a corrupt settings file that was moved aside. */
  notices: z.array(z.string()),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const studySummarySchema = z.object({
  /** Unique across all study folders: `<origin>:<folder name>`. */
  key: z.string(),
  id: z.string().nullable(),
  title: z.string(),
  kind: z.enum(studyKinds).nullable(),
  description: z.string(),
  taskCount: z.number().int().nullable(),
  origin: z.enum(['built-in', 'user']),
  dir: z.string(),
  problems: z.array(problemSchema),
  /** Team tasks whose rules labeller is not validated on a label test set (or has none): shown, never hidden. */
  unvalidatedRules: z.array(z.string()).optional(),
  /**
   * A team or Slack study without a `protocol:` section: a task library, run as pilot runs only (no participants,
   * dashboard or results), as validate-pack reports it.
   */
  pilotOnly: z.boolean().optional(),
});
export type StudySummary = z.infer<typeof studySummarySchema>;

export const studyTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /**
   * A team task's rules labeller on its label test set (studies/FORMAT-team.md, "Label test sets"); `measured` is
   * false when the task has no set.
   */
  rules: z.object({ validated: z.boolean(), measured: z.boolean(), reasons: z.array(z.string()) }).optional(),
});
export type StudyTask = z.infer<typeof studyTaskSchema>;
export const studyDetailSchema = studySummarySchema.extend({
  tasks: z.array(studyTaskSchema),
  source: z
    .object({ citation: z.string(), licence: z.string(), url: z.string().optional(), fictional: z.string().optional() })
    .nullable(),
});
export type StudyDetail = z.infer<typeof studyDetailSchema>;

export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'expected a session id');
export const participantSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'expected a participant id of letters, digits, dot, dash or underscore');

export const sessionSummarySchema = z.object({
  id: sessionIdSchema,
  studyKey: z.string(),
  taskId: z.string(),
  participant: z.string(),
  createdAt: z.string(),
  eventCount: z.number().int(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const storedEventSchema = z.object({
  sessionId: z.string(),
  seq: z.number().int().positive(),
  /** Microseconds on the machine's monotonic clock: orders events and measures durations across restarts. */
  monoUs: z.number().int(),
  wallTime: z.string(),
  kind: z.string(),
  payload: z.unknown(),
});
export type StoredEvent = z.infer<typeof storedEventSchema>;
