import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import type { RunningHost } from './host.js';
import { createFileSecretStore } from '../main/secrets/fileSecretStore.js';
import { JUDGE_API_KEY } from '../main/secrets/secretStore.js';
import { fixtureReply, writeJudgeFixture } from '../main/labelling/judges/fixture.testing.js';
import { startLabelServer, type LabelServer } from '../main/labelling/judges/labelServer.testing.js';

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'the raters label through the browser host’s HTTP API');

const KEY = 'sk-e2e-judgeval-abcdef0123456789';
const R1 = { i1: 'refuses', i2: 'complies', i3: 'hedges', i4: 'refuses', i5: 'complies', i6: 'refuses' };
const R2 = { ...R1, i3: 'refuses', i4: 'hedges' };

/** The raters' labels go in through the API (labelling by keyboard is labelling.spec's); the screens under test are clicked. */
async function api<T>(host: RunningHost, method: string, args: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}`, origin: host.origin },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value: T };
  expect(body.ok, `${method}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

let server: LabelServer | undefined;
test.afterEach(async () => server?.close());

test('a labelling study is judged by two prompt versions, a failed item is resumed, and a third person adjudicates blind', async ({ launch, dataDir, browser }) => {
  test.setTimeout(60_000);
  let failing = true;
  server = await startLabelServer((r) => fixtureReply(r.prompt, r.authorization, failing));
  const studyKey = writeJudgeFixture(dataDir);
  createFileSecretStore(dataDir).set(JUDGE_API_KEY, KEY);
  const { page, host } = await launch();
  for (const [rater, labels] of [['R1', R1], ['R2', R2]] as const) {
    const view = await api<{ sessionId: string }>(host!, 'openLabelling', { studyKey, rater });
    for (const [itemId, label] of Object.entries(labels)) await api(host!, 'giveLabel', { sessionId: view.sessionId, itemId, label, ms: 400 });
  }

  await page.locator(`[data-study="${studyKey}"] button`).click();
  await page.getByRole('button', { name: /^Judges: runs and agreement/ }).click();
  await expect(page.getByRole('heading', { name: 'Judges on this study' })).toBeVisible();
  await expect(page.getByText('API key is the one in Settings (set)')).toBeVisible();

  // Prompt version v1: our default template.
  await page.getByLabel('Prompt version').fill('v1');
  await page.getByLabel('Endpoint base URL').fill(server.baseUrl);
  await page.getByLabel('Model').fill('stub-model');
  await page.getByRole('button', { name: 'Run judges over every item' }).click();
  const runs = page.getByRole('table', { name: 'Judge runs' });
  const v1 = runs.getByRole('row', { name: /^v1 · stub-model/ });
  await expect(v1).toContainText('6/6');
  await expect(v1).toContainText('Finished');

  // Prompt version v2: the same template with one line more. Its FAIL item is an error, not a label.
  await page.getByLabel('Prompt version').fill('v2');
  const template = page.getByLabel(/^Prompt template/);
  await template.fill(`${await template.inputValue()}\n(prompt v2)\n`);
  await page.getByRole('button', { name: 'Run judges over every item' }).click();
  const v2 = runs.getByRole('row', { name: /^v2 · stub-model/ });
  const resume = v2.getByRole('button', { name: 'Resume v2 · stub-model (1 left)' });
  await expect(resume).toBeVisible();
  await expect(v2).toContainText('4/6');
  failing = false;
  await resume.click();
  await expect(v2).toContainText('Finished');
  await expect(v2).toContainText('5/6');

  // κ per prompt version: v1 against the people is 11/23 (see main/labelling/judges/judgeRuns.test.ts).
  const kappa = page.getByRole('table', { name: /Each run against people/ });
  await expect(kappa.getByRole('row', { name: /^v1 · stub-model/ })).toContainText('0.48');
  await expect(page.getByRole('region', { name: 'Disagreement table' })).toContainText('unparseable');
  await page.screenshot({ path: test.info().outputPath('judge-runs.png'), fullPage: true });

  // Adjudication: the experimenter names A1 and makes their link; A1 resolves both disagreements by keyboard.
  await page.getByRole('button', { name: '← Study' }).click();
  await page.getByRole('button', { name: 'Adjudication and consensus' }).click();
  await page.getByLabel('Adjudicator id').fill('A1');
  await page.getByRole('button', { name: 'Name the adjudicator' }).click();
  await expect(page.getByText('2 items waiting')).toBeVisible();
  await page.getByRole('button', { name: 'Make the adjudicator’s link' }).click();
  const link = await page.getByLabel('Adjudicator link').inputValue();

  const adjudicatorContext = await browser.newContext();
  const adjudicator = await adjudicatorContext.newPage();
  await adjudicator.goto(link);
  await expect(adjudicator.getByRole('heading', { name: /^Adjudication:/ })).toBeVisible();
  await expect(adjudicator.getByLabel('Labels the raters chose')).toContainText('hedges and refuses');
  // Blind: no judge, no run, no rater's name on the adjudicator's page.
  await expect(adjudicator.locator('body')).not.toContainText(/referee|stub-model|v1 ·|R1|R2/);
  const progress = adjudicator.getByLabel('Progress');
  await adjudicator.keyboard.press('3');
  await adjudicator.keyboard.press('Enter');
  await expect(progress).toHaveText('1/2 resolved');
  await adjudicator.keyboard.press('2');
  await adjudicator.keyboard.press('Enter');
  await expect(progress).toHaveText('2/2 resolved');
  await adjudicator.screenshot({ path: test.info().outputPath('adjudicate.png'), fullPage: true });

  await page.reload();
  await expect(page.getByText('0 items waiting')).toBeVisible();
  await expect(page.getByRole('row', { name: /^i3 / })).toContainText('adjudicated');
  await page.screenshot({ path: test.info().outputPath('adjudication.png'), fullPage: true });
  await page.getByRole('button', { name: '← Study' }).click();
  await page.getByRole('button', { name: /^Judges: runs and agreement/ }).click();
  const row = page.getByRole('table', { name: /Each run against people/ }).getByRole('row', { name: /^v1 · stub-model/ });
  // Consensus = R1's labels here, so v1 against it is 11/23 too; before adjudication it covered 4 items only.
  await expect(row.getByRole('cell').last()).toContainText('0.48');
  await expect(row.getByRole('cell').last()).toContainText('(6)');

  // The exports carry the runs and the consensus; the key is in no file of the data dir but secrets.json.
  const exported = await api<{ dir: string; files: string[] }>(host!, 'exportLabelling', { studyKey });
  expect(fs.readFileSync(path.join(exported.dir, 'consensus.csv'), 'utf8')).toContain('i3,hedges,adjudicated');
  const withKey: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name !== 'secrets.json' && fs.readFileSync(p).includes(KEY)) withKey.push(p);
    }
  };
  walk(dataDir);
  expect(withKey).toEqual([]);
  // Closed here: a context left open would be seen by the next spec's browser.contexts().
  await adjudicatorContext.close();
});
