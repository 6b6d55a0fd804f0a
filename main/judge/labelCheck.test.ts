import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { startChatStub, type ChatStub } from './chatStub.testing.js';
import { labelCheckLines, labelCheckStudy } from './labelCheck.js';

// A team study with a judge panel whose raters are three models of a chat-completions server on 127.0.0.1, and a
// label test set written beside its task: the set goes through the panel message by message.
const REPO_STUDY = path.resolve(import.meta.dirname, '../../studies/team-demo');
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let stub: ChatStub;

beforeAll(async () => {
  tmp = makeTempDir();
  stub = await startChatStub();
  app = createTestApp(tmp.dir);
  const dir = path.join(tmp.dir, 'studies', 'checked');
  fs.cpSync(REPO_STUDY, dir, { recursive: true });
  const rater = (m: string) => `{ base_url: "${stub.baseUrl}", model: ${m}, key: none, timeout_ms: 2000 }`;
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1\nid: checked\ntitle: Panel check\nkind: team\ntasks: [tasks/hidden-profile.yaml]\nlabeller:\n  referee: ${rater('referee-m')}\n  second: ${rater('second-m')}\n  third: ${rater('third-m')}\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'label-tests', 'hidden-profile.yaml'),
    `task: hidden-profile
written_by: the test
held_out:
  - { text: "how do we get up there?", label: asks_route, after: k_school }
  - { text: "agreed, north hill", label: agrees }
  - { text: "which way is safest?", label: asks_route }
train:
  - { text: "hello all", label: other }
`,
  );
});
afterAll(async () => {
  await app.close();
  await stub.close();
  tmp.cleanup();
});

describe('npm run label-check: a study\'s label test sets through its judge panel', () => {
  it('sends nothing while Settings do not allow panels', async () => {
    const r = await labelCheckStudy(app, 'user:checked');
    expect(r.ok).toBe(false);
    expect(stub.requests).toHaveLength(0);
  });

  it('reports the panel\'s and each judge\'s accuracy per task and half', async () => {
    const set = await dispatch(app.handlers, 'updateSettings', { judge: { panels: true } }, { host: 'test' }, silentLogger);
    expect(set.ok).toBe(true);
    // The referee reads questions as asking about the route; the second always says asks_route, so they disagree on
    // statements and the third (always "agrees") settles those.
    const last = (c: string) => /message to label:\n([^\n]*)/.exec(c)?.[1] ?? '';
    stub.on('referee-m', (req) => ({ kind: 'text', content: last(req.messages[0]?.content ?? '').includes('?') ? 'asks_route' : 'agrees' }));
    stub.on('second-m', () => ({ kind: 'text', content: 'asks_route' }));
    stub.on('third-m', () => ({ kind: 'text', content: 'agrees' }));
    const r = await labelCheckStudy(app, 'user:checked');
    if (!r.ok) throw new Error(r.error.message);
    const t = r.value.tasks[0]!;
    expect(t.panel!.held_out).toMatchObject({ n: 3, correct: 3 });
    expect(t.panel!.train).toMatchObject({ n: 1, correct: 0 });
    expect(t.judges!.held_out).toEqual([
      { rater: 'referee', model: 'referee-m', asked: 3, answered: 3, correct: 3 },
      { rater: 'second', model: 'second-m', asked: 3, answered: 3, correct: 2 },
      { rater: 'third', model: 'third-m', asked: 1, answered: 1, correct: 1 },
    ]);
    const lines = labelCheckLines(r.value);
    expect(lines).toContain('hidden-profile: panel held-out 1.00 (3/3), train 0.00 (0/1)');
    expect(lines.at(-1)).toBe('panel: mean held-out accuracy 1.00 over 1 task');
  });
});
