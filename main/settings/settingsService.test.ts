import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsService } from './settingsService.js';
import { confSettingsFactory } from './confFactory.js';
import { defaultSettings } from '../../shared/settings.js';
import { makeTempDir } from '../testing/tempDir.js';

// electron-store reads app paths from electron; outside Electron the package only exports a binary path.
vi.mock('electron', () => ({ default: { app: undefined, ipcMain: undefined, shell: undefined } }));

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});
const file = () => path.join(tmp.dir, 'settings.json');

describe('SettingsService', () => {
  it('starts from defaults and keeps an update across restarts', () => {
    const s = new SettingsService(tmp.dir, confSettingsFactory);
    expect(s.get()).toEqual(defaultSettings);
    s.update({ typingDelayMs: 0, judge: { model: 'gpt-x' } });
    const again = new SettingsService(tmp.dir, confSettingsFactory);
    expect(again.get()).toMatchObject({ typingDelayMs: 0, judge: { model: 'gpt-x', baseUrl: '' } });
    expect(again.notices).toEqual([]);
  });

  it('moves a file that is not JSON aside, says where, and uses the defaults', () => {
    fs.writeFileSync(file(), '{"typingDelayMs": 12,');
    const s = new SettingsService(tmp.dir, confSettingsFactory);
    expect(s.get()).toEqual(defaultSettings);
    expect(s.notices[0]).toMatch(/not valid JSON/);
    const aside = fs.readdirSync(tmp.dir).find((f) => f.startsWith('settings.json.invalid-'));
    expect(aside).toBeDefined();
    expect(s.notices[0]).toContain(aside);
    expect(fs.readFileSync(path.join(tmp.dir, aside!), 'utf8')).toBe('{"typingDelayMs": 12,');
  });

  it('names the field when a hand-edited file fails the schema', () => {
    fs.writeFileSync(file(), JSON.stringify({ typingDelayMs: 'fast' }));
    const s = new SettingsService(tmp.dir, confSettingsFactory);
    expect(s.notices[0]).toMatch(/settings\.json at typingDelayMs: .*number/);
    expect(s.get().typingDelayMs).toBe(defaultSettings.typingDelayMs);
  });

  it('rejects an out-of-range update without writing it', () => {
    const s = new SettingsService(tmp.dir, confSettingsFactory);
    expect(() => s.update({ typingDelayMs: -5 })).toThrow();
    expect(new SettingsService(tmp.dir, confSettingsFactory).get().typingDelayMs).toBe(defaultSettings.typingDelayMs);
  });

  it('works with electron-store, the desktop host’s settings file, given the same options', async () => {
    const { default: ElectronStore } = await import('electron-store');
    const s = new SettingsService(tmp.dir, (opts) => new ElectronStore<Record<string, unknown>>(opts));
    s.update({ participantPrefix: 'LAB' });
    expect(JSON.parse(fs.readFileSync(file(), 'utf8'))).toMatchObject({ participantPrefix: 'LAB' });
    expect(new SettingsService(tmp.dir, confSettingsFactory).get().participantPrefix).toBe('LAB');
  });
});
