import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';
import { line, openChannel, say } from './teamPlay.js';
import { startChatStub } from '../main/judge/chatStub.testing.js';

// A team study whose partner Rosa is a model of a chat-completions stub on 127.0.0.1: the participant asks her in
// the browser, sees her typing while the stub takes its time, reads her live answer; the stub is stopped and her
// scripted reply takes over. Nothing the participant's page receives names the model or the endpoint.
test('a live partner answers from a stub, and the script takes over once the stub is stopped', async ({ launch, dataDir }) => {
  test.setTimeout(60_000);
  const stub = await startChatStub();
  try {
    stub.on('rosa-m', () => ({ kind: 'text', content: 'Rosa: There is a big fire on the East Town road; the supply truck cannot get through.', delayMs: 4_000 }));
    const study = path.join(dataDir, 'studies', 'evacuation');
    fs.cpSync(path.join(repoRoot, 'studies/team-demo'), study, { recursive: true });
    fs.writeFileSync(
      path.join(study, 'study.yaml'),
      `schema: teamseat/study@1\nid: evacuation\ntitle: Evacuation with live partners\nkind: team\ntasks: [tasks/hidden-profile.yaml]\npartners:\n  endpoint: { base_url: "${stub.baseUrl}", model: rosa-m }\n  timeout_seconds: 10\n  seats:\n    Ben: { live: false }\n`,
    );
    fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0, livePartners: true }));

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
    await panel.getByLabel('Participant id').fill('P51');
    await panel.getByRole('button', { name: 'Start pilot run' }).click();
    await expect(page.getByText('Participant P51')).toBeVisible();

    // While the stub takes its time, the participant's own line is shown and Rosa is typing.
    await openChannel(page, 'Rosa');
    const composer = page.getByRole('textbox', { name: 'Message Rosa' });
    await composer.fill('What have you heard about East Town?');
    await composer.press('Enter');
    await expect(line(page, 'you', 'What have you heard about East Town?', 'Rosa')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Rosa is typing…' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rosa-typing.png') });
    await expect(line(page, 'Rosa', 'big fire on the East Town road', 'Rosa')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath('rosa-live.png') });

    await stub.close();
    await say(page, 'Rosa', 'Anything else about the roads?');
    await expect(line(page, 'Rosa', 'A massive fire has blocked the supply truck and all other traffic.', 'Rosa')).toBeVisible();

    const seen = bodies.join('\n');
    expect(seen).not.toMatch(/rosa-m|127\.0\.0\.1|partner_reply|"live"/i);
  } finally {
    await stub.close().catch(() => undefined);
  }
});
