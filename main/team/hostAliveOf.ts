import type { AppServices } from '../app/appServices.js';
import { HostAlive } from './hostAlive.js';

// Keyed by the app's event bus, as teamSessionsOf and slackRunsOf are: the composition root spreads its services.
const perApp = new WeakMap<AppServices['bus'], HostAlive>();

/**
 * The app's one alive stamp: it belongs to the process, not to a seat. Team and Slack runs both ask it when the
 * process that wrote a crashed run's last event was last alive; two stampers in one process would each rewrite
 * alive.json without the other's span.
 */
export function hostAliveOf(s: Pick<AppServices, 'bus' | 'options' | 'closers'>): HostAlive {
  let alive = perApp.get(s.bus);
  if (!alive) {
    const made = new HostAlive(s.options.dataDir, () => new Date());
    perApp.set(s.bus, made);
    s.closers.push(made.start());
    alive = made;
  }
  return alive;
}
