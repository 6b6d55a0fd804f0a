import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { READ_RECHECK_MS, SettingsService } from './settingsService.js';
import { confSettingsFactory } from './confFactory.js';
import { makeTempDir } from '../testing/tempDir.js';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

describe('SettingsService keeps what it read while the file is unchanged', () => {
  it('gives what the file says after its own update, another writer’s, and a hand edit; a caller cannot change what it keeps', () => {
    const s = new SettingsService(tmp.dir, confSettingsFactory);
    const first = s.get();
    first.judge.panels = !first.judge.panels;
    expect(s.get().judge.panels).toBe(!first.judge.panels);

    s.update({ typingDelayMs: 7 });
    expect(s.get().typingDelayMs).toBe(7);
    // Another writer of the same file (the other host on this data dir).
    new SettingsService(tmp.dir, confSettingsFactory).update({ typingDelayMs: 9, judge: { panels: true } });
    expect(s.get()).toMatchObject({ typingDelayMs: 9, judge: { panels: true } });
    const file = path.join(tmp.dir, 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), typingDelayMs: 11 }));
    expect(s.get().typingDelayMs).toBe(11);
  });

  it('read() gives one setting as the file says it: its own update at once, another writer or a hand edit within a second', () => {
    let now = 0;
    const s = new SettingsService(tmp.dir, confSettingsFactory, () => now);
    s.update({ judge: { panels: false } });
    expect(s.read((x) => x.judge.panels)).toBe(false);
    s.update({ judge: { panels: true } });
    expect(s.read((x) => x.judge.panels)).toBe(true);
    new SettingsService(tmp.dir, confSettingsFactory).update({ judge: { panels: false } });
    now += READ_RECHECK_MS - 1;
    expect(s.read((x) => x.judge.panels)).toBe(true);
    now += 1;
    expect(s.read((x) => x.judge.panels)).toBe(false);
    const file = path.join(tmp.dir, 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), typingDelayMs: 13 }));
    now += READ_RECHECK_MS;
    expect(s.read((x) => x.typingDelayMs)).toBe(13);
  });
});
