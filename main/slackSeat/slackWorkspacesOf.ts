import type { AppServices } from '../app/appServices.js';
import { SlackWorkspaces } from './workspaces.js';

// Keyed by the app's event bus, as the results writer is: the composition root may spread its services into a new object.
const perApp = new WeakMap<AppServices['bus'], SlackWorkspaces>();

/**
 * The app's one SlackWorkspaces: the Slack seat's handlers and the study service (which starts and prepares a plan's
 * Slack runs) must see the same running imports, or two of them could import one workspace into the same file at once.
 */
export function slackWorkspacesOf(s: Pick<AppServices, 'bus' | 'options' | 'closers'>): SlackWorkspaces {
  let workspaces = perApp.get(s.bus);
  if (!workspaces) {
    const made = new SlackWorkspaces(s.options.dataDir, s.bus);
    perApp.set(s.bus, made);
    s.closers.push(() => made.close());
    workspaces = made;
  }
  return workspaces;
}
