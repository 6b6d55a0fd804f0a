import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingItem, RunView, SearchPageView } from '../../shared/contract/slack.js';
import { trialResultSchema } from '../../shared/harbor/schemas.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from './slackSeat.testing.js';

// Without a judge endpoint answers wait for a grader: a second researcher who sees the reference, the guideline and
// the checklist, but not who wrote the answer. Two participants, an AS, an SU and a CI query (in its own variant).

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call, attempt } = caller(() => app);
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(() => {
  app.close();
  tmp.cleanup();
});

async function answer(participant: string, queryId: string, text: string): Promise<RunView> {
  const run = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId, participant });
  return call<RunView>('slackSubmitAnswer', { runId: run.runId, answer: text });
}

describe('grading by a second researcher', () => {
  it('runs a CI query in its own workspace: the export with the variant laid over it', async () => {
    const base = await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO });
    const variant = await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO, queryId: 'ci-ben-end-of-year' });
    expect(variant).toMatchObject({ workspaceId: 'slack-demo.ci-ben', status: 'ready', variant: 'variants/ci-ben' });
    expect(fs.existsSync(path.join(tmp.dir, 'slack', 'slack-demo.ci-ben.sqlite'))).toBe(true);
    const overlays = path.join(tmp.dir, 'slack', 'overlays');
    expect(fs.existsSync(overlays) ? fs.readdirSync(overlays) : []).toEqual([]); // the merged copy is removed after the import
    const search = (workspaceId: string) => call<SearchPageView>('slackSearch', { workspaceId, query: 'goodbye cake' });
    expect((await search(variant.workspaceId)).hits.length).toBeGreaterThan(0);
    expect((await search(base.workspaceId)).hits).toEqual([]);
    const run = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId: 'ci-ben-end-of-year', participant: 'P01' });
    expect(run.workspaceId).toBe('slack-demo.ci-ben');
    // The run browses its variant only.
    const wrong = await attempt('slackSearch', { workspaceId: base.workspaceId, runId: run.runId, query: 'Ben' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    await call('slackSubmitAnswer', { runId: run.runId, answer: 'Ben is leaving for a new job; Clara takes over the nightly ingest.' });
  }, 120_000);

  it('lists answers blind to who wrote them, with the reference, and records YES/NO and checklist grades', async () => {
    const p1 = await answer('P01', 'as-library-permit', 'CP-2024-0815, valid until 31 March 2025.');
    await answer('P02', 'as-library-permit', 'I think it is CP-2023-0001.');
    const su = await answer('P02', 'su-northgate-outage', 'NG-03 went down on 14 October because water got in; Dev fixed it.');
    expect(p1.grading).toBe('awaiting_grader');
    expect(su.grading).toBe('awaiting_grader');

    const queue = await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'G1' });
    expect(queue).toHaveLength(4);
    const text = JSON.stringify(queue);
    for (const leak of ['P01', 'P02', p1.runId, su.runId, 'participant', 'runId']) expect(text).not.toContain(leak);
    const permit = queue.filter((i) => i.queryId === 'as-library-permit');
    expect(permit.map((i) => i.reference)).toEqual([expect.stringContaining('CP-2024-0815'), expect.stringContaining('CP-2024-0815')]);
    const outage = queue.find((i) => i.queryId === 'su-northgate-outage')!;
    expect(outage).toMatchObject({ mode: 'checklist', checklist: expect.arrayContaining(['Dev replaced the enclosure with an IP67 one']) });

    // A participant cannot grade their own answer, and sees only others' answers in their queue.
    const own = await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'P01' });
    expect(own.map((i) => i.answer)).not.toContain('CP-2024-0815, valid until 31 March 2025.');
    const p1Item = queue.find((i) => i.answer.startsWith('CP-2024-0815'))!;
    expect(await attempt('slackRecordGrade', { studyKey: DEMO, itemId: p1Item.itemId, graderId: 'P01', pass: true })).toMatchObject({ ok: false });

    expect((await attempt('slackRecordGrade', { studyKey: DEMO, itemId: outage.itemId, graderId: 'G1', pass: true })).ok).toBe(false);
    for (const item of queue) {
      const grade =
        item.mode === 'checklist'
          ? { items: item.checklist!.map((_, i) => i < 2) }
          : { pass: item.answer.startsWith('CP-2024-0815') || item.answer.includes('Clara') };
      await call('slackRecordGrade', { studyKey: DEMO, itemId: item.itemId, graderId: 'G1', ...grade });
    }
    expect(await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'G1' })).toEqual([]);

    const view = await call<RunView>('slackRunView', { runId: su.runId });
    expect(view.grading).toBe('graded');
    const detail = await call<{ verdict: { by: string; graderId: string; reward: number; items: Array<{ met: boolean }> } }>('slackRunDetail', { runId: su.runId });
    expect(detail.verdict).toMatchObject({ by: 'grader', graderId: 'G1', reward: 2 / 5 });
  });

  it('scores per category and participant, and exports one job per participant', async () => {
    const scores = await call<{ all: { categories: Record<string, { n: number; passRate: number | null }>; overall: number | null }; byParticipant: Array<{ participant: string; score: { categories: Record<string, { passRate: number | null }> } }> }>(
      'slackScores',
      { studyKey: DEMO },
    );
    expect(scores.all.categories.AS).toMatchObject({ n: 2, passRate: 0.5 });
    expect(scores.all.categories.SU).toMatchObject({ n: 1, passRate: 0.4 });
    expect(scores.all.categories.CI).toMatchObject({ n: 1, passRate: 1 });
    expect(scores.all.overall).toBeNull(); // no HA answers yet
    expect(scores.byParticipant.map((p) => [p.participant, p.score.categories.AS?.passRate])).toEqual([['P01', 1], ['P02', 0]]);

    const { jobs } = await call<{ jobs: Array<{ participant: string; path: string; trials: number }> }>('slackExport', { studyKey: DEMO });
    expect(jobs.map((j) => [j.participant, j.trials])).toEqual([['P01', 2], ['P02', 2]]);
    const p2 = jobs[1]!.path;
    const trials = fs.readdirSync(p2, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const rewards = trials.map((t) => trialResultSchema.parse(JSON.parse(fs.readFileSync(path.join(p2, t, 'result.json'), 'utf8'))).verifier_result?.rewards?.reward).sort();
    expect(rewards).toEqual([0, 0.4]);
  });
});
