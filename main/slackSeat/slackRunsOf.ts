import type { AppServices } from '../app/appServices.js';
import { SlackRuns } from './runs.js';
import { slackWorkspacesOf } from './slackWorkspacesOf.js';

// Keyed by the app's event bus, as slackWorkspacesOf is.
const perApp = new WeakMap<AppServices['bus'], SlackRuns>();

/**
 * The app's one SlackRuns: a person's clicks (the Slack seat's handlers) and a model's tool calls (main/modelSeat)
 * go through the same runs, so their time-limit wake-ups and restart gaps are kept once per run.
 */
export function slackRunsOf(s: AppServices): SlackRuns {
  let runs = perApp.get(s.bus);
  if (!runs) {
    const made = new SlackRuns(s, slackWorkspacesOf(s));
    perApp.set(s.bus, made);
    s.closers.push(() => made.close());
    runs = made;
  }
  return runs;
}
