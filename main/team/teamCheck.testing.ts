import type { AppServices } from '../app/appServices.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { teamSessionsOf } from './teamSessionsOf.js';

/** A run's view once its check, which runs after the submit has been answered (issue 13), has committed. */
export async function untilChecked(app: AppServices, sessionId: string): Promise<TeamView> {
  const team = teamSessionsOf(app).get(sessionId);
  if (!team.ok) throw new Error(team.error.message);
  return team.value.whenChecked();
}
