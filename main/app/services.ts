import path from 'node:path';
import { SettingsService } from '../settings/settingsService.js';
import type { AppHandlers, AppOptions, AppServices } from './appServices.js';
import { StudyLibrary } from '../studies/studyLibrary.js';
import { DatabaseHolder } from './databaseHolder.js';
import { EventBus } from './eventBus.js';
import { setupAppHandlers } from './handlers/appHandlers.js';
import { setupStudyHandlers } from './handlers/studyHandlers.js';
import { setupSessionHandlers } from './handlers/sessionHandlers.js';
import { setupLabellingHandlers } from '../labelling/handlers.js';
import { setupJudgeValidation } from '../labelling/judges/handlers.js';
import { setupTeamHandlers } from '../team/handlers.js';
import { setupTaskCardHandlers } from '../team/taskCardHandlers.js';
import { setupSlackHandlers } from '../slackSeat/handlers.js';
import { AccessControl } from '../access/accessControl.js';
import { setupAccessHandlers } from '../access/handlers.js';
import { setupStudyProtocolHandlers } from '../study/handlers.js';
import { createOwnership } from '../access/ownership.js';
import { setupStudyScoring } from '../scoring/studyScoring.js';
import { setupAuditHandlers } from '../audit/handlers.js';
import { setupModelSeatHandlers } from '../modelSeat/handlers.js';
import { setupResultsHandlers } from '../scoring/resultsHandlers.js';
import { setupComparisonHandlers } from '../comparison/handlers.js';
import { setupReplayHandlers } from '../replay/handlers.js';
import { setupDemoHandlers } from '../replay/demoEnd.js';
import { setupDashboardHandlers } from '../dashboard/handlers.js';
import { setupConsoleHandlers } from '../console/handlers.js';
import { protectDataDir } from '../files/dataDirModes.js';

export type { AppHandlers, AppOptions, AppServices } from './appServices.js';

export const DATABASE_FILE = 'teamseat.db';

/**
 * The composition root of everything that is not Electron: both hosts call this, then expose
 * `handlers` and `bus` over their own transport. One setupX() per feature, as in Electron Fiddle.
 */
export function createApp(
  options: AppOptions,
): AppServices & { handlers: AppHandlers; access: AccessControl; ownership: ReturnType<typeof createOwnership>; close(): Promise<void> } {
  // Owner-only before the first file is written (main/files/dataDirModes.ts).
  protectDataDir(options.dataDir);
  const services: AppServices = {
    options,
    log: options.log,
    database: new DatabaseHolder(path.join(options.dataDir, DATABASE_FILE), options.nativeBinding, options.wallClock),
    settings: new SettingsService(options.dataDir, options.settingsFactory),
    library: new StudyLibrary([
      { dir: path.join(options.appRoot, 'studies'), origin: 'built-in' },
      { dir: path.join(options.dataDir, 'studies'), origin: 'user' },
    ]),
    bus: new EventBus(),
    closers: [],
  };
  // Links and the experimenter token, kept in the data dir so they survive a restart (main/access/accessFile.ts).
  const access = new AccessControl(options.dataDir, { notice: (m) => options.log.warn(m) });
  const handlers: AppHandlers = {
    ...setupAppHandlers(services),
    ...setupStudyHandlers(services),
    ...setupSessionHandlers(services),
    ...setupLabellingHandlers(services),
    ...setupJudgeValidation(services).handlers,
    ...setupTeamHandlers(services),
    ...setupTaskCardHandlers(services),
    ...setupSlackHandlers(services, options.secretStore ? { secrets: options.secretStore } : {}),
    ...setupAccessHandlers(services, access),
    ...setupStudyProtocolHandlers(services, access),
    ...setupModelSeatHandlers(services),
    ...setupResultsHandlers(services),
    ...setupComparisonHandlers(services),
    ...setupReplayHandlers(services),
    ...setupDemoHandlers(services),
    ...setupDashboardHandlers(services),
    ...setupAuditHandlers(services),
    ...setupConsoleHandlers(services),
  };
  setupStudyScoring(services);
  return {
    ...services,
    handlers,
    access,
    ownership: createOwnership(services, handlers, (key) => access.studyAlias(key)),
    // Resolves once every feature has released what it holds (an import worker stops between files), so a caller
    // that removes the data dir afterwards never races a worker still writing into it.
    close: async () => {
      const pending = services.closers.map((close) => close());
      services.database.close();
      await Promise.allSettled(pending);
    },
  };
}
