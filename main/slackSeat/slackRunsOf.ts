import type { AppServices } from '../app/appServices.js';
import { monotonicMicros } from '../db/monotonic.js';
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
    // The event log's wall clock (a test's or the e2e host's, when set): a run's restart gap is read against it.
    const wall = s.options.wallClock;
    const made = wall ? new SlackRuns(s, slackWorkspacesOf(s), monotonicMicros, wall) : new SlackRuns(s, slackWorkspacesOf(s));
    perApp.set(s.bus, made);
    s.closers.push(() => made.close());
    runs = made;
  }
  return runs;
}
