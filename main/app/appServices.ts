// The types every feature is built from. They live below the composition root (services.ts), so a feature's
// handlers can take AppServices without importing the module that imports them.
import type { AppContract } from '../../shared/contract/methods.js';
import type { Handlers } from '../../shared/contract/define.js';
import type { SettingsFileFactory, SettingsService } from '../settings/settingsService.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import type { DatabaseHolder } from './databaseHolder.js';
import type { EventBus } from './eventBus.js';
import type { Logger } from './logger.js';
import type { SecretStore } from '../secrets/secretStore.js';

export type AppHandlers = Handlers<AppContract>;

export interface AppOptions {
  host: 'electron' | 'browser';
  version: string;
  /** Where the app's own files are: built-in studies live in <appRoot>/studies. */
  appRoot: string;
  dataDir: string;
  settingsFactory: SettingsFileFactory;
  nativeBinding?: string;
  log: Logger;
  /** Where API keys are kept: the desktop shell passes Electron safeStorage; the browser host a 0600 file. */
  secretStore?: SecretStore;
  /**
   * The wall clock of the event log and of online enrolment's abandonment window. Only tests set it (a unit test's
   * fixed clock; the browser host's TEAMSEAT_TEST_CLOCK_FILE), so a window of minutes is tried without waiting.
   */
  wallClock?: () => Date;
}

export interface AppServices {
  options: AppOptions;
  log: Logger;
  database: DatabaseHolder;
  settings: SettingsService;
  library: StudyLibrary;
  bus: EventBus;
  /** Features register what must be released when the app closes (workers, servers). */
  closers: Array<() => unknown>;
}
