import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';
import { line, say } from './teamPlay.js';
import { startChatStub } from '../main/judge/chatStub.testing.js';

const KEY = 'sk-e2e-8a7b6c5d4e3f-not-for-pages';

// A team study whose judge panel is three models of a chat-completions stub on 127.0.0.1: the participant plays
// in the browser; the panel's label makes Kai give way; the stub is stopped and the run carries on by the rules.
// Nothing the participant's page receives names a model, a judge or a label.
test('a team study played with its judge panel against a stub, which is then stopped mid-session', async ({ launch, dataDir }) => {
  test.setTimeout(60_000);
  const stub = await startChatStub();
  try {
    for (const model of ['referee-m', 'second-m', 'third-m']) stub.on(model, () => ({ kind: 'text', content: 'asks_route' }));
    const study = path.join(dataDir, 'studies', 'evacuation');
    fs.cpSync(path.join(repoRoot, 'studies/team-demo'), study, { recursive: true });
    const rater = (m: string) => `{ base_url: "${stub.baseUrl}", model: ${m}, timeout_ms: 3000 }`;
    fs.writeFileSync(
      path.join(study, 'study.yaml'),
      `schema: teamseat/study@1\nid: evacuation\ntitle: Evacuation with a panel\nkind: team\ntasks: [tasks/hidden-profile.yaml]\nlabeller:\n  referee: ${rater('referee-m')}\n  second: ${rater('second-m')}\n  third: ${rater('third-m')}\n`,
    );
    fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0, judge: { baseUrl: '', model: '', panels: true } }));
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ secrets: { 'judge.apiKey': KEY } }), { mode: 0o600 });

    const { page } = await launch();
    const bodies: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/team')) void r.text().then((t) => bodies.push(t), () => undefined);
    });
    await page.locator('[data-study="user:evacuation"]').getByRole('button', { name: /^Open / }).click();
    const panel = page.getByRole('form', { name: 'Pilot run' });
    await panel.getByLabel('Task').selectOption('hidden-profile');
    await panel.getByLabel('Version').selectOption('manipulation');
    await expect(panel.getByLabel('Seed').locator('option[value="1"]')).toHaveCount(1);
    await panel.getByLabel('Seed').selectOption('1');
    await panel.getByLabel('Participant id').fill('P41');
    await panel.getByRole('button', { name: 'Start pilot run' }).click();
    await expect(page.getByText('Participant P41')).toBeVisible();

    // The rules would call this `other`; the panel hears a question about the way, and Kai gives way.
    await say(page, 'team', 'Kai, anything we should know before we pick?');
    await expect(line(page, 'Kai', 'mudslide')).toBeVisible({ timeout: 15_000 });
    expect(stub.requests.length).toBeGreaterThanOrEqual(2);

    await stub.close();
    await say(page, 'team', 'okay, sounds good');
    await expect(page.getByLabel('Round')).toContainText('Round 3');

    const seen = bodies.join('\n');
    expect(seen).not.toMatch(/referee|second-m|third-m|asks_route|llm|judge/i);
    expect(seen).not.toContain(KEY);
  } finally {
    await stub.close().catch(() => undefined);
  }
});
