import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';
import { openWorkspaceFile, saveFile, startRun, submitRun, writeSettings } from './teamPlay.js';

// Issue 13: a finished run opened read-only showed an error and no files in its Workspace tab (the tab listed files
// with the participant's tools, which refuse an ended run). Its final files now come from the log.

test.setTimeout(150_000);

test('a finished workspace run shows its final files read-only, after the end and when opened afresh', async ({ launch, dataDir }) => {
  writeSettings(dataDir, { typingDelayMs: 0 });
  const { page } = await launch();
  await startRun(page, { task: 'impossible-tests', version: 'manipulation', seed: 1, participant: 'P31' });
  const editor = await openWorkspaceFile(page, 'plateau.py');
  await editor.fill(`${await editor.inputValue()}# left for QA\n`);
  await saveFile(page, 'plateau.py');
  await submitRun(page, 'Left the failing test for QA.');

  const ws = page.getByRole('region', { name: 'Workspace' });
  const check = async () => {
    await page.getByRole('tab', { name: 'Workspace' }).click();
    await expect(ws.getByText('The run has ended: these are its final files, as recorded.')).toBeVisible();
    await expect(ws.getByRole('list', { name: 'Files' }).getByRole('button')).toContainText(['plateau.py', 'tests/test_plateau.py']);
    // Keyboard only: the file's button, Enter, and the final content in a read-only editor.
    await ws.getByRole('list', { name: 'Files' }).getByRole('button', { name: 'plateau.py', exact: true }).focus();
    await page.keyboard.press('Enter');
    const final = ws.getByRole('textbox', { name: 'Edit plateau.py' });
    await expect(final).toHaveValue(/# left for QA\n$/);
    await expect(final).not.toBeEditable();
    await expect(page.getByRole('alert')).toHaveCount(0);
  };
  // Right after the end, in the seat that played it; then opened afresh, as Results opens a counted run.
  await check();
  await page.reload();
  await expect(page.locator('.banner-ended')).toContainText('This run has ended.');
  await check();
  const shot = path.join(repoRoot, 'test-results', 'lab', 'finished-run-workspace.png');
  fs.mkdirSync(path.dirname(shot), { recursive: true });
  await page.screenshot({ path: shot, fullPage: true });
});
