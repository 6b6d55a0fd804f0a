import type { AppServices } from '../app/appServices.js';
import { ConsoleHub } from './consoleHub.js';

const perApp = new WeakMap<AppServices, ConsoleHub>();

/** The app's one console hub: the labellers of its team sessions and the console's handlers must share it. */
export function consoleHubOf(s: AppServices): ConsoleHub {
  let hub = perApp.get(s);
  if (!hub) {
    const made = new ConsoleHub(s.bus);
    perApp.set(s, made);
    s.closers.push(() => made.close());
    hub = made;
  }
  return hub;
}
