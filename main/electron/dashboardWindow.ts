import type { BrowserWindow, BrowserWindowConstructorOptions, WebContents } from 'electron';
import type { WindowScopes } from '../access/windowScopes.js';
import { windowPreferences } from './window.js';
import { isDashboardAddress } from './dashboardAddress.js';

/**
 * The desktop's second window for the dashboard (issue 13): opened from the study page by the experimenter's window
 * only (a kiosk window holds a participant's scope and may open nothing), with the same locked-down preferences as
 * the main window, and given the experimenter's scope and event stream by `attach`.
 */
export function dashboardWindows(opts: {
  appRoot: string;
  isPackaged: boolean;
  indexFile: string;
  windows: WindowScopes;
  windowOf(contents: WebContents): BrowserWindow | null;
  attach(win: BrowserWindow): void;
}) {
  return {
    optionsFor(opener: WebContents, url: string): BrowserWindowConstructorOptions | null {
      const from = opts.windowOf(opener);
      if (!from || opts.windows.scopeOf(from.id)?.kind !== 'experimenter' || !isDashboardAddress(url, opts.indexFile)) return null;
      return { width: 1400, height: 860, minWidth: 900, minHeight: 600, title: 'Teamseat — live dashboard', webPreferences: windowPreferences(opts.appRoot, opts.isPackaged) };
    },
    created: (win: BrowserWindow) => opts.attach(win),
  };
}
