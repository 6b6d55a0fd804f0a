import { foundationMethods } from './foundation.js';
import { labellingMethods } from './labelling.js';
import { teamMethods } from './team.js';
import { slackMethods } from './slack.js';
import { accessMethods } from './access.js';
import { studyMethods } from './study.js';
import { resultsMethods } from './results.js';
import { judgeValidationMethods } from './judgeValidation.js';
import { comparisonMethods } from './comparison.js';
import { dashboardMethods } from './dashboard.js';
import { replayMethods } from './replay.js';
import { demoMethods } from './demo.js';
import { modelSeatMethods } from './modelSeat.js';
import { taskCardMethods } from './taskCard.js';
import { consoleMethods } from './console.js';
import { auditMethods } from './audit.js';

/**
 * Everything the UI can ask of the main side, one file per feature. Both hosts (Electron IPC, browser
 * HTTP) and the renderer's client are derived from this one object, so a rename breaks the build, not the app.
 */
export const contract = {
  ...replayMethods,
  ...demoMethods,
  ...modelSeatMethods,
  ...foundationMethods,
  ...labellingMethods,
  ...teamMethods,
  ...taskCardMethods,
  ...slackMethods,
  ...accessMethods,
  ...studyMethods,
  ...resultsMethods,
  ...judgeValidationMethods,
  ...comparisonMethods,
  ...dashboardMethods,
  ...consoleMethods,
  ...auditMethods,
};

export type AppContract = typeof contract;
export type MethodName = keyof AppContract;
export const methodNames = Object.keys(contract) as MethodName[];
