import { BrowserWindow, ipcMain } from 'electron';
import { methodNames } from '../../shared/contract/methods.js';
import { fail } from '../../shared/result.js';
import { dispatch } from '../app/dispatch.js';
import type { AppHandlers } from '../app/appServices.js';
import type { EventBus } from '../app/eventBus.js';
import type { Logger } from '../app/logger.js';
import { isTrustedSender } from './security.js';
import { EVENT_CHANNEL, methodChannel } from './channels.js';

/** One ipcMain handler per contract method, all through the same argument validation as the browser host. */
export function registerIpc(handlers: AppHandlers, bus: EventBus, log: Logger, indexFile: string): void {
  for (const name of methodNames) {
    ipcMain.handle(methodChannel(name), (event, args: unknown) => {
      if (!isTrustedSender(event.senderFrame, indexFile)) {
        log.warn('rejected IPC from an untrusted frame', { method: name, url: event.senderFrame?.url });
        return fail('unauthorized', 'This window may not use Teamseat’s API.');
      }
      return dispatch(handlers, name, args, { host: 'electron' }, log);
    });
  }
  bus.subscribe((e) => {
    for (const win of BrowserWindow.getAllWindows()) win.webContents.send(EVENT_CHANNEL, e);
  });
}
