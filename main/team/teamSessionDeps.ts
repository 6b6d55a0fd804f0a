import type { TeamTask } from '../../shared/team/pack/schema.js';
import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import type { Labeller } from '../../shared/team/labeller/labeller.js';
import type { EventLog } from '../db/eventLog.js';
import type { EventBus } from '../app/eventBus.js';
import type { SessionWorkspace } from '../workspace/sessionWorkspace.js';
import type { WorkspaceTools } from '../workspace/tools.js';
import type { WorkspaceJournal } from '../workspace/workspaceJournal.js';
import type { PythonRuns } from '../pyodide/pool.js';
import type { LivePartners } from '../partners/livePartners.js';

/** What one team session runs on: its task as played, the log, the bus, its labeller, workspace and checker. */
export interface TeamSessionDeps {
  id: string;
  studyKey: string;
  startedAt: string;
  task: TeamTask;
  resolved: ResolvedTask;
  log: EventLog;
  bus: EventBus;
  labeller: Labeller;
  workspace: { space: SessionWorkspace; tools: WorkspaceTools; journal: WorkspaceJournal } | null;
  python: PythonRuns;
  /** Monotonic microseconds, the clock the log stamps events with (injected by tests). */
  monoUs: () => number;
  /** Partner seats the study plays live by an endpoint (main/partners); absent: the pack's scripted partners. */
  partners?: LivePartners | null;
}

