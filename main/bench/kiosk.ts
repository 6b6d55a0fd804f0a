import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { withBrowserHost } from './browserHost.js';
import { median, quantile, type BenchRow } from './types.js';

const RELOADS = 15;
const STUDY = 'built-in:team-demo';

/**
 * Kiosk reload: a participant mid-round in a team task reloads their page; timed from the reload until the
 * seat shows the same round again (the token is re-read from the tab, the host asked who it is, the visit's
 * screen and the seat's view fetched and drawn). Baseline in the same run: a plain reload of the same page to
 * its `load` event (the document and the app's scripts, none of the app's own work).
 */
export async function benchKiosk(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-kiosk-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  try {
    return await withBrowserHost(appRoot, dataDir, async (started) => {
      const browser = started.browser;
      const call = async <T>(method: string, args: unknown, token = started.token): Promise<T> => {
        const res = await fetch(`${started.origin}/api/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(args),
        });
        const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
        if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
        return body.value;
      };
      const overview = await call<{ participants: { participantId: string }[] }>('studyParticipants', {
        studyKey: STUDY,
      });
      const participantId = overview.participants[0]!.participantId;
      await call('studyStartParticipant', { studyKey: STUDY, participantId });
      const { fragment } = await call<{ fragment: string }>('participantLink', {
        studyKey: STUDY,
        participantId,
      });

      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${started.origin}/#${fragment}`);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Instructions' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      const composer = page.locator('.seat').getByRole('textbox').first();
      await composer.fill('Hello team, what matters most to you?');
      await composer.press('Enter');
      await page.locator('article.msg[data-from="you"]').first().waitFor();
      const round = await page.getByLabel('Round').innerText();

      const kiosk: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < RELOADS; i++) {
        let t0 = performance.now();
        await page.reload({ waitUntil: 'load' });
        plain.push(performance.now() - t0);
        await page.getByLabel('Round').filter({ hasText: round }).waitFor();
        t0 = performance.now();
        await page.reload({ waitUntil: 'commit' });
        await page.getByLabel('Round').filter({ hasText: round }).waitFor({ timeout: 30_000 });
        kiosk.push(performance.now() - t0);
      }
      const sorted = [...kiosk].sort((a, b) => a - b);
      return [
        {
          name: `kiosk reload → the participant back at the same round (median of ${RELOADS})`,
          value: median(kiosk),
          unit: 'ms',
          baseline: { name: 'plain reload of the same page to its load event', value: median(plain) },
        },
        { name: 'kiosk reload → same round, p95', value: quantile(sorted, 0.95), unit: 'ms' },
      ];
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
