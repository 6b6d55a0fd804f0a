import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, _electron, type Browser, type Page } from '@playwright/test';
import { repoRoot, startBrowserHost, type RunningHost } from './host.js';

const electronMode = process.env.TEAMSEAT_E2E === 'electron';

export interface AppHandle {
  page: Page;
  dataDir: string;
  /** Browser mode only: the host process, for crash tests and raw HTTP checks. */
  host: RunningHost | undefined;
  /** Stops the app; `kill` does it with SIGKILL. */
  close(opts?: { kill?: boolean }): Promise<void>;
}

/**
 * `launch(dataDir?)` opens Teamseat over a fresh (or given) data dir: the browser host in Chromium by
 * default, the desktop app under TEAMSEAT_E2E=electron. Specs never know which.
 */
export const test = base.extend<{ dataDir: string; launch: (dataDir?: string) => Promise<AppHandle>; closeStrayContexts: void }>({
  // A context a spec opened itself and left open would be taken for the next spec's tab by any spec that looks
  // through browser.contexts(): every spec ends with none.
  closeStrayContexts: [
    async ({ browser }, use) => {
      await use();
      for (const context of browser.contexts()) await context.close().catch(() => {});
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures
  dataDir: async ({}, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-e2e-'));
    await use(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  },
  launch: async ({ browser, dataDir }, use) => {
    const opened: AppHandle[] = [];
    await use(async (dir = dataDir) => {
      const handle = electronMode ? await launchElectron(dir) : await launchBrowser(browser, dir);
      opened.push(handle);
      return handle;
    });
    for (const h of opened) await h.close().catch(() => {});
  },
});

async function launchBrowser(browser: Browser, dataDir: string): Promise<AppHandle> {
  const host = await startBrowserHost(dataDir);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(host.url);
  return {
    page,
    dataDir,
    host,
    close: async (opts) => {
      await context.close();
      await (opts?.kill ? host.kill() : host.stop());
    },
  };
}

async function launchElectron(dataDir: string): Promise<AppHandle> {
  const app = await _electron.launch({ args: [repoRoot, '--data-dir', dataDir], cwd: repoRoot });
  const page = await app.firstWindow();
  return {
    page,
    dataDir,
    host: undefined,
    close: async (opts) => {
      if (opts?.kill) app.process().kill('SIGKILL');
      else await app.close();
    },
  };
}

export { expect } from '@playwright/test';
