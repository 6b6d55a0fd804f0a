import { describe, expect, it } from 'vitest';
import { activeTime, ActiveTimeFold, checkLimit, CRASH_PAUSE, msUntilNextCheck, warningLeadMs, type TimedEvent } from './activeTime.js';

type E = TimedEvent & { reason?: string };
const at = (s: number) => new Date(Date.UTC(2026, 11, 1, 10, 0, s)).toISOString();
const ev = (kind: string, sec: number, monoSec = sec, reason?: string): E => ({ kind, monoUs: monoSec * 1_000_000, wallTime: at(sec), ...(reason ? { reason } : {}) });
const rules = {
  isPause: (e: E) => (e.kind === 'paused' ? (e.reason ?? 'pause') : null),
  isResume: (e: E) => e.kind === 'resumed',
  isEnd: (e: E) => e.kind === 'ended',
};

describe('activeTime', () => {
  it('stops the clock while paused, also for the time since the last event', () => {
    const events = [ev('start', 0), ev('msg', 10), ev('paused', 20, 20, 'question'), ev('resumed', 50), ev('msg', 55)];
    expect(activeTime(events, rules, 60_000_000)).toEqual({
      activeMs: 30_000,
      running: true,
      pauses: [{ at: at(20), resumed_at: at(50), reason: 'question', type: 'pause' }],
    });
    const paused = [...events, ev('paused', 60, 60, 'break')];
    expect(activeTime(paused, rules, 600_000_000)).toMatchObject({ activeMs: 30_000, running: false });
  });

  it("leaves an abandoned visit's idle time out: a pause that began at the event before it (issue 25)", () => {
    // Last action at 30 s; the visit is noticed abandoned at 3630 s (an hour of nobody) and paused from 30 s.
    const idle = { ...rules, pausedAtPrevious: (e: E) => e.kind === 'paused' && e.reason === 'visit abandoned' };
    const events = [ev('start', 0), ev('msg', 30), ev('paused', 3630, 3630, 'visit abandoned')];
    expect(activeTime(events, idle, 7_200_000_000)).toEqual({
      activeMs: 30_000,
      running: false,
      pauses: [{ at: at(30), resumed_at: null, reason: 'visit abandoned', type: 'pause' }],
    });
    // Without the rule the same log counts the hour: the rule is what leaves it out.
    expect(activeTime(events, rules, 7_200_000_000).activeMs).toBe(3_630_000);
    // An ordinary pause still counts the time up to it.
    expect(activeTime([ev('start', 0), ev('msg', 30), ev('paused', 90, 90, 'break')], idle).activeMs).toBe(90_000);
  });

  it('leaves a crash gap out whole, even when the monotonic clock restarted (a reboot)', () => {
    // Last event at 30 s; the machine reboots; the app resumes at wall 300 s with the monotonic clock at 5 s.
    const events = [ev('start', 0), ev('msg', 30), ev(CRASH_PAUSE, 300, 5), ev('msg', 320, 25)];
    const t = activeTime(events, rules, 30_000_000);
    expect(t.activeMs).toBe(30_000 + 20_000 + 5_000);
    expect(t.pauses).toEqual([{ at: at(30), resumed_at: at(300), reason: 'crash', type: 'crash' }]);
  });

  it("counts a crash gap up to the crashed app's last alive stamp, never the downtime after it (labqa: reading time was lost)", () => {
    // Last event at 30 s; the app was last known alive at 75 s (its stamp); back at wall 300 s.
    const crash = { ...ev(CRASH_PAUSE, 300, 5), payload: { since: at(30), gap_ms: 270_000, alive_until: at(75) } };
    const t = activeTime([ev('start', 0), ev('msg', 30), crash, ev('msg', 320, 25)], rules, 30_000_000);
    expect(t.activeMs).toBe(30_000 + 45_000 + 20_000 + 5_000);
    expect(t.pauses).toEqual([{ at: at(75), resumed_at: at(300), reason: 'crash', type: 'crash' }]);
    // A stamp past the restart (a wrong clock) is bounded by it; one before the last event, or paused, counts nothing.
    const late = { ...crash, payload: { since: at(30), gap_ms: 270_000, alive_until: at(900) } };
    expect(activeTime([ev('start', 0), ev('msg', 30), late], rules).activeMs).toBe(30_000 + 270_000);
    const early = { ...crash, payload: { since: at(30), gap_ms: 270_000, alive_until: at(10) } };
    expect(activeTime([ev('start', 0), ev('msg', 30), early], rules).activeMs).toBe(30_000);
    expect(activeTime([ev('start', 0), ev('paused', 30, 30, 'break'), crash], rules).activeMs).toBe(30_000);
  });

  it('stops at the end of the run', () => {
    expect(activeTime([ev('start', 0), ev('ended', 40)], rules, 900_000_000)).toEqual({ activeMs: 40_000, running: false, pauses: [] });
  });
});

describe('ActiveTimeFold', () => {
  it('gives, after each event added, what activeTime gives for the log so far, and pauses it handed out do not change', () => {
    const crash = { ...ev(CRASH_PAUSE, 300, 5), payload: { since: at(30), gap_ms: 270_000, alive_until: at(75) } };
    const log = [ev('start', 0), ev('msg', 10), ev('paused', 20, 20, 'q'), ev('msg', 25), ev('resumed', 30), crash, ev('msg', 320, 25), ev('paused', 330, 35, 'b'), ev('resumed', 340, 45), ev('ended', 350, 55)];
    const fold = new ActiveTimeFold(rules);
    for (let i = 0; i < log.length; i++) {
      const before = fold.at(60_000_000);
      fold.add(log[i]!);
      for (const now of [undefined, 60_000_000]) expect(fold.at(now), `after event ${i}`).toEqual(activeTime(log.slice(0, i + 1), rules, now));
      // An open pause the caller kept is not closed under it by a later resume.
      expect(before).toEqual(activeTime(log.slice(0, i), rules, 60_000_000));
    }
  });
});

describe('time limits', () => {
  it('warns 2 minutes or 10% before, or as the protocol says, then ends', () => {
    expect(warningLeadMs(600_000)).toBe(60_000);
    expect(warningLeadMs(3_600_000)).toBe(120_000);
    expect(warningLeadMs(600_000, 30)).toBe(30_000);
    expect(checkLimit(500_000, 600_000, 60_000, false)).toBe('none');
    expect(checkLimit(540_000, 600_000, 60_000, false)).toBe('warn');
    expect(checkLimit(540_000, 600_000, 60_000, true)).toBe('none');
    expect(checkLimit(600_000, 600_000, 60_000, true)).toBe('time_up');
    expect(checkLimit(9e9, null, 0, false)).toBe('none');
    expect(msUntilNextCheck(500_000, 600_000, 60_000, false)).toBe(40_000);
    expect(msUntilNextCheck(550_000, 600_000, 60_000, true)).toBe(50_000);
  });
});
