import type { Browser, Page } from '@playwright/test';
import { spawnHost } from '../hosts/browser/hostProcess.js';

/** Chromium as the benches run it: no GPU or background traffic to add noise to a timing. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BenchBrowserHost {
  browser: Browser;
  origin: string;
  /** The experimenter's token (the library's). */
  token: string;
  /** A new page at the study library, signed in, once its heading is drawn. */
  openLibrary(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * A browser host on `dataDir` and Debian Chromium for one bench suite. Whatever `run` does, the browser is closed and
 * the host has exited before this returns, so the caller can remove the data folder (a host still writing there made
 * the folder not empty: the replay suite's ENOTEMPTY).
 */
export async function withBrowserHost<T>(
  appRoot: string,
  dataDir: string,
  run: (h: BenchBrowserHost) => Promise<T>,
): Promise<T> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  let host: Awaited<ReturnType<typeof spawnHost>>['child'] | undefined;
  try {
    const started = await spawnHost(appRoot, dataDir);
    host = started.child;
    return await run({
      browser,
      origin: started.origin,
      token: started.token,
      async openLibrary(viewport = { width: 1280, height: 800 }) {
        const page = await browser.newPage({ viewport });
        await page.goto(`${started.origin}/#token=${started.token}`);
        await page.getByRole('heading', { name: 'Study library' }).waitFor();
        return page;
      },
    });
  } finally {
    await browser.close();
    if (host && host.exitCode === null) {
      const exited = new Promise((resolve) => host!.once('exit', resolve));
      host.kill('SIGTERM');
      await exited;
    }
  }
}
