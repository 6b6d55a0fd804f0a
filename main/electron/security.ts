import { fileURLToPath } from 'node:url';
import { app, session, shell, type BrowserWindow, type BrowserWindowConstructorOptions, type WebContents, type WebFrameMain } from 'electron';

/** Only http(s) links leave the app, and only to the system browser, after parsing with new URL(). */
function openExternally(raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return;
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') void shell.openExternal(url.toString());
}

/** A second window a page may open (the dashboard: dashboardWindow.ts); anything else is refused. */
export interface SecondWindows {
  optionsFor(opener: WebContents, url: string): BrowserWindowConstructorOptions | null;
  created(win: BrowserWindow): void;
}

export function installSecurityGuards(second?: SecondWindows): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const options = second?.optionsFor(contents, url);
      if (options) return { action: 'allow', overrideBrowserWindowOptions: options };
      openExternally(url);
      return { action: 'deny' };
    });
    if (second) contents.on('did-create-window', (win) => second.created(win));
  });
}

/** IPC is answered only for our own page, loaded from our own renderer file, in the top frame. */
export function isTrustedSender(frame: WebFrameMain | null, indexFile: string): boolean {
  if (!frame || frame.parent) return false;
  try {
    const url = new URL(frame.url);
    return url.protocol === 'file:' && fileURLToPath(url) === indexFile;
  } catch {
    return false;
  }
}
