import { z } from 'zod';
import { storedEventSchema } from './schemas.js';
import { importProgressSchema, importReportSchema } from './slack.js';

/** The one stream from main to the UI. Every pushed event was committed to disk before it was sent. */
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session.event'), event: storedEventSchema }),
  z.object({ type: z.literal('studies.changed') }),
  /**
   * A participant's page only, in place of a study-log event naming them (a step, a run's start or end, a void, a
   * rerun, a withdrawal…): their plan moved, so the page reads its screen again. It carries nothing (issue 25).
   */
  z.object({ type: z.literal('visit.moved') }),
  /** A session's console queue changed (a message waits for the experimenter's label, or left the queue): experimenter only. */
  z.object({ type: z.literal('console.queue'), sessionId: z.string() }),
  /** A Slack export import moving on (one per export file read). */
  z.object({ type: z.literal('slack.import.progress'), importId: z.string(), workspaceId: z.string(), progress: importProgressSchema }),
  /** The import ended: a report (also when cancelled: report.cancelled), or an error and no report. */
  z.object({
    type: z.literal('slack.import.done'),
    importId: z.string(),
    workspaceId: z.string(),
    report: importReportSchema.nullable(),
    error: z.string().nullable(),
  }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
