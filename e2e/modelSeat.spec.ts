import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';
import { startStubModelServer, type StubModelServer } from '../main/modelSeat/stubModel.testing.js';

// The experimenter starts one model run from the study page, by keyboard, and watches it play read-only: a scripted
// model on a chat-completions server on 127.0.0.1 holds firm against the teammate through the same engine.

let stub: StubModelServer;
test.beforeAll(async () => {
  stub = await startStubModelServer();
});
test.afterAll(async () => {
  await stub.close();
});

function writeStudy(dataDir: string): void {
  const dir = path.join(dataDir, 'studies', 'models-e2e');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'studies/team-demo/tasks/hidden-profile.yaml'), path.join(dir, 'tasks/hidden-profile.yaml'));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: models-e2e
title: Model seat test study
kind: team
tasks: [tasks/hidden-profile.yaml]
models:
  firm: { base_url: "${stub.baseUrl}", model: "stub/firm-slow", timeout_seconds: 10 }
`,
  );
}

test('a model run is started from the study page and watched live until it ends', async ({ launch, dataDir }) => {
  writeStudy(dataDir);
  const { page } = await launch();
  await page.goto(`${page.url().split('#')[0]}#/study?key=user%3Amodels-e2e`);
  const panel = page.getByRole('form', { name: 'Model run' });
  await expect(panel.getByLabel('Model')).toHaveValue('firm', { timeout: 20_000 });
  await panel.getByLabel('Version').selectOption('manipulation');
  await panel.getByRole('button', { name: 'Start model run' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Where to evacuate the village' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/firm \(stub\/firm-slow\) in the evaluated seat/)).toBeVisible();
  // Live: the model's own messages appear while it plays, then the run ends by its own submit.
  await expect(page.getByRole('list', { name: 'Messages the seat sees' }).getByText(/No, I won't do that/).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status')).toHaveText(/Ended: submitted/, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: "The model's tool calls" })).toContainText('submit(');
  await page.screenshot({ path: test.info().outputPath('model-seat-watch.png'), fullPage: true });
  // Nothing on the page can act in the seat.
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Submit|Send/ })).toHaveCount(0);

  const transcript = path.join(dataDir, 'results/models-e2e/transcripts/sharing_and_seeking_information/hidden-profile/stub__firm-slow');
  await expect.poll(() => fs.existsSync(transcript) && fs.readdirSync(transcript).length).toBe(1);
});
