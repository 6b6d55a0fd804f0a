import type { StoredEvent } from '../../shared/contract/schemas.js';
import { ActiveTimeFold, checkLimit, msUntilNextCheck, warningLeadMs, type ActiveTime, type ClockRules, type TimeCheck } from '../../shared/team/engine/activeTime.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import { PARTNER_REPLY } from '../partners/partnerRecord.js';
import { MODEL_RUN_ERROR } from './teamLog.js';

// The team seat's clock, from the session's log: see shared/team/engine/activeTime.ts for what counts.

const typed = (e: StoredEvent, type: string): boolean => e.kind === type && (e.payload as { type?: unknown } | null)?.type === type;

/** Only the team's own pause events count (a raw note an old recordNote wrote is not a pause). */
export const teamClockRules: ClockRules<StoredEvent> = {
  isPause: (e) => (typed(e, 'paused') ? String((e.payload as { reason: string }).reason) : null),
  pausedAtPrevious: (e) => typed(e, 'paused') && (e.payload as { idle_before?: unknown }).idle_before === true,
  isResume: (e) => typed(e, 'resumed'),
  // The participant's time stops when the run is over for them: a submit or the limit, not when its check commits.
  // A model run closed on an error (issue 28) is over too: no time after the error is the model's.
  isEnd: (e) => typed(e, 'ended') || typed(e, 'submitted') || typed(e, 'time_up') || e.kind === MODEL_RUN_ERROR,
};

/** A label the judge panel or the experimenter decided: the time from the event before it (the message) is the participant waiting. */
const isPanelLabel = (e: StoredEvent): boolean => {
  if (!typed(e, 'label_decided')) return false;
  const raw = (e.payload as { raw?: { panel?: unknown; experimenter?: unknown } }).raw;
  // The experimenter's console (issue 14) waits the same way: "teammate is typing" until the label comes.
  return typeof raw?.panel === 'object' || typeof raw?.experimenter === 'object';
};

export type TeamActiveTime = ActiveTime & {
  /** Time the participant waited for the judge panel or the experimenter ("teammate is typing"): reported apart, not active time. */
  labelWaitMs: number;
  /** Time the participant waited for partners played live by an endpoint (main/partners): also not active time. */
  partnerWaitMs: number;
};

/** Active time of a team session (pauses, crash gaps, panel waits and the time after its end left out); exports use it too. */
export function teamActiveTime(stored: readonly StoredEvent[], nowUs?: number): TeamActiveTime {
  const fold = new TeamClockFold();
  for (const e of stored) fold.add(e);
  return fold.at(nowUs);
}

/** teamActiveTime() one event at a time, for a live session (it adds each event as it is recorded). */
export class TeamClockFold {
  private readonly time = new ActiveTimeFold(teamClockRules);
  private waitUs = 0;
  private partnerUs = 0;
  private checkUs = 0;
  private over = false;
  private before: StoredEvent | undefined;

  add(e: StoredEvent): void {
    this.time.add(e);
    const { before } = this;
    // Hidden tests run before `checked` commits (teamCheck.ts): that interval is the checker's, not the participant's.
    if (before && before.kind !== 'crash_pause' && !this.over && typed(e, 'checked')) this.checkUs += Math.max(0, e.monoUs - before.monoUs);
    if (teamClockRules.isEnd(e)) this.over = true;
    if (before && before.kind !== 'crash_pause' && isPanelLabel(e)) this.waitUs += Math.max(0, e.monoUs - before.monoUs);
    // A live partner's answer is committed after the wait, its record first: the interval before it is the wait.
    if (before && before.kind !== 'crash_pause' && e.kind === PARTNER_REPLY) this.partnerUs += Math.max(0, e.monoUs - before.monoUs);
    this.before = e;
  }

  at(nowUs?: number): TeamActiveTime {
    const time = this.time.at(nowUs);
    const labelWaitMs = Math.floor(this.waitUs / 1000);
    const partnerWaitMs = Math.floor(this.partnerUs / 1000);
    return { ...time, activeMs: Math.max(0, time.activeMs - labelWaitMs - partnerWaitMs - Math.floor(this.checkUs / 1000)), labelWaitMs, partnerWaitMs };
  }
}

export interface TeamLimit {
  limitMs: number | null;
  leadMs: number;
}

export function limitOf(state: SessionState): TeamLimit {
  const sec = state.started?.time_limit_sec;
  if (sec === undefined) return { limitMs: null, leadMs: 0 };
  const limitMs = sec * 1000;
  return { limitMs, leadMs: warningLeadMs(limitMs, state.started?.time_warning_sec) };
}

/** What the limit asks for now, and in how many active ms to look again. */
export function limitCheck(state: SessionState, time: ActiveTime): { check: TimeCheck; nextInMs: number | null } {
  const { limitMs, leadMs } = limitOf(state);
  if (state.ended || !time.running) return { check: state.ended ? 'none' : checkLimit(time.activeMs, limitMs, leadMs, state.timeWarning !== null), nextInMs: null };
  const warned = state.timeWarning !== null;
  return { check: checkLimit(time.activeMs, limitMs, leadMs, warned), nextInMs: msUntilNextCheck(time.activeMs, limitMs, leadMs, warned) };
}

/** How much later than asked an armed wake-up may fire and still be kept: the clock's ms rounding. */
const ROUNDING_MS = 1;

/**
 * One pending wake-up per session, for the limit to be enforced even when nobody calls. Every action sets it again;
 * an armed wake-up due no later than the new one (give or take a ms of rounding) is kept rather than re-armed, since
 * waking early only checks the clock and sets the next: with twenty participants, clearing and creating a timer on
 * every action was a few percent of the host's time (issue 13).
 */
export class LimitTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the armed wake-up fires (Date.now() ms), and what it calls then: the latest `fire` given. */
  private due = 0;
  private fire: () => void = () => undefined;

  set(ms: number | null, fire: () => void): void {
    if (ms === null) return this.clear();
    // A few ms late rather than early: the check re-reads the clock and must find the threshold crossed.
    const delay = Math.min(ms + 5, 2 ** 31 - 1);
    const due = Date.now() + delay;
    this.fire = fire;
    if (this.timer && this.due <= due + ROUNDING_MS) return;
    this.clear();
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.fire();
    }, delay);
    this.timer.unref?.();
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
