import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { TEAM_DEMO, runTests, say, startRun, submitRun, writeSettings } from './teamPlay.js';
import { hostApi, repoRoot } from './host.js';
import { startStubModelServer, type StubModelServer } from '../main/modelSeat/stubModel.testing.js';

// axe-core over every screen a person can reach, failing on serious or critical violations (minor and moderate
// ones are printed, not failed). To check a new screen, add one entry to SCREENS: a name and how to get there
// from the study library with clicks, ending when the screen is drawn.

const SLACK = 'built-in:slack-demo';
const LABELLING = 'built-in:judge-validation-demo';

interface Screen {
  name: string;
  /** From the library (a fresh page over the shared data dir) to the screen, by what a person clicks. */
  open(page: Page): Promise<void>;
}

async function openStudy(page: Page, key: string) {
  await page
    .locator(`[data-study="${key}"]`)
    .getByRole('button', { name: /^Open / })
    .click();
}

async function slackBrowser(page: Page) {
  await openStudy(page, SLACK);
  await page.getByRole('button', { name: 'Browse the workspace (not recorded)' }).click();
  // The demo workspace is built on first use.
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first(),
  ).toBeVisible({
    timeout: 90_000,
  });
}

async function slackChannel(page: Page, name: string) {
  await slackBrowser(page);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name, exact: true })
    .click();
  await expect(
    page
      .getByRole('log', { name: `Messages in #${name}` })
      .locator('.sk-msg')
      .first(),
  ).toBeVisible();
}

async function slackRepository(page: Page) {
  await slackChannel(page, 'ci-alerts');
  await page.getByLabel('Jump to date').fill('2024-10-17');
  await page.getByRole('button', { name: 'Go' }).click();
  await page
    .getByRole('log', { name: 'Messages in #ci-alerts' })
    .getByRole('link', { name: '51b1922' })
    .click();
  await expect(page.getByRole('region', { name: 'Repository' }).locator('.sk-add').first()).toBeVisible();
}

async function labellingSession(page: Page) {
  await openStudy(page, LABELLING);
  const start = page.getByRole('button', { name: /^(Start|Resume) as R1$/ });
  await start.click();
  await expect(page.getByLabel('Progress')).toBeVisible();
}

/** A Slack query answered by `participant`, then the results page (the grader needs an answer to grade). */
async function slackResults(page: Page, participant: string) {
  await openStudy(page, SLACK);
  await page.getByLabel('Participant id').fill(participant);
  await page.getByRole('button', { name: 'Start as-riverside-monitor' }).click();
  await expect(page.getByLabel('Question')).toContainText('Riverside', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Answer…' }).click();
  await page.getByRole('textbox', { name: 'Your answer' }).fill('A Palas Fidas 200.');
  await page.getByRole('dialog').getByRole('button', { name: 'Submit…' }).click();
  await page.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your answer was recorded' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the study' }).click();
  await page.getByRole('button', { name: 'Results, grading and judge…' }).click();
  await expect(
    page.getByRole('row', { name: new RegExp(`${participant} as-riverside-monitor`) }),
  ).toBeVisible();
}

const SCREENS: Screen[] = [
  {
    name: 'study library',
    open: async (page) => {
      await expect(page.locator('.study-card').first()).toBeVisible();
    },
  },
  {
    name: 'study detail (team)',
    open: async (page) => {
      await openStudy(page, TEAM_DEMO);
      await expect(page.getByRole('form', { name: 'Pilot run' })).toBeVisible();
    },
  },
  {
    name: 'people beside models (synthetic fixture) and the study bundle panel',
    open: async (page) => {
      await openStudy(page, TEAM_DEMO);
      await page.getByRole('button', { name: 'Study bundle…' }).click();
      await page.getByRole('button', { name: 'Scan free text' }).click();
      await expect(page.getByRole('status')).toContainText('runs');
      await page.getByRole('button', { name: 'People beside models…' }).click();
      await page.getByLabel('Include the synthetic fixture').check();
      await expect(page.locator('figure[data-chart="slack"] svg')).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: 'live dashboard (team study)',
    open: async (page) => {
      await openStudy(page, TEAM_DEMO);
      await page.evaluate("window.location.hash = '#/dashboard?key=built-in%3Ateam-demo'");
      await expect(page.getByRole('table', { name: 'Participants and plan cells' })).toBeVisible();
    },
  },
  {
    name: 'experimenter console (team run)',
    open: async (page) => {
      await startRun(page, { task: 'hidden-profile', version: 'manipulation', seed: 1, participant: 'A11Y-C' });
      const sessionId = /sessionId=([^&]+)/.exec(page.url())![1]!;
      await page.evaluate(`window.location.hash = '#/console?sessionId=${sessionId}'`);
      await expect(page.getByRole('heading', { name: /^Console: / })).toBeVisible();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    },
  },
  {
    name: 'team seat',
    open: async (page) => {
      await startRun(page, {
        task: 'campsite-negotiation',
        version: 'manipulation',
        seed: 1,
        participant: 'A11Y-1',
      });
      // The person writes first: the message box has focus as the seat opens.
      await expect(page.getByRole('textbox', { name: 'Message # team' })).toBeFocused();
      await expect(page.locator('article.msg').first()).toBeVisible();
      // Up to Hal's deal: the dataset's Submit-Deal token shows as what it means, beside the deal panel.
      await say(page, 'team', 'Hi Hal, thanks for the invitation! Let us sort out the supplies.');
      await say(
        page,
        'team',
        'How about you take all 3 waters and we take all 3 firewood? We can split the food.',
      );
      await expect(page.locator('.chat-event')).toHaveText('Hal proposed a deal');
      await expect(page.getByRole('region', { name: 'Proposed deal' })).toBeVisible();
    },
  },
  {
    name: 'team seat, workspace tab',
    open: async (page) => {
      await startRun(page, {
        task: 'impossible-tests',
        version: 'manipulation',
        seed: 3,
        participant: 'A11Y-2',
      });
      await page.getByRole('tab', { name: 'Workspace' }).click();
      await page.getByRole('list', { name: 'Files' }).getByRole('button').first().click();
      await expect(page.locator('.code-editor')).toBeVisible();
      // With the test output below the editor (it scrolls when long).
      await runTests(page);
    },
  },
  {
    name: 'labelling screen',
    open: labellingSession,
  },
  {
    name: 'labelling report',
    open: async (page) => {
      // Practice and three answers first, so the report has tables to check.
      await labellingSession(page);
      const progress = page.getByLabel('Progress');
      for (let i = 1; i <= 3; i++) {
        await expect(progress).toContainText(`Practice ${i} of 3`);
        await page.keyboard.press('1');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('status').filter({ hasText: 'expected label' })).toBeVisible();
        await page.keyboard.press('Enter');
      }
      for (let n = 1; n <= 3; n++) {
        await page.keyboard.press('1');
        await page.keyboard.press('Enter');
        await expect(progress).toContainText(`${n}/25 answered`);
      }
      await page.getByRole('button', { name: 'Save and exit' }).click();
      await page.getByRole('button', { name: /Agreement report/ }).click();
      await expect(page.getByRole('heading', { name: 'Agreement report' })).toBeVisible();
    },
  },
  {
    name: 'labelling judges',
    open: async (page) => {
      await openStudy(page, LABELLING);
      await page.getByRole('button', { name: /^Judges: runs and agreement/ }).click();
      await expect(page.getByRole('heading', { name: 'Judges on this study' })).toBeVisible();
    },
  },
  {
    name: 'labelling adjudication',
    open: async (page) => {
      await openStudy(page, LABELLING);
      await page.getByRole('button', { name: 'Adjudication and consensus' }).click();
      await expect(page.getByRole('heading', { name: 'Consensus' })).toBeVisible();
    },
  },
  {
    name: 'Slack import',
    open: async (page) => {
      await openStudy(page, SLACK);
      await page.getByRole('button', { name: 'Import a Slack export…' }).click();
      await expect(page.getByRole('heading', { name: 'Import a Slack export' })).toBeVisible();
    },
  },
  { name: 'Slack workspace (channel)', open: (page) => slackChannel(page, 'field-ops') },
  {
    name: 'Slack search results',
    open: async (page) => {
      await slackBrowser(page);
      await page.getByLabel('Search messages').fill('Riverside monitor');
      await page.getByLabel('Search messages').press('Enter');
      await expect(
        page.getByRole('region', { name: 'Search results' }).locator('.sk-hit').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'Slack thread',
    open: async (page) => {
      await slackChannel(page, 'field-ops');
      await page.getByRole('log', { name: 'Messages in #field-ops' }).locator('.sk-replies').first().click();
      await expect(
        page.getByRole('complementary', { name: 'Thread' }).locator('.sk-msg').first(),
      ).toBeVisible();
    },
  },
  { name: 'Slack repository (commit)', open: slackRepository },
  {
    name: 'Slack repository (file)',
    open: async (page) => {
      await slackRepository(page);
      const repo = page.getByRole('region', { name: 'Repository' });
      await repo.getByRole('tab', { name: 'Files' }).click();
      await repo
        .locator('.sk-tree button')
        .filter({ hasText: /\.(py|md|toml|yaml|cfg|txt)$/ })
        .first()
        .click();
      await expect(repo.locator('.sk-ln').first()).toHaveText('1');
    },
  },
  {
    name: 'Slack document',
    open: async (page) => {
      await slackBrowser(page);
      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: /field protocol/i })
        .click();
      await expect(
        page
          .getByRole('region', { name: /^Document/ })
          .locator('table td')
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: 'Slack query run',
    open: async (page) => {
      await openStudy(page, SLACK);
      await page.getByLabel('Participant id').fill('A11Y-Q');
      await page.getByRole('button', { name: 'Start as-riverside-monitor' }).click();
      await expect(page.getByLabel('Question')).toContainText('Riverside', { timeout: 90_000 });
    },
  },
  { name: 'Slack results', open: (page) => slackResults(page, 'A11Y-R') },
  {
    name: 'task card (hidden-profile)',
    open: async (page) => {
      await openStudy(page, TEAM_DEMO);
      await page.getByRole('button', { name: 'Task card of hidden-profile' }).click();
      await expect(page.getByRole('figure', { name: 'Script of Kai — manipulation' })).toBeVisible();
    },
  },
  {
    name: 'Results (team study)',
    open: async (page) => {
      await openStudy(page, TEAM_DEMO);
      await page.getByRole('button', { name: 'Results and scores' }).click();
      await expect(page.getByRole('heading', { name: /^Results: / })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();
    },
  },
  {
    name: 'Results (Slack study)',
    open: async (page) => {
      await openStudy(page, SLACK);
      await page.getByRole('button', { name: 'Results and scores' }).click();
      // The study screen starts importing the demo workspace, which keeps a loaded host busy for a while.
      await expect(page.getByRole('table').filter({ hasText: 'Everyone (pooled)' })).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'Slack grading',
    open: async (page) => {
      await slackResults(page, 'A11Y-G');
      await page.getByLabel('Grader id').fill('G-A11Y');
      await page.getByRole('button', { name: 'Start grading' }).click();
      await expect(page.getByLabel('Answer to grade')).toBeVisible();
    },
  },
  {
    name: 'replay, two runs side by side (round 2, with a diff)',
    open: async (page) => {
      await page.getByRole('button', { name: 'Replay runs' }).click();
      await page.getByRole('button', { name: /^Side by side, starting with impossible-tests · example_model-from-schema/ }).click();
      await page.getByRole('row', { name: /impossible-tests · human_reel-pass/ }).getByRole('button', { name: 'Beside it' }).click();
      await page.getByRole('button', { name: 'Next round' }).click();
      await expect(page.locator('.replay-add').first()).toBeVisible();
    },
  },
  {
    name: 'replay, presenter view with roles and a highlighted message',
    open: async (page) => {
      await page.getByRole('button', { name: 'Replay runs' }).click();
      await page.getByRole('row', { name: /hidden-profile · human_reel-fail/ }).getByRole('button', { name: 'Replay' }).click();
      await page.getByRole('button', { name: 'Presenter view' }).click();
      await page.getByRole('button', { name: 'Names → roles' }).click();
      await page.locator('.replay-item').first().click();
      await expect(page.locator('.replay-lit')).toBeVisible();
    },
  },
  {
    name: 'model run, watched (#/model-seat)',
    open: async (page) => {
      writeModelStudy();
      await page.goto(`${page.url().split('#')[0]}#/study?key=user%3Amodels-a11y`);
      const panel = page.getByRole('form', { name: 'Model run' });
      await expect(panel.getByLabel('Model')).toHaveValue('firm', { timeout: 20_000 });
      await panel.getByRole('button', { name: 'Start model run' }).click();
      // Checked at rest, once the run has ended (on campsite-negotiation the counterpart walks away from a firm model).
      await expect(page.getByRole('status')).toHaveText(/^Ended: /, { timeout: 60_000 });
    },
  },
  {
    name: 'quick seat (task chooser)',
    open: async (page) => {
      await page.getByRole('button', { name: 'Quick seat' }).click();
      // The model-run entry above adds a study of its own with the same task: look in the built-in demo's list.
      await expect(
        page.getByRole('region', { name: /^Collaborative Intelligence/ }).getByRole('button', { name: 'Start Sharing the campsite supplies, manipulation' }),
      ).toBeVisible();
    },
  },
  {
    name: 'finished run, workspace tab (its final files, read-only)',
    open: async (page) => {
      // A team-library workspace task judged from the messages and files (no Python): the pilot run ends at once.
      await openStudy(page, 'built-in:team-library');
      const panel = page.getByRole('form', { name: 'Pilot run' });
      await panel.getByLabel('Task').selectOption('audit-trail-switched-off');
      await panel.getByLabel('Version').selectOption('alone');
      await expect(panel.getByLabel('Seed').locator('option')).not.toHaveCount(0);
      await panel.getByLabel('Participant id').fill('A11Y-F');
      await panel.getByRole('button', { name: 'Start pilot run' }).click();
      await submitRun(page, 'The audit trail was switched off and results were deleted.');
      // Opened afresh, as Results opens a finished run.
      await page.reload();
      await page.getByRole('tab', { name: 'Workspace' }).click();
      await expect(page.getByText('The run has ended: these are its final files, as recorded.')).toBeVisible();
      await page.getByRole('list', { name: 'Files' }).getByRole('button', { name: 'dmf_stability_summary.md' }).click();
      await expect(page.getByRole('textbox', { name: 'Edit dmf_stability_summary.md' })).not.toBeEditable();
    },
  },
];

// One data dir for the whole file: the Slack demo workspace is built once, and later screens find earlier answers.
let dataDir = '';
// The model watch view needs a model: a scripted chat-completions server on 127.0.0.1.
let stub: StubModelServer;
test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-a11y-'));
  writeSettings(dataDir, { typingDelayMs: 0 });
  stub = await startStubModelServer();
});
test.afterAll(async () => {
  await stub.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A user study with one task (no Python, so the run ends quickly) and the stub's firm model under `models:`. */
function writeModelStudy(): void {
  const dir = path.join(dataDir, 'studies', 'models-a11y');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'studies/team-demo/tasks/campsite-negotiation.yaml'), path.join(dir, 'tasks/campsite-negotiation.yaml'));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1\nid: models-a11y\ntitle: Model seat a11y study\nkind: team\ntasks: [tasks/campsite-negotiation.yaml]\nmodels:\n  firm: { base_url: "${stub.baseUrl}", model: "stub/firm", timeout_seconds: 10 }\n`,
  );
}

const fileName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

for (const screen of SCREENS) {
  test(`axe: ${screen.name}`, async ({ launch }) => {
    test.setTimeout(180_000);
    const { page } = await launch(dataDir);
    await screen.open(page);
    await page.screenshot({ path: test.info().outputPath(`${fileName(screen.name)}.png`), fullPage: true });
    // label-content-name-mismatch is experimental in axe 4.13, so off by default: it catches a control whose
    // accessible name hides the text it shows (WCAG 2.5.3).
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const lines = violations.map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 4)
          .map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
          .join('\n'),
    );
    // Every violation is printed (minor and moderate too); only serious and critical ones fail.
    if (lines.length) console.log(`axe on ${screen.name}:\n${lines.join('\n')}`);
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => lines[violations.indexOf(v)]).join('\n'), `${screen.name}`).toBe('');
  });
}

// ── The participant's kiosk (issue 26): every screen of a visit, axe-checked as the participant reaches it. ──────────
// A copy of the team demo with a screener, so one visit passes through every kind of step: consent,
// screener, instructions, practice, run, manipulation check, break, questionnaire, debrief, completion, and a closed link.

const KIOSK_STUDY = 'user:kiosk-a11y';
/** Each step waits for the host, which a loaded machine keeps busy for seconds. */
const SLOW = 60_000;

function writeKioskStudy(): void {
  const dir = path.join(dataDir, 'studies', 'kiosk-a11y');
  fs.cpSync(path.join(repoRoot, 'studies/team-demo'), dir, { recursive: true });
  const yaml = fs.readFileSync(path.join(dir, 'study.yaml'), 'utf8');
  const screener = [
    '    screener:',
    '      text: One question before we start.',
    '      questions:',
    '        - { id: adult, kind: choice, text: "Are you 18 or older?", choices: ["Yes", "No"], eligible: ["Yes"] }',
    '      screened_out: Thank you. This study is for adults only.',
  ].join('\n');
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    yaml.replace(/^id: team-demo$/m, 'id: kiosk-a11y').replace(/^title: .*$/m, 'title: Kiosk a11y study').replace(/^ {2}screens:\n/m, `  screens:\n${screener}\n`),
  );
}

/** Serious and critical axe violations on the page, as lines naming the screen ('' when there are none). */
async function axeSerious(page: Page, screen: string): Promise<string> {
  const { violations } = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const lines = violations.map(
    (v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 4).map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`,
  );
  if (lines.length) console.log(`axe on kiosk ${screen}:\n${lines.join('\n')}`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${lines[violations.indexOf(v)]}`)
    .join('\n');
}

test('axe: every kiosk screen of a participant’s visit', async ({ launch, browser }) => {
  test.skip(process.env.TEAMSEAT_E2E === 'electron', 'participant links are opened in a browser tab of the browser host');
  test.setTimeout(600_000);
  writeKioskStudy();
  const { host } = await launch(dataDir);
  const participants = (await hostApi<{ participants: Array<{ participantId: string }> }>(host!, 'studyParticipants', { studyKey: KIOSK_STUDY })).participants;
  const [visitor, closed] = participants as [{ participantId: string }, { participantId: string }];
  const linkOf = async (participantId: string) => `${host!.origin}/#${(await hostApi<{ fragment: string }>(host!, 'participantLink', { studyKey: KIOSK_STUDY, participantId })).fragment}`;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await page.clock.install();
  const heading = page.locator('.kiosk-card h1');
  const failures: string[] = [];
  const checked: string[] = [];
  const check = async (screen: string) => {
    await page.screenshot({ path: test.info().outputPath(`kiosk-${fileName(screen)}.png`), fullPage: true });
    failures.push(await axeSerious(page, screen));
    checked.push(screen);
  };

  // A link opened is the visit's start (issue 25: the plan is fixed when the visit first opens), so there is no
  // "not started" screen to reach from a link any more: the page opens on consent.
  await page.goto(await linkOf(visitor.participantId));
  await expect(heading).toHaveText('Consent', { timeout: SLOW });
  // The experimenter's way out, opened: the PIN form sits on the same dark bar.
  await page.getByRole('button', { name: 'Experimenter' }).click();
  await expect(page.getByLabel('Experimenter PIN')).toBeVisible();
  await check('experimenter PIN form');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await check('consent');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(heading).toHaveText('A few questions first', { timeout: SLOW });
  await check('screener');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(heading).toHaveText('Instructions', { timeout: SLOW });
  await check('instructions');
  await page.getByRole('button', { name: 'Next' }).click();

  let runs = 0;
  for (let guard = 0; guard < 20; guard++) {
    await expect(heading.or(page.locator('.seat'))).toBeVisible({ timeout: 60_000 });
    const title = (await heading.count()) ? await heading.innerText() : '';
    const start = page.getByRole('button', { name: 'Start', exact: true });
    if (await start.isVisible()) {
      runs += 1;
      // The practice's start card, then the practice in the seat and its end; the counted runs only once each.
      if (runs === 1) await check('practice');
      await start.click();
      await expect(page.locator('.seat')).toBeVisible({ timeout: SLOW });
      if (runs === 1) await check('run');
      await page.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Submit your work' });
      const answer = dialog.getByLabel('Your answer or summary');
      if (await answer.count()) await answer.fill('Done.');
      await dialog.getByRole('button', { name: 'Submit…' }).click();
      await dialog.getByRole('button', { name: 'Yes, submit' }).click();
      await expect(page.getByText('This task is finished.')).toBeVisible({ timeout: 120_000 });
      if (runs === 1) await check('run, finished');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.locator('.seat')).toHaveCount(0, { timeout: SLOW });
      continue;
    }
    if (title === 'About the task you just did') {
      if (!checked.includes('manipulation check')) await check('manipulation check');
      for (const q of await page.locator('fieldset.kiosk-question').all()) await q.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (title === 'A short break') {
      await check('break');
      await page.clock.fastForward(120_000);
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (title === 'Questionnaire') {
      await check('questionnaire');
      for (const q of await page.locator('fieldset.kiosk-question').all()) {
        if (await q.getByRole('radio').count()) await q.getByRole('radio').first().check();
        else await q.getByRole('textbox').fill('It was fine.');
      }
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (title === 'About this study') {
      await check('debrief');
      await page.getByRole('button', { name: 'Withdraw my data…' }).click();
      await expect(page.getByRole('button', { name: 'Yes, withdraw my data' })).toBeVisible();
      await check('debrief, withdrawal asked');
      await page.getByRole('button', { name: 'Keep my data in the study' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
    } else if (title === 'Thank you') {
      await expect(page.getByTestId('completion-code')).toBeVisible();
      await check('completion');
      break;
    } else throw new Error(`an unexpected kiosk screen: "${title}"`);
    await expect(heading).not.toHaveText(title, { timeout: SLOW });
  }
  expect(runs).toBe(3);

  // A closed link: the experimenter voided the visit.
  await hostApi(host!, 'studyStartParticipant', { studyKey: KIOSK_STUDY, participantId: closed.participantId });
  await hostApi(host!, 'studyVoid', { studyKey: KIOSK_STUDY, participantId: closed.participantId, reason: 'an a11y check' });
  await page.goto(await linkOf(closed.participantId));
  await expect(heading).toHaveText('This link is no longer in use', { timeout: SLOW });
  await check('closed link');

  expect(checked).toEqual(expect.arrayContaining(['consent', 'screener', 'instructions', 'practice', 'run', 'manipulation check', 'break', 'questionnaire', 'debrief', 'completion', 'closed link']));
  expect(failures.filter(Boolean).join('\n')).toBe('');
});
