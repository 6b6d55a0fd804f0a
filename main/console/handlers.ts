import type { consoleMethods } from '../../shared/contract/console.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ExperimenterLabellerConfig } from '../../shared/team/console/consoleSchema.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { consoleHubOf } from './consoleOf.js';
import { buildConsoleView } from './consoleView.js';
import { readConsoleConfig } from './studyConsole.js';

/** How long a decision may take to reach the disk before the console is told to look again. */
const COMMIT_WAIT_MS = 15_000;

/**
 * The experimenter's console (issue 14 item 1). Experimenter scope only: no link's list names these methods. A pick
 * answers only once its `label_decided` event is committed (the bus carries events after their commit), so the
 * console never shows a label the log does not hold.
 */
export function setupConsoleHandlers(s: AppServices): Pick<AppHandlers, keyof typeof consoleMethods> {
  const teams = teamSessionsOf(s);
  const hub = consoleHubOf(s);
  // A session keeps the setting it started with, as its labeller does (read once per session).
  const configs = new Map<string, ExperimenterLabellerConfig | null>();
  const configOf = (sessionId: string, studyKey: string) => {
    if (!configs.has(sessionId)) {
      const dir = s.library.dirOf(studyKey);
      configs.set(sessionId, dir ? readConsoleConfig(dir) : null);
    }
    return configs.get(sessionId)!;
  };

  const view = (sessionId: string, consoleId: string, renew: boolean) => {
    const summary = s.database.eventLog?.getSession(sessionId);
    if (!summary) return fail('not_found', `No session ${sessionId}.`);
    const team = teams.get(sessionId);
    if (!team.ok) return team;
    const role = renew ? hub.claim(sessionId, consoleId) : hub.role(sessionId, consoleId);
    return ok(buildConsoleView(team.value, hub, sessionId, summary.studyKey, configOf(sessionId, summary.studyKey), role));
  };

  /** Resolves once the session's next `label_decided` event has been committed and sent out. */
  const labelCommitted = (sessionId: string): { done: Promise<boolean>; cancel(): void } => {
    let cancel = () => undefined as void;
    const done = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), COMMIT_WAIT_MS);
      const unsubscribe = s.bus.subscribe((e: AppEvent) => {
        if (e.type === 'session.event' && e.event.sessionId === sessionId && e.event.kind === 'label_decided') finish(true);
      });
      const finish = (seen: boolean) => {
        clearTimeout(timer);
        unsubscribe();
        resolve(seen);
      };
      cancel = () => finish(false);
    });
    return { done, cancel };
  };

  return {
    consoleView: ({ sessionId, consoleId }) => view(sessionId, consoleId, true),
    consoleDecide: async ({ sessionId, consoleId, requestId, label }) => {
      hub.claim(sessionId, consoleId);
      const committed = labelCommitted(sessionId);
      const decided: Result<void> = hub.decide(sessionId, consoleId, requestId, label);
      if (!decided.ok) {
        committed.cancel();
        return decided;
      }
      if (!(await committed.done)) s.log.warn('console: a label was picked but its event was not seen within the wait', { sessionId, label });
      return view(sessionId, consoleId, true);
    },
    consoleSay: async ({ sessionId, consoleId, seat, to, text }) => {
      const team = teams.get(sessionId);
      if (!team.ok) return team;
      const summary = s.database.eventLog!.getSession(sessionId)!;
      if (!configOf(sessionId, summary.studyKey)?.partner_seats) return fail('conflict', 'This study does not let the console write as a partner seat (`partner_seats: true` in its labeller section).');
      if (hub.claim(sessionId, consoleId) !== 'driver') return fail('conflict', 'Another console drives this session; this one is read-only.');
      const said = await team.value.seatSay(seat, to, text);
      return said.ok ? view(sessionId, consoleId, true) : said;
    },
    consoleRelease: ({ sessionId, consoleId }) => ok({ released: hub.release(sessionId, consoleId) }),
  };
}
