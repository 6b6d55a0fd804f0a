// Time that means what it says: the participant's clock runs only while the run is live — not while paused, not
// across a crash or host restart (a typed `crash` pause, measured by wall time), and not after the run ended.
// Pure, so the team seat, the Slack seat, the views and the exports all count time the same way.

/** Runner fact appended when a session is rebuilt from its log in a new process: the gap is not active time. */
export const CRASH_PAUSE = 'crash_pause';
export interface CrashPause {
  /** Wall time of the last event before the crash or restart. */
  since: string;
  /** Wall-clock length of the gap, in ms. */
  gap_ms: number;
  /**
   * When the app that wrote the last event was last known to be alive (its periodic stamp), if after `since`: the
   * participant was on task until then, so that part counts; only the rest is downtime.
   */
  alive_until?: string;
}

export interface TimedEvent {
  kind: string;
  monoUs: number;
  wallTime: string;
  /** Read only for a crash pause (its `alive_until`). */
  payload?: unknown;
}

/** The part of a crash gap the app was still alive for, in ms (wall clock: both ends were stamped by that process). */
function aliveMsBefore(crash: TimedEvent, prev: TimedEvent): number {
  const until = (crash.payload as Partial<CrashPause> | null | undefined)?.alive_until;
  if (typeof until !== 'string') return 0;
  const ms = Date.parse(until) - Date.parse(prev.wallTime);
  return Number.isFinite(ms) ? Math.max(0, Math.min(ms, Date.parse(crash.wallTime) - Date.parse(prev.wallTime))) : 0;
}

export interface PauseSpan {
  at: string;
  resumed_at: string | null;
  reason: string;
  /** `pause`: someone pressed Pause (with a reason); `crash`: the app or host was down. */
  type: 'pause' | 'crash';
}

export interface ActiveTime {
  activeMs: number;
  /** Whether the clock is running now (started, not paused, not ended). */
  running: boolean;
  pauses: PauseSpan[];
}

export interface ClockRules<E extends TimedEvent> {
  isPause(e: E): string | null;
  /**
   * A pause that began at the event before it (an abandoned visit's, recorded when the idle visit is noticed): the
   * interval up to it is downtime, and the pause is listed from the earlier event's time.
   */
  pausedAtPrevious?(e: E): boolean;
  isResume(e: E): boolean;
  isEnd(e: E): boolean;
}

/**
 * Active time of a session: the monotonic time between consecutive events while the clock runs, plus the time
 * since the last event when `nowUs` is given. Intervals that end in a crash pause are left out (monotonic time may
 * not even be comparable across them: a reboot resets it), except the part before the crashed app's last alive
 * stamp (`alive_until`), measured by wall clock.
 */
export function activeTime<E extends TimedEvent>(events: readonly E[], rules: ClockRules<E>, nowUs?: number): ActiveTime {
  const fold = new ActiveTimeFold(rules);
  for (const e of events) fold.add(e);
  return fold.at(nowUs);
}

/**
 * activeTime() one event at a time: a live session adds each event as it is recorded and asks for the time at
 * each call, instead of walking its whole log again on every call (issue 13: with twenty people sending at once).
 */
export class ActiveTimeFold<E extends TimedEvent> {
  private activeUs = 0;
  private paused = false;
  private ended = false;
  private readonly pauses: PauseSpan[] = [];
  private prev: E | undefined;

  constructor(private readonly rules: ClockRules<E>) {}

  add(e: E): void {
    const { prev } = this;
    if (prev && e.kind === CRASH_PAUSE) {
      const alive = this.paused || this.ended ? 0 : aliveMsBefore(e, prev);
      this.activeUs += alive * 1000;
      this.pauses.push({ at: alive > 0 ? new Date(Date.parse(prev.wallTime) + alive).toISOString() : prev.wallTime, resumed_at: e.wallTime, reason: 'crash', type: 'crash' });
    } else if (prev && !this.paused && !this.ended) {
      const backdated = this.rules.isPause(e) !== null && this.rules.pausedAtPrevious?.(e) === true;
      if (!backdated) this.activeUs += Math.max(0, e.monoUs - prev.monoUs);
    }
    const reason = this.rules.isPause(e);
    if (reason !== null && !this.paused && !this.ended) {
      this.paused = true;
      const at = prev && this.rules.pausedAtPrevious?.(e) === true ? prev.wallTime : e.wallTime;
      this.pauses.push({ at, resumed_at: null, reason, type: 'pause' });
    } else if (this.rules.isResume(e) && this.paused) {
      this.paused = false;
      const open = this.pauses.findLast((p) => p.type === 'pause' && p.resumed_at === null);
      if (open) open.resumed_at = e.wallTime;
    }
    if (this.rules.isEnd(e)) this.ended = true;
    this.prev = e;
  }

  /** The time as of `nowUs` (or of the last event); the pauses are a copy the caller may keep. */
  at(nowUs?: number): ActiveTime {
    const running = this.prev !== undefined && !this.paused && !this.ended;
    let activeUs = this.activeUs;
    if (running && nowUs !== undefined) activeUs += Math.max(0, nowUs - this.prev!.monoUs);
    return { activeMs: Math.floor(activeUs / 1000), running, pauses: this.pauses.map((p) => ({ ...p })) };
  }
}

/** When to warn before a time limit: the protocol's warning, else 2 minutes or 10% of the limit, whichever is less. */
export function warningLeadMs(limitMs: number, warningSec?: number | null): number {
  if (warningSec !== undefined && warningSec !== null) return Math.min(limitMs, warningSec * 1000);
  return Math.min(120_000, Math.round(limitMs / 10));
}

export type TimeCheck = 'none' | 'warn' | 'time_up';

/** What a time limit asks for now, given the active time and whether the warning was already given. */
export function checkLimit(activeMs: number, limitMs: number | null, leadMs: number, warned: boolean): TimeCheck {
  if (limitMs === null) return 'none';
  if (activeMs >= limitMs) return 'time_up';
  if (!warned && activeMs >= limitMs - leadMs) return 'warn';
  return 'none';
}

/** Active ms until the next thing a limit asks for (the warning, then the end), or null when there is none. */
export function msUntilNextCheck(activeMs: number, limitMs: number | null, leadMs: number, warned: boolean): number | null {
  if (limitMs === null) return null;
  const nextAt = warned ? limitMs : limitMs - leadMs;
  return Math.max(0, nextAt - activeMs);
}
