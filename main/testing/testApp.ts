import path from 'node:path';
import { createApp } from '../app/services.js';
import { silentLogger, type Logger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';

/** The real app services over a temp data dir and the repository's own studies folder. */
export function createTestApp(dataDir: string, log: Logger = silentLogger) {
  return createApp({
    host: 'browser',
    version: '0.0.0-test',
    appRoot: path.resolve(import.meta.dirname, '../..'),
    dataDir,
    settingsFactory: confSettingsFactory,
    log,
  });
}
