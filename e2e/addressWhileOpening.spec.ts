import { test, expect } from './fixtures.js';
import { startBrowserHost } from './host.js';

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'browser addresses only');

/**
 * An address typed (or a bookmark followed) while the page is still opening — after the app read the address but
 * before its first render finished — is followed, not dropped for the library. On a busy lab PC the first render
 * can take seconds; the CPU is slowed here so that the window is wide every time.
 */
test('an address changed while the app is still opening is followed', async ({ browser, dataDir }) => {
  const host = await startBrowserHost(dataDir);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto(host.url, { waitUntil: 'domcontentloaded' });
    await page.evaluate("window.location.hash = '#/study?key=built-in%3Ateam-demo'");
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Study library', { timeout: 15_000 });
    await expect(page).toHaveURL(/#\/study\?key=built-in%3Ateam-demo$/);
    await expect(page.getByRole('form', { name: 'Model run' })).toHaveCount(1, { timeout: 15_000 });
  } finally {
    await context.close();
    await host.stop();
  }
});
