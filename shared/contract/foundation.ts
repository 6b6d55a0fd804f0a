import { z } from 'zod';
import { method } from './define.js';
import {
  appInfoSchema,
  participantSchema,
  sessionIdSchema,
  sessionSummarySchema,
  storedEventSchema,
  studyDetailSchema,
  studySummarySchema,
} from './schemas.js';
import { settingsPatchSchema, settingsSchema } from '../settings.js';

const none = z.object({}).strict();

/**
 * The app itself: its host and database, settings, the study library, and sessions as raw event logs.
 */
export const foundationMethods = {
  appInfo: method(none, appInfoSchema),
  /** Moves a damaged or too-new database aside (kept, never deleted) and starts a fresh one. */
  startFreshDatabase: method(z.object({ confirm: z.literal(true) }).strict(), appInfoSchema),

  getSettings: method(none, settingsSchema),
  updateSettings: method(settingsPatchSchema.strict(), settingsSchema),

  listStudies: method(none, z.array(studySummarySchema)),
  openStudy: method(z.object({ key: z.string().min(1) }).strict(), studyDetailSchema),

  startSession: method(
    z.object({ studyKey: z.string().min(1), taskId: z.string().min(1), participant: participantSchema }).strict(),
    sessionSummarySchema,
  ),
  listSessions: method(z.object({ studyKey: z.string().optional() }).strict(), z.array(sessionSummarySchema)),
  /** A participant-side note (e.g. a typed pause). Team and Slack seats add their own typed actions. */
  recordNote: method(
    z
      .object({
        sessionId: sessionIdSchema,
        kind: z.enum(['paused', 'resumed', 'note']),
        reason: z.string().trim().min(1).max(500),
      })
      .strict(),
    storedEventSchema,
  ),
  replaySession: method(z.object({ sessionId: sessionIdSchema }).strict(), z.array(storedEventSchema)),
};

