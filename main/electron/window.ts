import path from 'node:path';
import { BrowserWindow, type WebPreferences } from 'electron';

/**
 * The one factory for windows: every window is sandboxed, isolated and without Node. Navigation and
 * new windows are refused app-wide in security.ts, so a link in study material cannot take the window over.
 */
export function createMainWindow(appRoot: string, isPackaged: boolean): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Teamseat',
    webPreferences: windowPreferences(appRoot, isPackaged),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadFile(rendererIndex(appRoot));
  return win;
}

/** Every window's preferences: sandboxed, isolated, no Node; the preload exposes the contract only. */
export function windowPreferences(appRoot: string, isPackaged: boolean): WebPreferences {
  return {
    preload: path.join(appRoot, 'out', 'main', 'preload.cjs'),
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
    devTools: !isPackaged,
    spellcheck: false,
  };
}

export const rendererIndex = (appRoot: string) => path.join(appRoot, 'out', 'renderer', 'index.html');
