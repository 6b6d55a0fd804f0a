import type { AppServices } from '../app/appServices.js';
import { TeamSessions } from './teamSessions.js';

const perApp = new WeakMap<AppServices, TeamSessions>();

/**
 * The app's one TeamSessions: the team seat's handlers and the study service (which starts a plan cell's run) must
 * drive the same open sessions, or two copies of one run would each think the other's actions never happened.
 */
export function teamSessionsOf(s: AppServices): TeamSessions {
  let sessions = perApp.get(s);
  if (!sessions) {
    const made = new TeamSessions(s);
    perApp.set(s, made);
    s.closers.push(() => made.close());
    sessions = made;
  }
  return sessions;
}
