import type { BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { startBrowserHost } from './host.js';

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'browser links (#token= / #kiosk=) only');

/**
 * A link pasted into a tab that already shows Teamseat changes only the fragment, so the browser loads no page.
 * The tab must still take the new link: the experimenter who pastes a participant's link into their own tab
 * must not hand the participant a tab that still holds the experimenter's library.
 */
test("a participant's link pasted into the experimenter's open tab opens the visit, not the library", async ({ browser, dataDir }) => {
  const host = await startBrowserHost(dataDir);
  // Closed at the end: a context left open is taken for the next spec's tab by specs that look through browser.contexts().
  let context: BrowserContext | undefined;
  try {
    const call = async (method: string, args: unknown) => {
      const res = await fetch(`${host.origin}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}`, origin: host.origin },
        body: JSON.stringify(args),
      });
      return ((await res.json()) as { value: unknown }).value;
    };
    const studyKey = 'built-in:team-demo';
    const { participants } = (await call('studyParticipants', { studyKey })) as { participants: { participantId: string }[] };
    const participantId = participants[0]!.participantId;
    await call('studyStartParticipant', { studyKey, participantId });
    const { fragment } = (await call('participantLink', { studyKey, participantId })) as { fragment: string };

    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible();
    await page.goto(`${host.origin}/#${fragment}`);
    await expect(page.locator('.kiosk-card h1')).toHaveText('Consent');
    await expect(page.getByRole('heading', { name: 'Study library' })).toHaveCount(0);
    expect(await page.evaluate("sessionStorage.getItem('teamseat.token')")).not.toBe(host.token);

    // A made-up token typed after the address is refused by the host and leaves the visit as it was.
    await page.evaluate("window.location.hash = '#token=made-up'");
    await page.waitForTimeout(1500);
    await expect(page.locator('.kiosk-card h1')).toHaveText('Consent');
    await page.reload();
    await expect(page.locator('.kiosk-card h1')).toHaveText('Consent');
  } finally {
    await context?.close();
    await host.stop();
  }
});
