import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingItem, GraderAgreementView, MyGrade, RunView } from '../../shared/contract/slack.js';
import { refusal, type Ownership } from '../access/policy.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, openAndWait, type TestApp } from './slackSeat.testing.js';

// A study that asks for two graders per answer (study.yaml `grading: { graders_per_answer: 2 }`): each grader has
// their own queue and never sees the other's grade, a third settles a disagreement, and a grader may revise their own
// grade with a reason, the old one kept.

const STUDY = 'user:slack-double';
const repoRoot = path.resolve(import.meta.dirname, '../..');
let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call, attempt } = caller(() => app);

beforeAll(() => {
  tmp = makeTempDir();
  const dir = path.join(tmp.dir, 'studies', 'slack-double');
  fs.cpSync(path.join(repoRoot, 'studies/slack-demo'), dir, { recursive: true });
  const manifest = fs.readFileSync(path.join(dir, 'study.yaml'), 'utf8').replace('id: slack-demo', 'id: slack-double');
  fs.writeFileSync(path.join(dir, 'study.yaml'), `${manifest}grading:\n  graders_per_answer: 2\n`);
  app = createTestApp(tmp.dir);
});
afterAll(() => {
  app.close();
  tmp.cleanup();
});

type Detail = { how: string | null; verdict: { pass: boolean } | null; grades: Array<{ graderId: string | null; pass: boolean | null; reason: string | null }> };
const queue = (graderId: string) => call<GradingItem[]>('slackGradingQueue', { studyKey: STUDY, graderId });
const detail = (runId: string) => call<Detail>('slackRunDetail', { runId });
const grading = async (runId: string) => (await call<RunView>('slackRunView', { runId })).grading;

describe('two graders per answer', () => {
  let permit: RunView;
  let summary: RunView;

  beforeAll(async () => {
    await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: STUDY });
    const answer = async (participant: string, queryId: string, text: string) => {
      const run = await call<RunView>('slackStartRun', { studyKey: STUDY, queryId, participant });
      return call<RunView>('slackSubmitAnswer', { runId: run.runId, answer: text });
    };
    permit = await answer('P01', 'as-library-permit', 'I think it is CP-2023-0001.');
    summary = await answer('P02', 'su-northgate-outage', 'NG-03 went down on 14 October because water got in; Dev fixed it.');
  }, 120_000);

  it('gives each grader their own queue, blind to the other grader, and waits for the second', async () => {
    const first = await queue('G1');
    expect(first).toHaveLength(2);
    for (const item of first) {
      const grade = item.mode === 'checklist' ? { items: item.checklist!.map((_, i) => i < 2) } : { pass: true };
      await call('slackRecordGrade', { studyKey: STUDY, itemId: item.itemId, graderId: 'G1', ...grade });
    }
    expect(await queue('G1')).toEqual([]);
    expect(await grading(permit.runId)).toBe('awaiting_second_grader');
    // The second grader still has both answers to go (not "0 to go"), and nothing in them names the first or their grade.
    const second = await queue('G2');
    expect(second.map((i) => i.queryId).sort()).toEqual(['as-library-permit', 'su-northgate-outage']);
    expect(JSON.stringify(second)).not.toMatch(/G1|"pass"|"met"|reward/);
    expect(second.every((i) => !i.settles)).toBe(true);
    for (const item of second) {
      const grade = item.mode === 'checklist' ? { items: item.checklist!.map((_, i) => i < 2) } : { pass: false };
      await call('slackRecordGrade', { studyKey: STUDY, itemId: item.itemId, graderId: 'G2', ...grade });
    }
    expect(await grading(summary.runId)).toBe('graded');
    expect(await detail(summary.runId)).toMatchObject({ how: 'agreed' });
    expect(await grading(permit.runId)).toBe('awaiting_third_grader');
  });

  it('refuses a grade for an answer not in the grader\'s queue, and records nothing', async () => {
    const before = (await detail(permit.runId)).grades.length;
    const g3 = await queue('G3');
    const item = g3[0]!;
    const again = await attempt('slackRecordGrade', { studyKey: STUDY, itemId: item.itemId, graderId: 'G1', pass: false });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/graded this answer already.*revise/) } });
    const summaryItem = (await call<MyGrade[]>('slackMyGrades', { studyKey: STUDY, graderId: 'G1' })).find((g) => g.mode === 'checklist')!;
    const notYours = await attempt('slackRecordGrade', { studyKey: STUDY, itemId: summaryItem.itemId, graderId: 'G4', items: [true, true, true, true, true] });
    expect(notYours).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not in your queue.*nothing was recorded/) } });
    expect((await attempt('slackRecordGrade', { studyKey: STUDY, itemId: 'no-such-item', graderId: 'G3', pass: true })).ok).toBe(false);
    expect((await detail(permit.runId)).grades).toHaveLength(before);
    expect((await detail(summary.runId)).grades).toHaveLength(2);
  });

  it('lets a third grader settle a disagreement, and that grade is the result', async () => {
    const g3 = await queue('G3');
    expect(g3).toHaveLength(1);
    expect(g3[0]).toMatchObject({ queryId: 'as-library-permit', settles: true });
    await call('slackRecordGrade', { studyKey: STUDY, itemId: g3[0]!.itemId, graderId: 'G3', pass: false });
    expect(await detail(permit.runId)).toMatchObject({ how: 'settled', verdict: { pass: false } });
    expect(await queue('G4')).toEqual([]);
  });

  it('revises a grade only with a reason, keeping the old one with who and when', async () => {
    const mine = await call<MyGrade[]>('slackMyGrades', { studyKey: STUDY, graderId: 'G1' });
    expect(JSON.stringify(mine)).not.toMatch(/G2|G3/);
    const item = mine.find((g) => g.queryId === 'as-library-permit')!;
    expect(item.grade).toMatchObject({ pass: true, revisions: 0 });
    const before = (await detail(permit.runId)).grades.length;
    for (const reason of ['', '   ']) {
      const refused = await attempt('slackReviseGrade', { studyKey: STUDY, itemId: item.itemId, graderId: 'G1', pass: false, reason });
      expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'A revised grade needs a reason: say why the grade changes. Nothing was recorded.' } });
    }
    const stranger = await attempt('slackReviseGrade', { studyKey: STUDY, itemId: item.itemId, graderId: 'G4', pass: false, reason: 'looks wrong' });
    expect(stranger).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no grade of yours to revise/) } });
    expect((await detail(permit.runId)).grades).toHaveLength(before);

    await call('slackReviseGrade', { studyKey: STUDY, itemId: item.itemId, graderId: 'G1', pass: false, reason: 'The permit number is the 2023 one, not the current one.' });
    const after = await detail(permit.runId);
    expect(after.grades.map((g) => [g.graderId, g.pass, g.reason])).toEqual([
      ['G1', true, null],
      ['G2', false, null],
      ['G3', false, null],
      ['G1', false, 'The permit number is the 2023 one, not the current one.'],
    ]);
    // G1's current grade now agrees with G2's: the answer's result is theirs, and the third's no longer needed.
    expect(after).toMatchObject({ how: 'agreed', verdict: { pass: false } });
    const revised = (await call<MyGrade[]>('slackMyGrades', { studyKey: STUDY, graderId: 'G1' })).find((g) => g.itemId === item.itemId)!;
    expect(revised.grade).toMatchObject({ pass: false, revisions: 1 });
  });

  it('reports agreement between the two graders with intervals, and exports the result with who graded it', async () => {
    const report = await call<GraderAgreementView>('slackGraderAgreement', { studyKey: STUDY });
    expect(report).toMatchObject({ gradersPerAnswer: 2, answersGraded: 2, doubleGraded: 2, agreed: 2, disagreed: 0 });
    expect(report.pooled.verdicts).toMatchObject({ pairs: 1, agreement: { value: 1 } });
    expect(report.pooled.checklistItems).toMatchObject({ pairs: 5, agreement: { value: 1 } });
    expect(report.pairs.map((p) => [p.first, p.second, p.answers])).toEqual([['G1', 'G2', 2]]);

    const { jobs } = await call<{ jobs: Array<{ participant: string; path: string }> }>('slackExport', { studyKey: STUDY, participant: 'P01' });
    const job = jobs[0]!.path;
    const trial = fs.readdirSync(job, { withFileTypes: true }).find((d) => d.isDirectory())!.name;
    const result = JSON.parse(fs.readFileSync(path.join(job, trial, 'result.json'), 'utf8')) as { verifier_result: { rewards: { reward: number } } };
    expect(result.verifier_result.rewards.reward).toBe(0);
    expect(fs.readFileSync(path.join(job, trial, 'config.json'), 'utf8')).toContain('graders:G1+G2');
  });

  it("keeps a grader's link to their own id: another grader's queue and grades are refused", async () => {
    const owned: Ownership = { participantSeat: async () => null, raterSessions: async () => [], studyAlias: (key) => key };
    const scope = { kind: 'rater' as const, studyKey: STUDY, rater: 'G2' };
    expect(await refusal(scope, 'slackMyGrades', { studyKey: STUDY, graderId: 'G2' }, owned)).toBeNull();
    expect(await refusal(scope, 'slackMyGrades', { studyKey: STUDY, graderId: 'G1' }, owned)).toMatch(/own grader id/);
    expect(await refusal(scope, 'slackReviseGrade', { studyKey: 'built-in:slack-demo', graderId: 'G2' }, owned)).toMatch(/own grader id/);
    expect(await refusal(scope, 'slackRunDetail', { runId: permit.runId }, owned)).toMatch(/may not call/);
    expect(await refusal(scope, 'slackGraderAgreement', { studyKey: STUDY }, owned)).toMatch(/may not call/);
  });
});
