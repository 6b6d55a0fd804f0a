import { z } from 'zod';
import { method } from './define.js';
import { sessionIdSchema } from './schemas.js';
import { participantTeamViewSchema } from './access.js';
import { onTimeoutPolicies } from '../team/console/consoleSchema.js';

/**
 * The experimenter's console (issue 14 item 1, Wizard of Oz labelling): one live team session as its participant sees
 * it, plus what they never see — the labels, the script, what each label would make the teammates say, and the
 * messages waiting for a label. Experimenter scope only: no participant or rater link lists these methods, and the
 * `console.queue` event goes to the experimenter's stream only.
 */

/** A console page's own id (random per page load): the host's lease names the console that drives a session. */
export const consoleIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected a console id of 8 to 64 letters, digits, _ or -');

const wouldSaySchema = z.object({ seat: z.string(), to: z.string(), text: z.string() });

export const consoleQueueItemSchema = z.object({
  /** The host's id of this wait (a message asked again after a restart gets a new one). */
  requestId: z.string(),
  /** Index of the participant's message in the session's messages. */
  messageIndex: z.number().int(),
  round: z.number().int(),
  to: z.string(),
  text: z.string(),
  askedAt: z.string(),
  /** When the study's fallback labels it (ISO time); null under `on_timeout: hold`. */
  fallbackAt: z.string().nullable(),
});
export type ConsoleQueueItem = z.infer<typeof consoleQueueItemSchema>;

export const consoleViewSchema = z.object({
  sessionId: z.string(),
  studyKey: z.string(),
  taskId: z.string(),
  version: z.string(),
  seed: z.number().int(),
  /** The seat as the participant's page has it (the same projection their link gets). */
  seat: participantTeamViewSchema,
  labels: z.array(
    z.object({
      id: z.string(),
      definition: z.string(),
      default: z.boolean(),
      /** The key that picks it on the console: 1–9, then a–z. */
      key: z.string(),
      next: z.array(wouldSaySchema),
      ends: z.string().nullable(),
    }),
  ),
  script: z.array(
    z.object({
      seat: z.string(),
      status: z.string(),
      line: z.object({ id: z.string(), text: z.string() }).nullable(),
      said: z.number().int(),
      of: z.number().int(),
      gaveWay: z.string().nullable(),
    }),
  ),
  queue: z.array(consoleQueueItemSchema),
  /** The latest labels of this session, newest first, with who gave them. */
  decided: z.array(z.object({ messageIndex: z.number().int(), round: z.number().int(), text: z.string(), label: z.string(), source: z.string(), by: z.string() })),
  /** The study's setting; null when the study does not label by console (the console then only watches). */
  policy: z.object({ timeoutSec: z.number(), onTimeout: z.enum(onTimeoutPolicies), partnerSeats: z.boolean() }).nullable(),
  /** Partner seats the console may write as (empty unless the study allows it), and the participant's seat name. */
  partners: z.array(z.object({ name: z.string(), role: z.string() })),
  /** `driver`: this console labels; `viewer`: another console holds the session (read-only here). */
  role: z.enum(['driver', 'viewer']),
});
export type ConsoleView = z.infer<typeof consoleViewSchema>;

const who = { sessionId: sessionIdSchema, consoleId: consoleIdSchema };

export const consoleMethods = {
  /** Reads the console and renews (or takes, when free or lapsed) this console's lease of the session. */
  consoleView: method(z.object(who).strict(), consoleViewSchema),
  /** Labels a waiting message; answers once the `label_decided` event is on disk. Refused for a read-only console. */
  consoleDecide: method(z.object({ ...who, requestId: z.string().min(1).max(100), label: z.string().min(1).max(100) }).strict(), consoleViewSchema),
  /** Writes as a partner seat (studies with `partner_seats: true`), to `team` or to the participant's seat. */
  consoleSay: method(
    z.object({ ...who, seat: z.string().min(1).max(100), to: z.string().min(1).max(100), text: z.string().trim().min(1).max(10_000) }).strict(),
    consoleViewSchema,
  ),
  /** The page is closing: its lease ends now instead of lapsing. */
  consoleRelease: method(z.object(who).strict(), z.object({ released: z.boolean() })),
};
