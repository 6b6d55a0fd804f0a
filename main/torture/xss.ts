import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mustOf, spawnHost } from '../hosts/browser/hostProcess.js';
import { writeXssLabellingStudy, writeXssSlackExport, writeXssTeamStudy } from './xssData.js';
import { ALL_PAYLOADS, XSS_PAYLOADS } from './xssPayloads.js';

export interface XssResult {
  payloads: number;
  /** Distinct payload numbers whose `__xss(n)` ran, plus any dialog a payload opened. */
  executions: string[];
  /** Script the page's CSP refused to run: markup reached the DOM but could not execute. */
  cspBlocked: string[];
  /** Elements or attributes a payload put into the DOM (event handlers, javascript: URLs, scripts). */
  injectedMarkup: string[];
  screens: string[];
  /** Screens the run could not reach (a selector that failed, a pack that was refused). */
  missed: string[];
  /** Distinct payloads seen as text on screen: proof that they were rendered, as text. */
  shownAsText: number;
  /** The tripwire caught a planted payload (outside the app), and the CSP listener one planted in the app. */
  tripwireWorks: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Injected markup as the DOM shows it: handler attributes, script-bearing URLs, scripts and frames carrying a payload. */
// Page-side code is kept as text: this file compiles without the DOM library.
const SCAN_DOM = `(() => {
  const out = [];
  const urlAttrs = ['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href', 'background', 'style', 'content'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const a of Array.from(el.attributes)) {
      const hit = a.value.includes('__xss');
      if ((a.name.startsWith('on') && hit) || (urlAttrs.includes(a.name) && (hit || /^\\s*javascript:/i.test(a.value))))
        out.push('<' + el.tagName.toLowerCase() + ' ' + a.name + '="' + a.value.slice(0, 60) + '">');
    }
    if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName) && (el.outerHTML.includes('__xss') || el.outerHTML.includes('javascript:')))
      out.push('<' + el.tagName.toLowerCase() + '> ' + el.outerHTML.slice(0, 60));
  }
  return out;
})()`;

/** The tripwire: payloads call __xss(n); CSP refusals are reported too. Runs before any page script. */
const TRIPWIRE = `
  window.__xss = (n) => window.__xssHit('exec', String(n));
  document.addEventListener('securitypolicyviolation', (e) => window.__xssHit('csp', e.violatedDirective + ' ' + e.blockedURI));
`;

/** Injected markup as the DOM shows it: handler attributes, script-bearing URLs, scripts and frames carrying a payload. */
async function scanDom(page: Page): Promise<string[]> {
  return (await page.evaluate(SCAN_DOM)) as string[];
}

/**
 * Puts the XSS corpus into every text a team pack, a labelling item set, a Slack export and their exports can
 * carry, renders each screen that shows them in Chromium, and counts what ran (a page-side tripwire), what
 * the CSP blocked, and what markup got into the DOM at all.
 */
export async function xssRun(
  appRoot: string,
  opts: { chromiumPath: string; log: (l: string) => void },
): Promise<XssResult> {
  const res: XssResult = {
    payloads: XSS_PAYLOADS.length,
    executions: [],
    cspBlocked: [],
    injectedMarkup: [],
    screens: [],
    missed: [],
    shownAsText: 0,
    tripwireWorks: false,
  };
  const shown = new Set<string>();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-torture-xss-'));
  fs.mkdirSync(path.join(dataDir, 'studies'));
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  const teamKey = writeXssTeamStudy(appRoot, path.join(dataDir, 'studies'));
  const labelKey = writeXssLabellingStudy(appRoot, path.join(dataDir, 'studies'));
  const exportDir = writeXssSlackExport(path.join(dataDir, 'xss-export'));
  const host = await spawnHost(appRoot, dataDir);
  const must = mustOf(host);
  const browser = await chromium.launch({ executablePath: opts.chromiumPath });
  const seen = new Set<string>();
  const record = (list: string[], what: string) => {
    if (seen.has(what)) return;
    seen.add(what);
    list.push(what);
  };
  try {
    const studies = await must<
      { key: string; problems: { file: string; path: string; message: string }[] }[]
    >('listStudies', {});
    for (const key of [teamKey, labelKey]) {
      const s = studies.find((x) => x.key === key);
      if (!s) res.missed.push(`${key}: not listed`);
      else if (s.problems.length)
        res.missed.push(
          `${key}: refused (${s.problems[0]!.file} ${s.problems[0]!.path}: ${s.problems[0]!.message})`,
        );
    }
    const imported = await must<{ workspaceId: string; status: string }>('slackImportExport', {
      path: exportDir,
      title: `XSS ws ${XSS_PAYLOADS[0]}`,
    });
    for (let i = 0; i < 240; i++) {
      const st = await must<{ status: string; error: string | null }>('slackWorkspaceStatus', {
        workspaceId: imported.workspaceId,
      });
      if (st.status !== 'importing') {
        if (st.status !== 'ready') res.missed.push(`slack import: ${st.status} ${st.error ?? ''}`);
        break;
      }
      await sleep(250);
    }

    const context: BrowserContext = await browser.newContext();
    let screen = 'start';
    const control: string[] = [];
    await context.exposeBinding('__xssHit', (_src, kind: string, detail: string) => {
      if (screen === 'control') control.push(`${kind} ${detail}`);
      else if (kind === 'exec') record(res.executions, `payload ${detail} on ${screen}`);
      // zod probes for eval support once per page (new Function in a try); that refusal is the app's own.
      else if (kind === 'csp' && !detail.endsWith(' eval')) record(res.cspBlocked, `${detail} on ${screen}`);
    });
    await context.addInitScript({ content: TRIPWIRE });
    const page = await context.newPage();
    page.on('dialog', (d) => {
      record(res.executions, `dialog "${d.message().slice(0, 40)}" on ${screen}`);
      void d.dismiss();
    });
    const app = `${host.origin}/#token=${host.token}`;
    const checkpoint = async (name: string) => {
      screen = name;
      await sleep(600);
      for (const m of await scanDom(page)) record(res.injectedMarkup, `${m} on ${name}`);
      const text = (await page.evaluate('document.body ? document.body.innerText : ""')) as string;
      for (const m of text.matchAll(/__xss\((\d+)\)/g)) shown.add(m[1]!);
      res.shownAsText = shown.size;
      res.screens.push(name);
    };
    const step = async (name: string, run: () => Promise<void>) => {
      try {
        await run();
        await checkpoint(name);
      } catch (err) {
        res.missed.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
      }
    };
    const home = async () => {
      await page.goto('about:blank');
      await page.goto(app);
      // Generous: on a loaded machine the first paint of the library can take a while.
      await page.locator('[data-study]').first().waitFor({ timeout: 60_000 });
    };

    // Positive controls: a payload planted outside the app must trip the wire, one planted into the app's
    // page must be reported by the CSP listener and the DOM scan; otherwise zeros below would mean nothing.
    screen = 'control';
    await page.setContent('<div id="t"></div>');
    await page.evaluate(`document.getElementById('t').innerHTML = '<img src=x onerror=__xss(0)>'`);
    await sleep(500);
    const wireOk = control.includes('exec 0');
    await home();
    await page.evaluate(
      `document.body.insertAdjacentHTML('beforeend', '<img id="planted" src=x onerror=__xss(0)>')`,
    );
    await sleep(500);
    const cspOk = control.some((c) => c.startsWith('csp script-src'));
    const scanOk = (await scanDom(page)).length > 0;
    res.tripwireWorks = wireOk && cspOk && scanOk;
    if (!res.tripwireWorks)
      res.missed.push(
        `tripwire self-test failed: wire ${wireOk}, csp ${cspOk}, scan ${scanOk} (${control.join('; ')})`,
      );

    await step('library', home);
    // Team: each task of the pack, in the manipulation version, through the start panel into the seat.
    const detail = await must<{ tasks: { id: string }[] }>('openStudy', { key: teamKey }).catch(() => ({
      tasks: [],
    }));
    for (const [i, task] of detail.tasks.entries()) {
      await step(`team study page (${task.id})`, async () => {
        await home();
        await page
          .locator(`[data-study="${teamKey}"]`)
          .getByRole('button', { name: /^Open / })
          .click();
        const panel = page.getByRole('form', { name: 'Pilot run' });
        await panel.getByLabel('Task').selectOption(task.id);
        await panel.getByLabel('Version').selectOption('manipulation');
        await panel.getByLabel('Participant id').fill(`X${i}`);
        await panel.getByRole('button', { name: 'Start pilot run' }).click();
        await page.getByLabel('Round').first().waitFor({ timeout: 10_000 });
      });
      await step(`team session (${task.id})`, async () => {
        const composer = page.getByRole('region', { name: /^Conversation/ }).getByRole('textbox');
        await composer.fill(`hello ${ALL_PAYLOADS}`);
        await composer.press('Enter');
        await sleep(1500);
        const channels = page.getByRole('navigation', { name: 'Channels' }).getByRole('button');
        for (let c = 0; c < (await channels.count()); c++) {
          await channels.nth(c).click();
          await sleep(200);
        }
        const tab = page.getByRole('tab', { name: 'Workspace' });
        if (await tab.count()) await tab.click();
      });
    }
    // Labelling: the rater screen (item text, speakers, definitions), then the report and its HTML export.
    await step('labelling items', async () => {
      await home();
      await page.locator(`[data-study="${labelKey}"] button`).first().click();
      await page.getByRole('button', { name: /^(Start|Resume) as R1/ }).click();
      for (let k = 0; k < 6; k++) {
        await page.keyboard.press('1');
        await page.keyboard.press('Enter');
        await sleep(150);
        await page.keyboard.press('Enter');
        await sleep(150);
      }
    });
    await step('labelling report', async () => {
      await page.getByRole('button', { name: 'Save and exit' }).click();
      await page.getByRole('button', { name: /Agreement report/ }).click();
      await sleep(500);
    });
    await step('labelling report.html export', async () => {
      const out = await must<{ dir: string; files: string[] }>('exportLabelling', { studyKey: labelKey });
      const html = out.files
        .map((f) => (path.isAbsolute(f) ? f : path.join(out.dir, f)))
        .find((f) => f.endsWith('report.html'));
      if (!html || !fs.existsSync(html)) throw new Error('no report.html written');
      await page.goto(`file://${html}`);
    });
    // Slack: the imported workspace's channels (names, purposes, messages, attachments, files), users and search.
    await step('slack workspace', async () => {
      await home();
      await page.locator('[data-study="built-in:slack-demo"] button').first().click();
      await page.getByRole('button', { name: 'Import a Slack export…' }).click();
      await checkpoint('slack workspaces table');
      await page
        .getByRole('row', { name: /XSS ws/ })
        .getByRole('button', { name: 'Open' })
        .click();
      const sidebar = page.getByRole('navigation', { name: 'Conversations' });
      await sidebar.waitFor({ timeout: 10_000 });
      const buttons = sidebar.getByRole('button');
      for (let c = 0; c < (await buttons.count()); c++) {
        await buttons.nth(c).click();
        await sleep(300);
      }
    });
    await step('slack search', async () => {
      await page.getByLabel('Search messages').fill('payload');
      await page.getByLabel('Search messages').press('Enter');
      await page
        .getByRole('region', { name: 'Search results' })
        .locator('.sk-hit')
        .first()
        .click({ timeout: 10_000 });
    });
    await context.close();
  } finally {
    await browser.close();
    await host.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  opts.log(`  xss: ${res.screens.length} screens rendered, ${res.missed.length} missed`);
  return res;
}
