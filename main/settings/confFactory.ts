import Conf from 'conf';
import type { SettingsFileFactory } from './settingsService.js';

/** Plain-Node settings file (browser host, tests). Conf is the base class of electron-store: same file format. */
export const confSettingsFactory: SettingsFileFactory = (opts) =>
  new Conf<Record<string, unknown>>({ ...opts, projectName: 'teamseat' });
