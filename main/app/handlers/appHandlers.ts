import { ok } from '../../../shared/result.js';
import type { AppInfo } from '../../../shared/contract/schemas.js';
import type { AppHandlers, AppServices } from '../appServices.js';

export function setupAppHandlers(s: AppServices): Pick<AppHandlers, 'appInfo' | 'startFreshDatabase' | 'getSettings' | 'updateSettings'> {
  const info = (): AppInfo => ({
    host: s.options.host,
    version: s.options.version,
    dataDir: s.options.dataDir,
    database: s.database.status,
    notices: [...s.settings.notices, ...s.database.notices],
  });
  return {
    appInfo: () => ok(info()),
    startFreshDatabase: () => {
      s.database.startFresh();
      s.log.warn('database set aside at the researcher’s request', { file: s.database.file });
      return ok(info());
    },
    getSettings: () => ok(s.settings.get()),
    updateSettings: (patch) => ok(s.settings.update(patch)),
  };
}
