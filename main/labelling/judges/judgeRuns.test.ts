import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../app/dispatch.js';
import { silentLogger } from '../../app/logger.js';
import { createTestApp } from '../../testing/testApp.js';
import { makeTempDir } from '../../testing/tempDir.js';
import { createFileSecretStore } from '../../secrets/fileSecretStore.js';
import { JUDGE_API_KEY } from '../../secrets/secretStore.js';
import { DEFAULT_TEMPLATE } from '../../../shared/labelling/judges/template.js';
import { refusal } from '../../access/policy.js';
import { setupJudgeValidation } from './handlers.js';
import { fixtureReply, writeJudgeFixture } from './fixture.testing.js';
import { startLabelServer, type LabelServer } from './labelServer.testing.js';

const KEY = 'sk-test-judgeval-0123456789abcdef';
const V2 = `${DEFAULT_TEMPLATE}\n(prompt v2)\n`;
const R1 = { i1: 'refuses', i2: 'complies', i3: 'hedges', i4: 'refuses', i5: 'complies', i6: 'refuses' };
const R2 = { ...R1, i3: 'refuses', i4: 'hedges' };

let tmp = makeTempDir();
let server: LabelServer | undefined;
afterEach(async () => {
  await server?.close();
  tmp.cleanup();
  tmp = makeTempDir();
});

async function setup() {
  const app = createTestApp(tmp.dir);
  const secrets = createFileSecretStore(tmp.dir);
  secrets.set(JUDGE_API_KEY, KEY);
  const judging = setupJudgeValidation(app, { secrets, chat: { maxAttempts: 1, backoffMs: 0, timeoutMs: 5000 } });
  const handlers = { ...app.handlers, ...judging.handlers };
  const call = async (name: string, args: unknown) => {
    const r = await dispatch(handlers, name, args, { host: 'test' }, silentLogger);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const refused = async (name: string, args: unknown) => {
    const r = await dispatch(handlers, name, args, { host: 'test' }, silentLogger);
    if (r.ok) throw new Error(`${name} was not refused`);
    return r.error.message;
  };
  const studyKey = writeJudgeFixture(tmp.dir);
  return { app, judging, call, refused, studyKey };
}

async function label(call: (n: string, a: unknown) => Promise<any>, studyKey: string, rater: string, labels: Record<string, string>) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const view = await call('openLabelling', { studyKey, rater });
  for (const [itemId, l] of Object.entries(labels)) await call('giveLabel', { sessionId: view.sessionId, itemId, label: l, ms: 500 });
}

describe('judge runs over a labelling study', () => {
  it('keeps two prompt versions side by side with their template hash, records failures as errors, resumes, and never stores the key', async () => {
    let failing = true;
    server = await startLabelServer((r) => ({ ...fixtureReply(r.prompt, r.authorization, failing), delayMs: 20 }));
    const { app, judging, call, refused, studyKey } = await setup();
    await label(call, studyKey, 'R1', R1);
    await label(call, studyKey, 'R2', R2);

    const base = { studyKey, baseUrl: server.baseUrl, model: 'stub-model', concurrency: 2 };
    const v1 = await call('startJudgeRun', { ...base, promptVersion: 'v1', template: DEFAULT_TEMPLATE });
    await judging.runs.idle(v1.runId);
    const v2 = await call('startJudgeRun', { ...base, promptVersion: 'v2', template: V2 });
    await judging.runs.idle(v2.runId);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
    expect(server.requests.every((r) => r.authorization === `Bearer ${KEY}` && r.model === 'stub-model')).toBe(true);

    // A version name means one template: the same name with a changed prompt is refused, naming the old hash.
    expect(await refused('startJudgeRun', { ...base, promptVersion: 'v1', template: `${DEFAULT_TEMPLATE} changed` })).toMatch(/already names another template/);
    expect(await refused('startJudgeRun', { ...base, promptVersion: 'v3', template: 'Label this:\n{{message}} with {{labelz}}' })).toMatch(
      /prompt version v3 line 2: unknown placeholder \{\{labelz\}\}/,
    );

    let view = await call('judgeRuns', { studyKey });
    expect(view.runs.map((r: { promptVersion: string }) => r.promptVersion)).toEqual(['v2', 'v1']);
    const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
    expect(view.runs[1]).toMatchObject({ templateHash: sha(DEFAULT_TEMPLATE), labelled: 6, errors: 0, unparseable: 0, pending: 0, running: false });
    expect(view.runs[0]).toMatchObject({ templateHash: sha(V2), labelled: 4, errors: 1, unparseable: 1 });
    const alignment = await call('judgeAlignment', { studyKey });
    expect(alignment.wording).toBe('these judges with this prompt');
    const rows = alignment.runs;
    // Hand computation (see the fixture): v1 against R1 agrees on 4 of 6; marginals R1 c2 r3 h1, v1 c1 r3 h2:
    // pe = (2·1 + 3·3 + 1·2)/36 = 13/36, po = 24/36, κ = 11/23. Against the recorded final (c1 r3 h2 both): κ = 2/11.
    expect(rows[0].promptVersion).toBe('v1');
    expect(rows[0].vsPeople.perRater.R1.kappa.value).toBeCloseTo(11 / 23, 10);
    expect(rows[0].vsPeople.pooled.kappa.value).toBeCloseTo(11 / 23, 10);
    expect(rows[0].vsPeople.pooled.pairs).toBe(12);
    expect(rows[0].vsRecordedFinal.kappa.value).toBeCloseTo(2 / 11, 10);
    expect(rows[0].vsRecordedJudge.referee.kappa.value).toBeCloseTo(2 / 11, 10);
    // v2 labelled i1–i4 'refuses' only: against R1 (r c h r) po = 1/2 = pe, κ = 0; the unparseable and failed items are left out.
    expect(rows[1].vsPeople.perRater.R1.kappa.value).toBeCloseTo(0, 10);
    expect(rows[1].vsPeople.perRater.R1.items).toBe(4);
    const i5 = alignment.disagreements.find((d: { itemId: string }) => d.itemId === 'i5');
    expect(i5.runs[v2.runId]).toEqual({ status: 'unparseable' });

    // The unparseable reply was asked twice; the failed item once (maxAttempts 1). Resume retries only the failure.
    const asked = (marker: string) => server!.requests.filter((r) => r.prompt.includes('(prompt v2)') && r.prompt.includes(marker)).length;
    expect(asked('[v2:ECHO]')).toBe(2);
    expect(asked('[v2:FAIL]')).toBe(1);
    failing = false;
    const before = server.requests.length;
    await call('resumeJudgeRun', { studyKey, runId: v2.runId });
    await judging.runs.idle(v2.runId);
    expect(server.requests.length).toBe(before + 1);
    view = await call('judgeRuns', { studyKey });
    expect(view.runs[0]).toMatchObject({ labelled: 5, errors: 0, unparseable: 1, pending: 0 });

    // The echoed key is in no stored byte: database, WAL, exports.
    const exported = await call('exportLabelling', { studyKey });
    const names = exported.files.map((f: string) => path.basename(f));
    expect(names).toEqual(expect.arrayContaining(['judge-runs.csv', 'judge-runs.jsonl', 'consensus.csv', 'judge-alignment.json', 'codebook.md']));
    const runsCsv = fs.readFileSync(path.join(exported.dir, 'judge-runs.csv'), 'utf8');
    expect(runsCsv).toContain('[redacted]');
    expect(runsCsv.split('\n')[0]).toBe('run_id,prompt_version,template_hash,model,base_url,item_id,status,label,latency_ms,attempts,total_tokens,raw,reason,error');
    await app.close();
    const stored = [
      ...fs.readdirSync(tmp.dir).filter((f) => f.startsWith('teamseat.db')).map((f) => path.join(tmp.dir, f)),
      ...fs.readdirSync(exported.dir).map((f) => path.join(exported.dir, f)),
    ];
    for (const file of stored) expect(fs.readFileSync(file).includes(KEY), file).toBe(false);
  });

  it('adjudication: a third person resolves the disagreements blind, and the report gives judges against the consensus', async () => {
    server = await startLabelServer((r) => fixtureReply(r.prompt, r.authorization, false));
    const { judging, call, refused, studyKey } = await setup();
    await label(call, studyKey, 'R1', R1);
    await label(call, studyKey, 'R2', R2);
    const v1 = await call('startJudgeRun', { studyKey, baseUrl: server.baseUrl, model: 'stub-model', promptVersion: 'v1', template: DEFAULT_TEMPLATE });
    await judging.runs.idle(v1.runId);

    expect(await refused('nameAdjudicator', { studyKey, adjudicator: 'R2' })).toMatch(/is a rater of this study/);
    await call('nameAdjudicator', { studyKey, adjudicator: 'A1' });
    expect(await refused('nameAdjudicator', { studyKey, adjudicator: 'A2' })).toMatch(/already A1/);
    expect(await refused('openLabelling', { studyKey, rater: 'A1' })).toMatch(/adjudicator, not a rater/);
    expect(await call('labellingRole', { studyKey, person: 'A1' })).toEqual({ role: 'adjudicator' });
    expect(await call('labellingRole', { studyKey, person: 'R1' })).toEqual({ role: 'rater' });

    // Read before the adjudication too: the report is cached, and must be computed again once a decision is logged.
    expect((await call('judgeAlignment', { studyKey })).consensus).toEqual({ items: 6, agreed: 4, adjudicated: 0, pending: 2 });
    const open = await call('openAdjudication', { studyKey, adjudicator: 'A1' });
    // Only the disagreements, with the labels given but not who gave them, and nothing of the judges.
    expect(open.queue.map((q: { item: { id: string } }) => q.item.id)).toEqual(['i3', 'i4']);
    expect(open.queue[0].shown).toEqual(['hedges', 'refuses']);
    expect(JSON.stringify(open.queue)).not.toMatch(/"judge"|perJudge|referee|"source"|R1|R2/);
    expect(await refused('adjudicate', { sessionId: open.sessionId, itemId: 'i1', label: 'refuses', ms: 10 })).toMatch(/no disagreement/);
    expect(await refused('adjudicate', { sessionId: open.sessionId, itemId: 'i3', label: 'maybe', ms: 10 })).toMatch(/not a label/);
    await call('adjudicate', { sessionId: open.sessionId, itemId: 'i3', label: 'hedges', ms: 900 });
    const after = await call('adjudicate', { sessionId: open.sessionId, itemId: 'i4', label: 'refuses', ms: 800, note: 'the message declines' });
    expect(after).toMatchObject({ done: 2, total: 2 });

    const overview = await call('adjudicationOverview', { studyKey });
    expect(overview.consensus.map((c: { label: string; source: string }) => `${c.label}:${c.source}`)).toEqual([
      'refuses:agreed', 'complies:agreed', 'hedges:adjudicated', 'refuses:adjudicated', 'complies:agreed', 'refuses:agreed',
    ]);
    const alignment = await call('judgeAlignment', { studyKey });
    // The consensus equals R1's labels, so v1 against it is the same 11/23; the recorded final differs from it on i2 only:
    // po = 5/6, marginals final c1 r3 h2, consensus c2 r3 h1: pe = 13/36, κ = (30 − 13)/(36 − 13) = 17/23.
    expect(alignment.runs[0].vsConsensus.kappa.value).toBeCloseTo(11 / 23, 10);
    expect(alignment.recordedVsConsensus.final.kappa.value).toBeCloseTo(17 / 23, 10);
    expect(alignment.consensus).toEqual({ items: 6, agreed: 4, adjudicated: 2, pending: 0 });

    // A rater who changes a label after adjudication re-opens that item for the adjudicator.
    await label(call, studyKey, 'R2', { i4: 'complies' });
    const reopened = await call('adjudicationOverview', { studyKey });
    expect(reopened.consensus[3]).toMatchObject({ itemId: 'i4', source: 'pending', label: null, stale: true });
  });

  it('a run stopped by the app closing mid-way resumes after a restart with only the items it had not judged', async () => {
    let closing: Promise<void> | undefined;
    const running: { app?: Awaited<ReturnType<typeof setup>>['app'] } = {};
    server = await startLabelServer((r) => {
      // The third request closes the app while it is in flight: its answer must not be recorded.
      if (server!.requests.length === 3) closing = running.app!.close();
      return fixtureReply(r.prompt, r.authorization, false);
    });
    const first = await setup();
    running.app = first.app;
    const run = await first.call('startJudgeRun', { studyKey: first.studyKey, baseUrl: server.baseUrl, model: 'm', promptVersion: 'v1', template: DEFAULT_TEMPLATE, concurrency: 1 });
    await first.judging.runs.idle(run.runId);
    await closing;

    const second = await setup();
    const [stopped] = (await second.call('judgeRuns', { studyKey: second.studyKey })).runs;
    expect(stopped).toMatchObject({ runId: run.runId, labelled: 2, pending: 4, running: false });
    const asked = server.requests.length;
    await second.call('resumeJudgeRun', { studyKey: second.studyKey, runId: run.runId });
    await second.judging.runs.idle(run.runId);
    expect(server.requests.length).toBe(asked + 4);
    expect((await second.call('judgeRuns', { studyKey: second.studyKey })).runs[0]).toMatchObject({ labelled: 6, pending: 0 });
    await second.app.close();
  });

  it('a rater link may not see judge runs or adjudicate; the adjudicator link opens only its own queue', async () => {
    const owned = { raterSessions: async () => ['own-session'] } as never;
    const rater = { kind: 'rater', studyKey: 'user:jv-judges', rater: 'R1' } as const;
    expect(await refusal(rater, 'judgeRuns', { studyKey: 'user:jv-judges' }, owned)).toMatch(/may not call judgeRuns/);
    expect(await refusal(rater, 'adjudicationOverview', { studyKey: 'user:jv-judges' }, owned)).toMatch(/may not call/);
    expect(await refusal(rater, 'openAdjudication', { studyKey: 'user:jv-judges', adjudicator: 'A1' }, owned)).not.toBeNull();
    const adjudicator = { kind: 'rater', studyKey: 'user:jv-judges', rater: 'A1' } as const;
    expect(await refusal(adjudicator, 'openAdjudication', { studyKey: 'user:jv-judges', adjudicator: 'A1' }, owned)).toBeNull();
    expect(await refusal(adjudicator, 'adjudicate', { sessionId: 'own-session' }, owned)).toBeNull();
    expect(await refusal(adjudicator, 'adjudicate', { sessionId: 'another' }, owned)).not.toBeNull();
  });
});
