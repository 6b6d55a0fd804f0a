import path from 'node:path';
import type { AppContract } from '../../shared/contract/methods.js';
import type { Handlers } from '../../shared/contract/define.js';
import { SettingsService, type SettingsFileFactory } from '../settings/settingsService.js';
import { StudyLibrary } from '../studies/studyLibrary.js';
import { DatabaseHolder } from './databaseHolder.js';
import { EventBus } from './eventBus.js';
import type { Logger } from './logger.js';
import { setupAppHandlers } from './handlers/appHandlers.js';
import { setupStudyHandlers } from './handlers/studyHandlers.js';
import { setupSessionHandlers } from './handlers/sessionHandlers.js';
import { setupLabellingHandlers } from '../labelling/handlers.js';
import { setupTeamHandlers } from '../team/handlers.js';
import { setupSlackHandlers } from '../slackSeat/handlers.js';
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

export const DATABASE_FILE = 'teamseat.db';

/**
 * The composition root of everything that is not Electron: both hosts call this, then expose
 * `handlers` and `bus` over their own transport. One setupX() per feature, as in Electron Fiddle.
 */
export function createApp(options: AppOptions): AppServices & { handlers: AppHandlers; close(): void } {
  const services: AppServices = {
    options,
    log: options.log,
    database: new DatabaseHolder(path.join(options.dataDir, DATABASE_FILE), options.nativeBinding),
    settings: new SettingsService(options.dataDir, options.settingsFactory),
    library: new StudyLibrary([
      { dir: path.join(options.appRoot, 'studies'), origin: 'built-in' },
      { dir: path.join(options.dataDir, 'studies'), origin: 'user' },
    ]),
    bus: new EventBus(),
    closers: [],
  };
  const handlers: AppHandlers = {
    ...setupAppHandlers(services),
    ...setupStudyHandlers(services),
    ...setupSessionHandlers(services),
    ...setupLabellingHandlers(services),
    ...setupTeamHandlers(services),
    ...setupSlackHandlers(services, options.secretStore ? { secrets: options.secretStore } : {}),
  };
  return {
    ...services,
    handlers,
    close: () => {
      for (const close of services.closers) void close();
      services.database.close();
    },
  };
}
