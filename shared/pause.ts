import { z } from 'zod';

/**
 * Who set a run's pause (issue 25): the person in the seat (their own Pause button) or the experimenter (the
 * dashboard, a withdrawal). Only the experimenter lifts an experimenter's pause; the seat's own pause stays its own.
 */
export const pausers = ['participant', 'experimenter'] as const;
export type PausedBy = (typeof pausers)[number];
export const pausedBySchema = z.enum(pausers);

/** How an experimenter's pause reason is recorded, so a transcript's pauses say whose they were (as before issue 25). */
const EXPERIMENTER_PREFIX = 'experimenter: ';
export const experimenterReason = (reason: string): string => `${EXPERIMENTER_PREFIX}${reason}`;

/**
 * Who set a recorded pause: its `by`, or, for a pause recorded before `by` existed, the dashboard's reason prefix
 * (only the dashboard wrote it then; a seat's own reason list has no such entry).
 */
export function pausedByOf(payload: { reason: string; by?: PausedBy | undefined }): PausedBy {
  if (payload.by) return payload.by;
  return payload.reason.startsWith(EXPERIMENTER_PREFIX) ? 'experimenter' : 'participant';
}

/** The reason as the seat shows it: an experimenter's without the prefix (the seat says who paused in its own words). */
export const shownReason = (reason: string): string => (reason.startsWith(EXPERIMENTER_PREFIX) ? reason.slice(EXPERIMENTER_PREFIX.length) : reason);

/** The refusal a seat gets when it tries to lift the experimenter's pause (the server's words, shown as they are). */
export const EXPERIMENTER_PAUSE_HOLDS = 'The experimenter paused this task; only the experimenter can resume it. Nothing was changed.';
