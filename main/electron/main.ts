import path from 'node:path';
import { app, BrowserWindow, dialog, safeStorage } from 'electron';
import ElectronStore from 'electron-store';
import { createApp } from '../app/services.js';
import { consoleLogger } from '../app/logger.js';
import { resolveDataDir } from '../paths.js';
import { sqliteNativeBinding } from '../db/nativeBinding.js';
import type { SettingsFileFactory } from '../settings/settingsService.js';
import { installSecurityGuards } from './security.js';
import { createMainWindow, rendererIndex } from './window.js';
import { installMenu } from './menu.js';
import { dashboardWindows } from './dashboardWindow.js';
import { attachWindow, registerIpc } from './ipc.js';
import { ScopedHost } from '../access/scopedHost.js';
import { WindowScopes } from '../access/windowScopes.js';
import { createSafeStorageSecretStore } from '../secrets/safeStorageSecretStore.js';

// The thin desktop shell: every behaviour lives in createApp(), shared with the browser host.
const appRoot = app.getAppPath();
const dataDir = resolveDataDir(process.argv, process.env, () => app.getPath('userData'));
app.setPath('userData', dataDir);
app.enableSandbox();

const electronSettings: SettingsFileFactory = (opts) => new ElectronStore<Record<string, unknown>>(opts);

if (!app.requestSingleInstanceLock()) {
  // A second copy would open the same database: hand over to the running one.
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(() => {
    const log = consoleLogger('desktop');
    let nativeBinding: string | undefined;
    try {
      nativeBinding = sqliteNativeBinding(appRoot);
    } catch (err) {
      dialog.showErrorBox('Teamseat cannot open its database', (err as Error).message);
      app.quit();
      return;
    }
    const services = createApp({
      host: 'electron',
      version: app.getVersion(),
      appRoot,
      dataDir,
      settingsFactory: electronSettings,
      nativeBinding,
      log,
      // API keys sealed with the OS keychain; where none is available the app falls back to the 0600 file.
      ...(safeStorage.isEncryptionAvailable() ? { secretStore: createSafeStorageSecretStore(safeStorage, dataDir) } : {}),
    });
    // Every window holds a scope (the experimenter's, until it enters a participant's kiosk): see windowScopes.ts.
    const scoped = new ScopedHost(services.handlers, services.bus, services.ownership, log, 'electron');
    const windows = new WindowScopes(services.access);
    // Guards first, before any window exists; the dashboard may open in a second window (the experimenter's only).
    installSecurityGuards(
      dashboardWindows({
        appRoot,
        isPackaged: app.isPackaged,
        indexFile: path.resolve(rendererIndex(appRoot)),
        windows,
        windowOf: (contents) => BrowserWindow.fromWebContents(contents),
        attach: (win) => attachWindow(win, scoped, windows),
      }),
    );
    registerIpc(scoped, windows, log, path.resolve(rendererIndex(appRoot)));
    installMenu(dataDir);
    attachWindow(createMainWindow(appRoot, app.isPackaged), scoped, windows);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) attachWindow(createMainWindow(appRoot, app.isPackaged), scoped, windows);
    });
    app.on('will-quit', () => services.close());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
