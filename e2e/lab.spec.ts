import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';

// Lab mode and the live dashboard (issue 13), on a second loopback address (127.0.0.2), never a LAN address: two
// dashboards on one study, a participant playing in a third page, pause / resume / withdraw from either dashboard.

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'lab mode is the browser host');
test.setTimeout(120_000);

const STUDY = 'built-in:team-demo';

function serve(dataDir: string, args: string[]) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'out/main/serve.mjs'), '--data-dir', dataDir, '--port', '0', ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEAMSEAT_DATA_DIR: '' },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, out: () => out, err: () => err };
}

async function page(browser: Browser, url: string): Promise<Page> {
  const p = await (await browser.newContext({ viewport: { width: 1400, height: 800 } })).newPage();
  await p.goto(url);
  return p;
}

const cellOf = (p: Page, code: string) => p.locator(`tr[data-participant="${code}"] td[data-cell-status]`).first();

test('lab mode on 127.0.0.2: dashboard links, two live dashboards, pause, resume and withdraw; a wrong address is refused', async ({ browser }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-lab-'));
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  const wrong = serve(dataDir, ['--lab', '--bind', '10.255.255.7']);
  expect(await wrong.exited).toBe(2);
  expect(wrong.err()).toContain("--bind 10.255.255.7: that address is not this machine's");

  const host = serve(dataDir, ['--lab', '--bind', '127.0.0.2', '--study', STUDY]);
  try {
    await expect.poll(() => host.out(), { timeout: 30_000 }).toContain('Participant links');
    const dashboard = /Dashboard \(experimenter only\): (\S+)/.exec(host.out())![1]!;
    const [, code, p01] = /(\S+-P01)\s+(http:\/\/127\.0\.0\.2:\d+\/#kiosk=\S+)/.exec(host.out())!;
    expect(dashboard).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/#token=/);

    const first = await page(browser, dashboard);
    const second = await page(browser, dashboard);
    for (const d of [first, second]) await expect(d.getByRole('heading', { name: /^Dashboard: / })).toBeVisible();
    await expect(first).toHaveURL(/#\/dashboard\?key=built-in%3Ateam-demo$/);

    // The participant starts their practice run: both dashboards show it from the event stream.
    const participant = await page(browser, p01!);
    await participant.getByRole('checkbox').check();
    await participant.getByRole('button', { name: 'Next' }).click();
    await participant.getByRole('heading', { name: 'Instructions' }).waitFor();
    await participant.getByRole('button', { name: 'Next' }).click();
    await participant.getByRole('button', { name: 'Start', exact: true }).click();
    for (const d of [first, second]) await expect(cellOf(d, code!)).toHaveAttribute('data-cell-status', 'in_progress');
    await expect(cellOf(first, code!)).toContainText('round 1/');

    // Pause with a typed reason, keyboard only, from the first dashboard; the second sees it, the participant too.
    await first.getByRole('group', { name: `Actions for ${code}` }).getByRole('button', { name: 'Pause…' }).focus();
    await first.keyboard.press('Enter');
    await first.keyboard.type('Fire alarm test');
    await first.keyboard.press('Enter');
    await expect(first.getByText(`${code}'s run is paused.`)).toBeVisible();
    await expect(cellOf(second, code!)).toHaveAttribute('data-cell-status', 'paused');
    await fs.promises.mkdir(path.join(repoRoot, 'test-results', 'lab'), { recursive: true });
    await first.screenshot({ path: path.join(repoRoot, 'test-results', 'lab', 'dashboard-paused.png'), fullPage: true });

    // The second dashboard resumes; the first sees it at once.
    await second.getByRole('group', { name: `Actions for ${code}` }).getByRole('button', { name: 'Resume' }).click();
    await expect(cellOf(first, code!)).toHaveAttribute('data-cell-status', 'in_progress');

    // Withdraw from the first dashboard with the participants panel's own dialog; the second shows it.
    await first.getByRole('group', { name: `Actions for ${code}` }).getByRole('button', { name: 'Void, withdraw…' }).click();
    await first.getByRole('group', { name: `Actions for ${code}` }).last().getByRole('button', { name: 'Withdraw…' }).click();
    await first.getByRole('alertdialog').getByRole('textbox').fill('Left the lab');
    await first.getByRole('alertdialog').getByRole('button', { name: /^Withdraw/ }).click();
    await expect(second.locator(`tr[data-participant="${code}"]`)).toHaveAttribute('data-status', 'withdrawn');
    await expect(cellOf(second, code!)).toHaveAttribute('data-cell-status', 'abandoned');

    // A pause asked of a participant who is no longer playing is refused with a message; nothing changes.
    const after = await first.evaluate(async (who) => {
      // The page's own store of its token (the e2e tsconfig has no DOM types).
      const token = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('teamseat.token');
      const res = await fetch('/api/dashboardView', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ studyKey: 'built-in:team-demo' }) });
      const view = (await res.json()) as { value: { participants: { row: { code: string; participantId: string } }[] } };
      const id = view.value.participants.find((p) => p.row.code === who)!.row.participantId;
      const pause = await fetch('/api/dashboardPause', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ studyKey: 'built-in:team-demo', participantId: id, reason: 'late' }) });
      return (await pause.json()) as { ok: boolean; error?: { message: string } };
    }, code!);
    expect(after).toMatchObject({ ok: false, error: { message: expect.stringMatching(/-P01 is withdrawn.*Nothing was changed/) } });
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('behind a reverse proxy: --origin makes the printed links the proxy\'s; a plain-http origin is refused before anything is opened', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-lab-'));
  try {
    const plain = serve(dataDir, ['--origin', 'http://teamseat.lab.example.org']);
    expect(await plain.exited).toBe(2);
    expect(plain.err()).toContain('--origin http://teamseat.lab.example.org: the reverse proxy must serve HTTPS');
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const host = serve(dataDir, ['--origin', 'https://teamseat.lab.example.org', '--study', STUDY]);
    try {
      await expect.poll(() => host.out(), { timeout: 30_000 }).toContain('Participant links');
      expect(host.out()).toMatch(/Open: http:\/\/127\.0\.0\.1:\d+\/#token=/);
      expect(host.out()).toMatch(/Through the reverse proxy: https:\/\/teamseat\.lab\.example\.org\/#token=/);
      expect(host.out()).toMatch(/Dashboard \(experimenter only\): https:\/\/teamseat\.lab\.example\.org\/#token=\S+&to=/);
      expect(host.out()).toMatch(/-P01\s+https:\/\/teamseat\.lab\.example\.org\/#kiosk=/);
    } finally {
      host.child.kill('SIGTERM');
      await host.exited;
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
