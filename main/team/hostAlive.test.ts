import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { HostAlive } from './hostAlive.js';

// labqa: a crash dropped the participant's time between the run's last event and the crash (reading, thinking),
// from active time and from the time limit. The app now stamps that it is alive; a crashed run counts its time up to
// the crashed process's last stamp, and only the rest is downtime.

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

const at = (s: number) => new Date(Date.UTC(2026, 11, 2, 10, 0, s));

describe('the alive stamps', () => {
  it('tell when the process that wrote an event was last alive, if after the event; a broken file tells nothing', () => {
    let now = at(0);
    const first = new HostAlive(tmp.dir, () => now);
    first.start(60_000);
    now = at(45);
    first.stamp(); // the periodic stamp; then the process is killed (no final stamp)
    now = at(100);
    const second = new HostAlive(tmp.dir, () => now);
    const stopSecond = second.start(60_000);
    expect(second.aliveAfter(at(30).toISOString())).toBe(at(45).toISOString());
    expect(second.aliveAfter(at(50).toISOString())).toBeNull(); // written after the last stamp: nothing known
    expect(second.aliveAfter(at(-10).toISOString())).toBeNull(); // before any known process
    now = at(120);
    stopSecond(); // a clean close stamps once more
    // A third process still knows the first one's span, and the second's (100 s to 120 s).
    const third = new HostAlive(tmp.dir, () => at(200));
    expect(third.aliveAfter(at(30).toISOString())).toBe(at(45).toISOString());
    expect(third.aliveAfter(at(110).toISOString())).toBe(at(120).toISOString());
    fs.writeFileSync(path.join(tmp.dir, 'alive.json'), '{"processes": [{"started": 1}]}');
    expect(new HostAlive(tmp.dir, () => at(300)).aliveAfter(at(30).toISOString())).toBeNull();
  });

  it('keep the last stamp of a clean close when a periodic stamp was still being written', async () => {
    let now = at(0);
    const alive = new HostAlive(tmp.dir, () => now);
    // The periodic stamp's rename is held until the app has begun to close (a slow disk under load).
    const rename = fs.promises.rename;
    let reached!: () => void;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let landed: Promise<void> | undefined;
    const spy = vi.spyOn(fs.promises, 'rename').mockImplementation((from, to) => {
      reached();
      landed ??= held.then(() => rename(from, to));
      return landed;
    });
    try {
      now = at(5);
      const stop = alive.start(1);
      await inFlight; // the periodic stamp of 5 s is on its way to the disk
      now = at(9);
      const stopped = stop(); // the clean close at 9 s
      release();
      await stopped;
      await landed;
    } finally {
      spy.mockRestore();
    }
    expect(new HostAlive(tmp.dir, () => at(60)).aliveAfter(at(1).toISOString())).toBe(at(9).toISOString());
  });

  it('reach a run reopened after the app went away: its crash pause counts the time up to the last stamp', async () => {
    const call = async <T>(app: ReturnType<typeof createTestApp>, method: string, args: unknown) => {
      const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as T;
    };
    const first = createTestApp(tmp.dir);
    const versions = await call<{ version: string; seeds: number[] }[]>(first, 'teamVersions', { studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation' });
    const seed = versions.find((v) => v.version === 'control')!.seeds[0]!;
    const run = await call<TeamView>(first, 'teamStart', { studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation', participant: 'P1', version: 'control', seed });
    first.close(); // its last stamp is now, after the run's last event
    const second = createTestApp(tmp.dir);
    try {
      await call<TeamView>(second, 'teamView', { sessionId: run.sessionId });
      const crash = second.database.eventLog!.replay(run.sessionId).find((e) => e.kind === 'crash_pause')!;
      const gap = crash.payload as { since: string; alive_until?: string };
      expect(gap.alive_until).toBeDefined();
      expect(Date.parse(gap.alive_until!)).toBeGreaterThanOrEqual(Date.parse(gap.since));
      expect(Date.parse(gap.alive_until!)).toBeLessThanOrEqual(Date.parse(crash.wallTime));
    } finally {
      second.close();
    }
  });
});
