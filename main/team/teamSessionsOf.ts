import type { AppServices } from '../app/appServices.js';
import { TeamSessions } from './teamSessions.js';

// Keyed by the app's event bus: the composition root spreads its services into a new object, the bus stays the same
// (a test or bench holding the app reaches the same sessions as the handlers).
const perApp = new WeakMap<AppServices['bus'], TeamSessions>();

/**
 * The app's one TeamSessions: the team seat's handlers and the study service (which starts a plan cell's run) must
 * drive the same open sessions, or two copies of one run would each think the other's actions never happened.
 */
export function teamSessionsOf(s: AppServices): TeamSessions {
  let sessions = perApp.get(s.bus);
  if (!sessions) {
    const made = new TeamSessions(s);
    perApp.set(s.bus, made);
    s.closers.push(() => made.close());
    sessions = made;
  }
  return sessions;
}
