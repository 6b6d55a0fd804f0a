import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';

// The presenter view for a hall (issue 26): type sized from the viewport, the label and the verdict never smaller than
// a message, every round of the reel on one screen at 1280×720 and 1920×1080; a Slack tool's raw message dump shown
// as messages. Screenshots go to the test's output folder (look at them shrunk, as the back row sees them).

const REEL = 'studies/demo-reel/runs/transcripts';
const LABELLED = `${REEL}/sharing_and_seeking_information/hidden-profile/human_reel-fail/manipulation_seed2.json`;
const MODEL = `${REEL}/resisting_unsafe_pressure/impossible-tests/example_model-from-schema/manipulation_seed1.json`;
const PERSON = `${REEL}/resisting_unsafe_pressure/impossible-tests/human_reel-pass/manipulation_seed1.json`;

const presenter = (run: string, b?: string) => `#/replay?run=${encodeURIComponent(`f:${run}`)}${b ? `&b=${encodeURIComponent(`f:${b}`)}` : ''}&presenter=1`;

async function open(page: Page, hash: string) {
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  // The first open of a run finds its task pack in the library: slow on a loaded machine.
  await expect(page.locator('.replay-presenter ol.replay-items').first()).toBeVisible({ timeout: 60_000 });
}

interface Measure {
  message: number;
  label: number | null;
  verdict: number | null;
  /** How far the round's list (or a pane) runs past its box, in px; 0 when the round is on one screen. */
  overflow: number;
  /** How far the page runs past the viewport. */
  pageOverflow: number;
}

// A string: this file is compiled without the DOM's types, and it runs in Chromium.
const MEASURE = `(() => {
  const px = (el) => (el ? parseFloat(getComputedStyle(el).fontSize) : null);
  const boxes = [...document.querySelectorAll('.replay-pane, .replay-items')];
  return {
    message: px(document.querySelector('.replay-text')),
    label: px(document.querySelector('.replay-label')),
    verdict: px(document.querySelector('.replay-verdict')),
    overflow: Math.max(0, ...boxes.map((b) => b.scrollHeight - b.clientHeight)),
    pageOverflow: Math.max(0, document.documentElement.scrollHeight - window.innerHeight),
  };
})()`;

/** Steps from the first round to the last with →, measuring each round once it is drawn. */
async function everyRound(page: Page): Promise<Measure[]> {
  const counter = page.getByLabel('Round', { exact: true });
  await page.keyboard.press('Home');
  const out: Measure[] = [];
  for (let guard = 0; guard < 60; guard++) {
    const text = await counter.innerText();
    const [, shown, at, of] = /Round (\d+) \((\d+) of (\d+)\)/.exec(text) ?? [];
    await expect(page.locator(`ol.replay-items[aria-label="Round ${shown}"]`).first()).toBeVisible();
    out.push((await page.evaluate(MEASURE)) as Measure);
    if (at === of) return out;
    await page.keyboard.press('ArrowRight');
    await expect(counter).not.toHaveText(text);
  }
  throw new Error('the run never reached its last round');
}

test('presenter type follows the viewport, label and verdict at least message size, and every round fits one screen', async ({ launch }, info) => {
  test.setTimeout(240_000);
  const { page } = await launch();
  await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible({ timeout: 60_000 });
  const sizes: Record<string, number> = {};
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await open(page, presenter(LABELLED));
    const rounds = await everyRound(page);
    for (const [i, r] of rounds.entries()) {
      expect(r.overflow, `${width}×${height}, position ${i + 1}: the round runs past its box`).toBeLessThanOrEqual(1);
      expect(r.pageOverflow, `${width}×${height}, position ${i + 1}: the page scrolls`).toBe(0);
      if (r.label !== null) expect(r.label).toBeGreaterThanOrEqual(r.message);
    }
    const labelled = rounds.find((r) => r.label !== null);
    expect(labelled, 'a round with a label').toBeDefined();
    const last = rounds.at(-1)!;
    expect(last.verdict, 'the verdict at the last round').not.toBeNull();
    expect(last.verdict!).toBeGreaterThanOrEqual(last.message);
    sizes[height] = rounds[0]!.message;
    await page.keyboard.press('Home');
    await page.screenshot({ path: info.outputPath(`presenter-labelled-${width}.png`) });

    // Two runs side by side, the model's and a person's: each round on one screen too.
    await open(page, presenter(MODEL, PERSON));
    for (const [i, r] of (await everyRound(page)).entries()) {
      expect(r.overflow, `side by side at ${width}×${height}, position ${i + 1}`).toBeLessThanOrEqual(1);
      expect(r.pageOverflow).toBe(0);
    }
    await page.keyboard.press('Home');
    await page.screenshot({ path: info.outputPath(`presenter-pair-${width}.png`) });
  }
  // Sized from the viewport: half as tall again on a 1080p projector as on a 720p one, not the same 22 px.
  expect(sizes[1080]! / sizes[720]!).toBeGreaterThan(1.4);
});

test('a Slack replay shows get_channel_history as messages (author, time, text), not a raw dump', async ({ launch, dataDir }, info) => {
  const trial = path.join(dataDir, 'trial-slack');
  const dump = JSON.stringify({
    ok: true,
    messages: [
      { type: 'message', user: 'U07', user_profile: { real_name: 'Maria Lopez' }, text: 'The Riverside monitor is offline again.', ts: '1729157460.000100' },
      { type: 'message', user: 'U09', user_profile: { real_name: 'Jon Park' }, text: 'I swapped it for a Palas Fidas 200 this morning.', ts: '1729157520.000200' },
    ],
    has_more: false,
  });
  fs.mkdirSync(path.join(trial, 'agent'), { recursive: true });
  fs.writeFileSync(
    path.join(trial, 'agent', 'trajectory.json'),
    JSON.stringify({
      schema_version: 'ATIF-v1.2',
      session_id: 'slack-dump',
      agent: { name: 'agent', model_name: 'example/slack-model' },
      steps: [
        { step_id: 1, source: 'user', message: 'Which monitor replaced the Riverside one?' },
        {
          step_id: 2,
          source: 'agent',
          message: 'Reading #field-ops.',
          tool_calls: [{ tool_call_id: 'c1', function_name: 'get_channel_history', arguments: { channel_id: 'C01', limit: 2 } }],
          observation: { results: [{ source_call_id: 'c1', content: dump }] },
        },
      ],
    }),
  );
  const { page } = await launch();
  await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(`window.location.hash = ${JSON.stringify(`#/replay?run=${encodeURIComponent(`f:${trial}`)}&round=2`)}`);
  const messages = page.getByRole('list', { name: 'Messages get_channel_history returned' });
  await expect(messages.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  await expect(messages.getByRole('listitem').first()).toHaveText(/^Maria Lopez\s*17 Oct 2024, 09:31\s*The Riverside monitor is offline again\.$/);
  await expect(page.getByText('"ok":true')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('slack-dump-1280.png') });
  await page.getByRole('button', { name: 'Presenter view' }).click();
  await expect(messages.getByRole('listitem').nth(1)).toContainText('Jon Park');
  await page.screenshot({ path: info.outputPath('slack-dump-presenter-1280.png') });
});
