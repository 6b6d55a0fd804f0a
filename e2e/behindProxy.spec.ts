import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { hostApi, repoRoot, startBrowserHost } from './host.js';
import { writeSettings } from './teamPlay.js';
import { opensslMissing, startTlsProxy } from './tlsProxy.js';

// Issue 25 item 4, "works behind the documented reverse proxy": the host is started with `--origin https://…` as the
// README's "Remote participants" says, and a TLS-terminating proxy in this process forwards to it as the README's
// nginx block does. Everything the browsers do goes through the proxy over https: the experimenter's study page and
// its one study link, a participant enrolled through that link with a platform id, the live event stream (a pause
// from the dashboard covers the open seat without a reload) and the redirect to the platform's https completion URL.

const noOpenssl = opensslMissing();
test.skip(process.env.TEAMSEAT_E2E === 'electron', 'a reverse proxy fronts the browser host, not the desktop app');
test.skip(noOpenssl !== null, noOpenssl ?? '');
test.setTimeout(300_000);

const STUDY_DIR = 'proxy-e2e';
const STUDY_KEY = `user:${STUDY_DIR}`;
const COMPLETION = 'https://app.prolific.com/submissions/complete?cc={code}';
const PID = '64b0c1d2e3f4a5b6c7d8e9f0';

function writeStudy(dataDir: string): void {
  const dir = path.join(dataDir, 'studies', STUDY_DIR);
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'studies/team-demo/tasks/hidden-profile.yaml'), path.join(dir, 'tasks/hidden-profile.yaml'));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: ${STUDY_DIR}
title: Behind the proxy
kind: team
tasks: [tasks/hidden-profile.yaml]
labeller: { source: rules, accept_unvalidated_rules: true }
protocol:
  participants: { generate: { pattern: "P{nn}", count: 4 } }
  enrolment: { id_parameter: PROLIFIC_PID, cap: 4, abandon_after_minutes: 30, completion_url: "${COMPLETION}" }
  design: between
  ordering: fixed
  screens:
    consent: { text: "We record your messages and answers.", checkbox: "I agree to take part" }
    debrief: { text: "Your teammates were scripted." }
    completion: { code: DONE-PROXY }
`,
  );
}

/** Every address the page asks for, to show that nothing went around the proxy. */
function recordRequests(page: Page, seen: string[]): void {
  page.on('request', (r) => seen.push(r.url()));
  page.on('websocket', (ws) => seen.push(ws.url()));
}

test('behind an HTTPS reverse proxy: the study link enrols a platform id, a dashboard pause reaches the seat over wss, the completion redirect is https', async ({
  browser,
  dataDir,
}) => {
  writeSettings(dataDir, { typingDelayMs: 0 });
  writeStudy(dataDir);
  const proxy = await startTlsProxy();
  const host = await startBrowserHost(dataDir, 0, ['--origin', proxy.origin]);
  proxy.target.port = Number(new URL(host.origin).port);
  const requests: string[] = [];
  try {
    // The experimenter, through the proxy: the study page's one study link is the proxy's https address.
    const expContext = await browser.newContext({ ignoreHTTPSErrors: true });
    const exp = await expContext.newPage();
    recordRequests(exp, requests);
    await exp.goto(`${proxy.origin}/#token=${host.token}`);
    await exp.locator(`[data-study="${STUDY_KEY}"]`).getByRole('button', { name: /^Open / }).click();
    await expect(exp.getByRole('heading', { name: 'Study link for the recruitment platform' })).toBeVisible();
    const studyLink = await exp.getByLabel('Study link', { exact: true }).inputValue();
    expect(studyLink.startsWith(`${proxy.origin}/#enrol=`)).toBe(true);

    // A participant from the platform: Prolific appends `?PROLIFIC_PID=` to the study link's address.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    // The platform's completion address, answered here: no test reaches the internet.
    await context.route('https://app.prolific.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Prolific: submission complete</h1>' }),
    );
    const page = await context.newPage();
    recordRequests(page, requests);
    const stream: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => stream.push(String(f.payload))));
    await page.goto(`${proxy.origin}/?PROLIFIC_PID=${PID}#${studyLink.split('#')[1]!.replace(/&PROLIFIC_PID=.*$/, '')}`);
    await expect(page.locator('.kiosk-card h1')).toHaveText('Consent');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const composer = page.locator('.composer textarea');
    await expect(composer).toBeEnabled({ timeout: 60_000 });
    await composer.fill('Kept through the pause');

    // The experimenter pauses from the dashboard (through the proxy); the seat covers on the event, without a reload.
    const { participants } = await hostApi<{ participants: { code: string; status: string }[] }>(host, 'studyParticipants', { studyKey: STUDY_KEY });
    const code = participants.find((p) => p.status === 'active')!.code;
    const dashboard = await expContext.newPage();
    recordRequests(dashboard, requests);
    await dashboard.goto(`${proxy.origin}/#token=${host.token}&to=${encodeURIComponent(`/dashboard?key=${encodeURIComponent(STUDY_KEY)}`)}`);
    await expect(dashboard.getByRole('heading', { name: /^Dashboard: / })).toBeVisible();
    const actions = dashboard.getByRole('group', { name: `Actions for ${code}` });
    await actions.getByRole('button', { name: 'Pause…' }).click();
    await dashboard.keyboard.type('Checking the connection');
    await dashboard.keyboard.press('Enter');
    await expect(dashboard.getByText(`${code}'s run is paused.`)).toBeVisible();
    const cover = page.getByTestId('experimenter-pause');
    await expect(cover).toContainText('Checking the connection');
    await expect(page.locator('.composer').getByRole('button', { name: 'Send' })).toBeDisabled();
    // The resume comes the same way; the draft is still there.
    await actions.getByRole('button', { name: 'Resume' }).click();
    await expect(cover).toHaveCount(0);
    await expect(composer).toHaveValue('Kept through the pause');

    // The participant finishes and is sent to the platform's https completion address with the code.
    await page.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your work' });
    await dialog.getByLabel('Your answer or summary').fill('West City');
    await dialog.getByRole('button', { name: 'Submit…' }).click();
    await dialog.getByRole('button', { name: 'Yes, submit' }).click();
    await expect(page.getByText('This task is finished.')).toBeVisible({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('.kiosk-card h1')).toHaveText('About this study');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL('https://app.prolific.com/submissions/complete?cc=DONE-PROXY');

    // The event stream was the proxy's wss (its frames carried the pause), and the host saw the proxy's Host and the
    // browser's Origin on it; no page asked the host's own address for anything.
    expect(stream.length).toBeGreaterThan(0);
    const upgrades = proxy.forwarded.filter((f) => f.kind === 'upgrade');
    expect(upgrades.length).toBeGreaterThanOrEqual(2);
    for (const u of upgrades) expect(u).toMatchObject({ url: '/events', host: new URL(proxy.origin).host, origin: proxy.origin, status: 101 });
    expect(requests.filter((u) => u.startsWith('wss:')).every((u) => u === `wss://${new URL(proxy.origin).host}/events`)).toBe(true);
    expect(requests.filter((u) => !u.startsWith(proxy.origin) && !u.startsWith('wss://') && !u.startsWith('https://app.prolific.com/'))).toEqual([]);
    expect(proxy.forwarded.filter((f) => f.kind === 'http' && f.url.startsWith('/api/') && f.status !== 200)).toEqual([]);
  } finally {
    await host.stop();
    await proxy.close();
  }
});
