import { z } from 'zod';
import { method } from './define.js';
import { participantSchema } from './schemas.js';
import { participantIdSchema } from './study.js';
import { teamViewSchema } from '../team/viewSchema.js';
import { runViewSchema } from './slack.js';

/**
 * Who holds a link (issue 17 items 2-3). The experimenter holds the full token; a participant link and a rater
 * link each carry a capability limited to one person's own plan or labelling session. The host resolves the
 * scope from the token (browser) or the window (desktop) and passes it to handlers in the CallContext.
 */
const participantScope = z.object({
  kind: z.literal('participant'),
  studyKey: z.string().min(1),
  /** The study's opaque participant id (never the code): the study's participant methods are keyed by it. */
  participantId: participantIdSchema,
});
const raterScope = z.object({ kind: z.literal('rater'), studyKey: z.string().min(1), rater: participantSchema });
/** An auditor of a team study's labels (issue 27): their own audit queue, nothing else. */
const auditorScope = z.object({ kind: z.literal('auditor'), studyKey: z.string().min(1), auditor: participantSchema });
/**
 * A study's one enrolment link (issue 25): it may only enrol a platform id into its study (or give a returning
 * browser its own visit back); the page learns no study name or key from it.
 */
const enrolmentScope = z.object({ kind: z.literal('enrolment'), studyKey: z.string().min(1) });
/** What a participant, rater, auditor or enrolment link grants. */
export const linkScopeSchema = z.discriminatedUnion('kind', [participantScope, raterScope, auditorScope, enrolmentScope]);
export const accessScopeSchema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('experimenter') }), participantScope, raterScope, auditorScope, enrolmentScope]);
export type AccessScope = z.infer<typeof accessScopeSchema>;
export type ScopeKind = AccessScope['kind'];

/**
 * What a participant's page may know of a team run: the seat view without version, seed, study key or task id
 * (the condition a person sits in is hidden from them, and the task id can name it).
 */
export const participantTeamViewSchema = teamViewSchema.omit({ version: true, seed: true, studyKey: true, taskId: true });
export type ParticipantTeamView = z.infer<typeof participantTeamViewSchema>;

/** A participant's Slack run: no study key, query id, SlackBench category (the Slack condition) or grading state (a checker outcome). */
export const participantRunViewSchema = runViewSchema.omit({ studyKey: true, queryId: true, grading: true, category: true });
export type ParticipantRunView = z.infer<typeof participantRunViewSchema>;

const pinSchema = z.string().regex(/^[0-9]{4,12}$/, 'expected a PIN of 4 to 12 digits');

export const linkSchema = z.object({
  /** The fragment to append to the host's address: `kiosk=<capability>`. */
  fragment: z.string(),
  scope: z.enum(['participant', 'rater', 'auditor']),
});

export const accessMethods = {
  /** Any scope: which kind of link this page holds (a participant learns nothing more). */
  accessWhoAmI: method(
    z.object({}).strict(),
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('experimenter') }),
      /** The id the study's participant methods take (opaque, the participant's own), and the study the seats browse. */
      z.object({ kind: z.literal('participant'), participantId: participantIdSchema, studyKey: z.string() }),
      z.object({ kind: z.literal('rater'), studyKey: z.string(), rater: z.string() }),
      z.object({ kind: z.literal('auditor'), studyKey: z.string(), auditor: z.string() }),
    ]),
  ),
  /** Experimenter: the link a participant walks their plan with. The same link every time it is asked for. */
  participantLink: method(z.object({ studyKey: z.string().min(1), participantId: participantIdSchema }).strict(), linkSchema),
  /**
   * Experimenter: the study's one enrolment link (`enrol=<capability>`, the same every time) and the URL parameter
   * the platform puts the participant's id in; refused for a study without `protocol.enrolment`.
   */
  enrolmentLink: method(
    z.object({ studyKey: z.string().min(1) }).strict(),
    z.object({ fragment: z.string(), idParameter: z.string(), cap: z.number().int(), abandonAfterMinutes: z.number(), completionUrl: z.string().nullable() }),
  ),
  /** Enrolment link: which URL parameter carries the platform id (nothing else about the study). */
  enrolmentParameter: method(z.object({}).strict(), z.object({ idParameter: z.string() })),
  /**
   * Enrolment link: a platform id takes the next balanced plan slot and gets its participant capability; a
   * returning browser gets its own visit back only by presenting the capability it was given (`held`).
   * Checked by the handler, so a bad id is answered in plain words.
   */
  enrolVisit: method(
    z.object({ platformId: z.string().max(500), held: z.string().max(300).optional() }).strict(),
    z.object({ capability: z.string(), returning: z.boolean() }),
  ),
  /** Experimenter: a rater's labelling link. */
  raterLink: method(z.object({ studyKey: z.string().min(1), rater: participantSchema }).strict(), linkSchema),
  /**
   * Any scope: checks a participant or rater link before a page switches to it. The desktop host also narrows
   * the calling window to that link's scope (a window, not a token, holds the scope there).
   */
  enterKiosk: method(z.object({ capability: z.string().min(1).max(200) }).strict(), z.object({ kind: z.enum(['participant', 'rater', 'auditor']) })),
  /** Experimenter: the PIN that lets the experimenter leave a kiosk at the participant's screen. */
  setKioskPin: method(z.object({ pin: pinSchema }).strict(), z.object({ set: z.boolean() })),
  kioskPinStatus: method(z.object({}).strict(), z.object({ set: z.boolean() })),
  /**
   * Any scope: the experimenter's PIN, typed at a kiosk, gives that tab an experimenter token for this host
   * run. Wrong PINs are rate-limited by the host.
   */
  unlockKiosk: method(z.object({ pin: z.string().max(64) }).strict(), z.object({ token: z.string() })),
  /** Experimenter: the links with wrong PINs counted against them (each link counts its own), locked or not. */
  kioskLocks: method(
    z.object({}).strict(),
    z.object({
      locks: z.array(z.object({ scope: linkScopeSchema, failures: z.number().int().min(0), waitMs: z.number().int().min(0) })),
    }),
  ),
  /** Experimenter: clears one link's wrong PINs and lock; the clear is recorded (access.json and the host's log). */
  clearKioskLock: method(z.object({ scope: linkScopeSchema }).strict(), z.object({ failures: z.number().int().min(0) })),
};
