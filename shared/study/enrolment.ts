/**
 * Online enrolment (issue 25 item 4): one study link for everyone, the participant's recruitment-platform id read
 * from a URL parameter the study names. This file holds the `protocol.enrolment` section and the pure decision a
 * visit to the link gets: a new participant in the next free balanced slot, the same visit back (only to the browser
 * that holds its capability), or a refusal in plain words. The id → participant map itself lives in the data folder
 * only (main/study/enrolmentMap.ts), never in the study log, results or bundles.
 */
import { z } from 'zod';
import { participantStatus, type ParticipantState, type StudyState } from './fold.js';

const HTTPS_URL = /^https:\/\/[^\s/?#]+[^\s]*$/;

export const enrolmentSchema = z.strictObject({
  /** The URL parameter that carries the platform's id of the person: PROLIFIC_PID, workerId, participant… */
  id_parameter: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'expected a URL parameter name such as PROLIFIC_PID (letters, digits, _)'),
  /** Enrolment stops once this many participants hold a plan slot (active or finished). */
  cap: z.number().int().min(1, 'expected a cap of at least 1').max(10_000),
  /**
   * A visit with no recorded action for this long is closed as abandoned when it is next looked at, and its plan
   * slot goes to the next new id, so the balance stays complete. Minutes; fractions are allowed.
   */
  abandon_after_minutes: z.number().positive('expected a number of minutes above 0').max(10_080, 'expected at most a week (10080 minutes)'),
  /**
   * Where the completion screen sends the participant: the platform's completion address, with `{code}` where the
   * completion code goes (https only: the code is the participant's claim to payment).
   */
  completion_url: z
    .string()
    .refine((u) => {
      if (!HTTPS_URL.test(u)) return false;
      try {
        return new URL(u.replace('{code}', 'CODE')).protocol === 'https:';
      } catch {
        return false;
      }
    }, 'expected an https:// address, e.g. https://app.prolific.com/submissions/complete?cc={code}')
    .optional(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/**
 * Why `id` cannot be a platform id, or null when it can. Ids are what platforms hand out (Prolific: 24 hex
 * characters; MTurk: A1B2…; SONA: digits): letters, digits, `_` or `-`, with at least one digit. Anything else
 * (a space, an `@`, markup, no digit at all) reads like a name, an address or an attack and is refused.
 */
export function platformIdProblem(id: string): string | null {
  if (id.trim() === '') return 'The study link has no participant id. Please open the study from the recruitment platform again.';
  if (/[<>"'&`]/.test(id)) return 'The participant id in the study link is not valid. Please open the study from the recruitment platform again.';
  if (/\s/.test(id.trim()) || id.includes('@'))
    return 'The participant id in the study link looks like a name or an e-mail address, not a platform id. Please open the study from the recruitment platform again.';
  if (!/^[A-Za-z0-9_-]{2,64}$/.test(id) || !/[0-9]/.test(id))
    return 'The participant id in the study link is not a platform id. Please open the study from the recruitment platform again.';
  return null;
}

/** The completion address with the code put in (encoded), or null when the study names none. */
export function completionAddress(enrolment: Enrolment | undefined, code: string): string | null {
  if (!enrolment?.completion_url) return null;
  const url = enrolment.completion_url;
  return url.includes('{code}') ? url.replaceAll('{code}', encodeURIComponent(code)) : url;
}

/** Participants whose plan slot counts: started and still taking part or done (void, withdrawn, declined, abandoned free theirs). */
export function holdsSlot(p: ParticipantState): boolean {
  const status = participantStatus(p);
  return p.plan !== null && (status === 'active' || status === 'finished');
}

/** The lowest slot from `first` on that no participant holds: a freed slot is refilled before the balance moves on. */
export function nextFreeSlot(state: StudyState, first = 0): number {
  const held = new Set(state.participants.filter(holdsSlot).map((p) => p.plan!.slot));
  let slot = first;
  while (held.has(slot)) slot++;
  return slot;
}

/**
 * Enrolled participants whose visit has had no recorded action for the study's window: they are recorded as
 * abandoned (never deleted) the next time anyone looks. `lastActivity` is the wall time (ms) of the participant's
 * latest event in the study log or in their current run.
 */
export function abandonedVisits(state: StudyState, enrolment: Enrolment, now: number, lastActivity: (p: ParticipantState) => number): ParticipantState[] {
  const window = enrolment.abandon_after_minutes * 60_000;
  return state.participants.filter((p) => p.source === 'enrolled' && participantStatus(p) === 'active' && now - lastActivity(p) >= window);
}

export type EnrolmentDecision =
  | { kind: 'return'; participantId: string }
  | { kind: 'new'; slot: number }
  | { kind: 'refused'; why: 'bad_id' | 'other_browser' | 'cap' | 'erased'; message: string };

export interface EnrolmentQuestion {
  /** The study's state after any abandoned visits were recorded. */
  state: StudyState;
  enrolment: Enrolment;
  /** Platform id → participant id, this study's part of the map in the data folder. */
  visits: ReadonlyMap<string, string>;
  platformId: string;
  /** The participant whose capability the browser presented (resolved by the host), or null. */
  heldBy: string | null;
  /** This station's first slot (protocol.participants.station_slots), 0 by default. */
  firstSlot: number;
  /** Whether this id's data in this study was erased on withdrawn consent (only its salted hash is kept). */
  erased: boolean;
}

/** Said to a person whose data was erased who opens the study link again (issue 25): they are not enrolled afresh. */
export const ERASED_REFUSAL =
  'Your data for this study was deleted when you withdrew your consent, so you cannot take part in it again. Please return the study on the recruitment platform. If you think this is a mistake, contact the researcher there.';

/**
 * What a visit to the study link gets. Knowing an id is not enough to get its visit back: only the browser that
 * holds the capability given at the first visit does. A second browser with a known id changes nothing.
 */
export function decideEnrolment(q: EnrolmentQuestion): EnrolmentDecision {
  const problem = platformIdProblem(q.platformId);
  if (problem) return { kind: 'refused', why: 'bad_id', message: problem };
  // A person who withdrew their consent and had their data erased is not enrolled again without a word: the
  // researcher decides (a new id from the platform, if they agree), not the link.
  if (q.erased) return { kind: 'refused', why: 'erased', message: ERASED_REFUSAL };
  const known = q.visits.get(q.platformId);
  const participant = known === undefined ? undefined : q.state.participants.find((p) => p.id === known);
  if (participant) {
    if (q.heldBy === participant.id) return { kind: 'return', participantId: participant.id };
    return {
      kind: 'refused',
      why: 'other_browser',
      message:
        'This id has already started the study in another browser. Please continue in the browser where you started it. If that is not possible, contact the researcher through the recruitment platform.',
    };
  }
  const holding = q.state.participants.filter(holdsSlot).length;
  if (holding >= q.enrolment.cap)
    return { kind: 'refused', why: 'cap', message: 'This study is full: it has all the participants it needs. Thank you for your interest; please return it on the recruitment platform.' };
  return { kind: 'new', slot: nextFreeSlot(q.state, q.firstSlot) };
}

/**
 * The enrolment parts of a page's address: the study link's capability (`#enrol=…`) and the platform id, read from
 * the query string or the fragment. Platforms append their parameters in their own ways (`?PROLIFIC_PID=…` after
 * the fragment too), so both `&` and `?` separate parameters in the fragment.
 */
export function readEnrolAddress(search: string, hash: string, idParameter?: string): { link: string | null; params: Map<string, string> } {
  const params = new Map<string, string>();
  const take = (text: string) => {
    for (const part of text.split(/[?&]/)) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      let value = eq < 0 ? '' : part.slice(eq + 1);
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // A malformed escape stays as written: the id check refuses it in plain words.
      }
      if (!params.has(name)) params.set(name, value);
    }
  };
  take(hash.replace(/^#/, ''));
  take(search.replace(/^\?/, ''));
  if (idParameter !== undefined && !params.has(idParameter)) params.set(idParameter, '');
  return { link: params.get('enrol') ?? null, params };
}
