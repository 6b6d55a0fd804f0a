import { BrowserWindow, ipcMain } from 'electron';
import { methodNames } from '../../shared/contract/methods.js';
import { fail } from '../../shared/result.js';
import type { Logger } from '../app/logger.js';
import type { ScopedHost } from '../access/scopedHost.js';
import type { WindowScopes } from '../access/windowScopes.js';
import { isTrustedSender } from './security.js';
import { EVENT_CHANNEL, methodChannel } from './channels.js';

/**
 * One ipcMain handler per contract method, all through the same scope guard as the browser host: the scope is
 * the sending window's (windowScopes.ts), never anything the page says about itself.
 */
export function registerIpc(host: ScopedHost, windows: WindowScopes, log: Logger, indexFile: string): void {
  for (const name of methodNames) {
    ipcMain.handle(methodChannel(name), async (event, args: unknown) => {
      const win = BrowserWindow.fromWebContents(event.sender);
      const scope = win ? windows.scopeOf(win.id) : null;
      if (!isTrustedSender(event.senderFrame, indexFile) || !win || !scope) {
        log.warn('rejected IPC from an untrusted frame', { method: name, url: event.senderFrame?.url });
        return fail('unauthorized', 'This window may not use Teamseat’s API.');
      }
      const result = await host.call(scope, name, args);
      windows.afterCall(win.id, name, args, result);
      return result;
    });
  }
}

/** Gives a window its scope and its own filtered event stream, for as long as it is open. */
export function attachWindow(win: BrowserWindow, host: ScopedHost, windows: WindowScopes): void {
  const id = win.id;
  windows.opened(id);
  const stop = host.subscribe(
    () => windows.scopeOf(id),
    (e) => {
      if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, e);
    },
  );
  win.on('closed', () => {
    stop();
    windows.closed(id);
  });
}
