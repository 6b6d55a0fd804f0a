import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsService } from './settingsService.js';
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

  it('read() gives one setting as the file says it, before and after it changes, without a copy of them all', () => {
    const s = new SettingsService(tmp.dir, confSettingsFactory);
    s.update({ judge: { panels: false } });
    expect(s.read((x) => x.judge.panels)).toBe(false);
    expect(s.read((x) => x.judge.panels)).toBe(false);
    new SettingsService(tmp.dir, confSettingsFactory).update({ judge: { panels: true } });
    expect(s.read((x) => x.judge.panels)).toBe(true);
    const file = path.join(tmp.dir, 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), typingDelayMs: 13 }));
    expect(s.read((x) => x.typingDelayMs)).toBe(13);
  });
});
