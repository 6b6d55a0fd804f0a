import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { silentLogger } from '../app/logger.js';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { ScopedHost } from '../access/scopedHost.js';
import type { AuditOverview, AuditView } from '../../shared/contract/audit.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import { collectBundle } from '../bundle/collect.js';
import { tidyTables } from '../bundle/tidy.js';
import { call, consentAndStart, idle, refused, STUDY_ID, STUDY_KEY, submitRun, writeBetweenStudy, type TestApp } from '../study/study.testing.js';

// The audit through the real handlers, the real runner and SQLite: three participants play hidden-profile (Kai, the
// scripted teammate, gives way when asked about the route), two auditors label blind, one run is voided.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
let host: BrowserHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
  await app.close();
  tmp.cleanup();
});

/** The between study with every participant in the manipulation (where Kai, the scripted teammate, plays). */
function setUp(scoring = '') {
  tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  const file = path.join(tmp.dir, 'studies', 'between-test', 'study.yaml');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  ordering: fixed\n', `  ordering: fixed\n  versions: [manipulation]\n${scoring}`));
  app = createTestApp(tmp.dir);
}

/** Each participant sends their lines to the team, then submits; returns participant code → run id. */
async function play(lines: Record<string, string[]>): Promise<Map<string, string>> {
  const runs = new Map<string, string>();
  const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
  for (const [code, said] of Object.entries(lines)) {
    const participantId = overview.participants.find((p) => p.code === code)!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);
    for (const text of said) await call(app, 'teamSend', { sessionId: runId, text, to: 'team' });
    await submitRun(app, runId);
    runs.set(code, runId);
  }
  await idle(app);
  return runs;
}

const labelAll = async (view: AuditView, pick: (item: AuditView['queue'][number]) => string) => {
  for (const item of view.queue) await call(app, 'giveAuditLabel', { sessionId: view.sessionId, itemId: item.itemId, label: pick(item), ms: 800 });
};
const lastText = (item: AuditView['queue'][number]) => item.conversation.at(-1)!.text;
const finalResults = () => JSON.parse(fs.readFileSync(path.join(tmp.dir, 'results', STUDY_ID, 'final_results.json'), 'utf8')) as { rule: string; problems: string[]; cells: Record<string, unknown> };
/** Rescoring waits for the auditors to pause: wait for final_results.json to name what it should. */
const scoredWith = (problem: RegExp) => vi.waitFor(() => expect(finalResults().problems.join('\n')).toMatch(problem), { timeout: 60_000, interval: 100 });

/**
 * The traffic without its ISO timestamps: a participant code such as T01 is searched for in it, and an answer given
 * between 01:00 and 01:59 UTC is stamped "…T01:…" (the test failed then, and only then).
 */
const withoutTimes = (text: string): string => text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z?/g, '<time>');

describe('the label audit', () => {
  it('queues every deciding label blind, records two auditors, and names the branch-disputed run', async () => {
    setUp();
    const runs = await play({
      // "Is the road to North Hill open?" is asks_route: Kai gives way. "ok" is agrees: Kai goes on.
      T01: ['Is the road to North Hill open?'],
      T02: ['ok', 'ok'],
    });
    const a1 = await call<AuditView>(app, 'openAudit', { studyKey: STUDY_KEY, auditor: 'A1' });
    expect(a1.queue.length).toBe(3);
    expect(a1.resumed).toBe(false);
    // Blind: the item carries the conversation up to the message and the labels, nothing else.
    const sent = withoutTimes(JSON.stringify(a1));
    for (const secret of ['rules', 'asks_route by', '"recorded"', 'T01', 'T02', runs.get('T01')!, '"answer"', 'mudslide', 'manipulation', 'control']) {
      expect(sent, secret).not.toContain(secret);
    }
    expect(a1.queue[0]!.labels.map((l) => l.id)).toEqual(['asks_route', 'agrees', 'other']);

    // Bad input is refused in words, and nothing is recorded.
    expect(await refused(app, 'giveAuditLabel', { sessionId: a1.sessionId, itemId: a1.queue[0]!.itemId, label: 'complies', ms: 1 })).toMatch(/not a label of this task.*Nothing was recorded/);
    expect(await refused(app, 'giveAuditLabel', { sessionId: a1.sessionId, itemId: 'a0000000000000000', label: 'other', ms: 1 })).toMatch(/not in your audit queue/);

    // A1 agrees with the rules everywhere but T01's question, which they call "other": Kai would not have given way.
    await labelAll(a1, (item) => (lastText(item).includes('road') ? 'other' : 'agrees'));
    // Undo takes back the last label; resuming shows where A1 stands.
    const undone = await call<{ undone: string | null; progress: { done: number } }>(app, 'undoAuditLabel', { sessionId: a1.sessionId });
    expect(undone.progress.done).toBe(2);
    const again = await call<AuditView>(app, 'openAudit', { studyKey: STUDY_KEY, auditor: 'A1' });
    expect(again.resumed).toBe(true);
    expect(again.resumeAt).toBe(undone.undone);
    await call(app, 'giveAuditLabel', { sessionId: a1.sessionId, itemId: undone.undone!, label: lastText(again.queue.find((q) => q.itemId === undone.undone)!).includes('road') ? 'other' : 'agrees', ms: 5 });

    // A2 sees the same items in an order of their own, and none of A1's labels.
    const a2 = await call<AuditView>(app, 'openAudit', { studyKey: STUDY_KEY, auditor: 'A2' });
    expect(a2.answers).toEqual({});
    expect(new Set(a2.queue.map((q) => q.itemId))).toEqual(new Set(a1.queue.map((q) => q.itemId)));
    // A2 agrees with the labeller on the question and calls one "ok" "other", which leads Kai to the same line.
    let first = true;
    await labelAll(a2, (item) => (lastText(item).includes('road') ? 'asks_route' : first ? ((first = false), 'other') : 'agrees'));

    const o = await call<AuditOverview>(app, 'auditOverview', { studyKey: STUDY_KEY });
    expect(o).toMatchObject({ deciding: 3, sampled: 3, sample: 'every deciding label', disputedBranch: 'count', leftOut: 0 });
    const t = o.tasks[0]!;
    expect(t).toMatchObject({ taskId: 'hidden-profile', labelsAudited: 6, itemsAudited: 3, agree: 4, disagree: 2, changesLine: 1 });
    expect(t.agreement.value).toBeCloseTo(4 / 6);
    // By hand: labeller asks_route,agrees,agrees ×2 auditors; auditors other,agrees,agrees, asks_route,other,agrees.
    // Labeller margins: asks_route 2/6, agrees 4/6. Auditors: asks_route 1/6, agrees 3/6, other 2/6.
    // pe = (2/6)(1/6) + (4/6)(3/6) = 14/36; po = 4/6; kappa = (4/6 − 14/36) / (1 − 14/36) = (10/36) / (22/36) = 5/11.
    expect(t.kappa.value).toBeCloseTo(5 / 11, 10);
    expect(t.branchDisputed).toEqual([expect.objectContaining({ runId: runs.get('T01'), participant: 'T01', round: 1 })]);

    // final_results.json keeps the benchmark's schema: the run is named in problems, counted, and the rule says so.
    await scoredWith(/branch-disputed/);
    const scored = finalResults();
    expect(scored.problems).toEqual([expect.stringMatching(/^branch-disputed run human:T01 hidden-profile \w+_seed\d+ \(counted\): round 1: labelled "asks_route", audited "other"/)]);
    expect(scored.rule).toContain('disputed_branch: count');

    // The bundle carries the auditors' logs and tables/audit.csv, one row per auditor's label.
    const src = collectBundle(app, STUDY_KEY);
    if (!src.ok) throw new Error(src.error.message);
    expect(src.value.sessions.filter((x) => x.taskId === 'audit').map((x) => x.participant).sort()).toEqual(['A1', 'A2']);
    const csv = tidyTables(src.value)['tables/audit.csv']!.split('\r\n').filter(Boolean);
    expect(csv[0]).toBe('auditor,item_id,run_id,participant,task,version,seed,round,message_index,labeller_label,labeller_source,auditor_label,agrees,changes_line,counted,at');
    expect(csv).toHaveLength(7);
    expect(csv.filter((l) => l.includes(',asks_route,rules,other,false,true,true,'))).toHaveLength(1);
  }, 120_000);

  it('with disputed_branch: exclude the branch-disputed run is left out of the scores', async () => {
    setUp('  scoring: { disputed_branch: exclude }\n');
    await play({ T01: ['Is the road to North Hill open?'], T02: ['ok'] });
    const before = JSON.stringify(finalResults().cells);
    const a1 = await call<AuditView>(app, 'openAudit', { studyKey: STUDY_KEY, auditor: 'A1' });
    await labelAll(a1, (item) => (lastText(item).includes('road') ? 'agrees' : 'agrees'));
    await scoredWith(/excluded from the scores/);
    const scored = finalResults();
    expect(scored.problems).toEqual([expect.stringContaining('(excluded from the scores)')]);
    expect(scored.rule).toContain('disputed_branch: exclude');
    expect(JSON.stringify(scored.cells)).not.toBe(before);
  }, 120_000);

  it('a run voided after its audit leaves the queue and the figures; its audit record stays', async () => {
    setUp();
    const runs = await play({ T01: ['Is the road to North Hill open?'], T02: ['ok'] });
    const a1 = await call<AuditView>(app, 'openAudit', { studyKey: STUDY_KEY, auditor: 'A1' });
    await labelAll(a1, () => 'other');
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const t01 = overview.participants.find((p) => p.code === 'T01')!.participantId;
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId: t01, runId: runs.get('T01'), reason: 'test run' });
    await idle(app);
    const o = await call<AuditOverview>(app, 'auditOverview', { studyKey: STUDY_KEY });
    expect(o.leftOut).toBe(1);
    expect(o.tasks[0]!.labelsAudited).toBe(1);
    expect(o.tasks[0]!.branchDisputed).toEqual([]);
    const voidedItem = a1.queue.find((q) => lastText(q).includes('road'))!.itemId;
    const events = app.database.eventLog!.replay(a1.sessionId);
    expect(await refused(app, 'giveAuditLabel', { sessionId: a1.sessionId, itemId: voidedItem, label: 'agrees', ms: 1 })).toMatch(/no longer counts.*nothing was recorded/);
    expect(app.database.eventLog!.replay(a1.sessionId)).toEqual(events);
    expect(events.filter((e) => e.kind === 'audit_label_given')).toHaveLength(2);
  }, 120_000);

  it('an auditor link reaches only its own queue, over HTTP, and never receives labels, labellers or outcomes', async () => {
    setUp();
    const runs = await play({ T01: ['Is the road to North Hill open?'] });
    const renderer = path.join(tmp.dir, 'renderer');
    fs.mkdirSync(renderer);
    fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>t</title>');
    host = await startBrowserHost({
      handlers: app.handlers,
      bus: app.bus,
      log: silentLogger,
      rendererDir: renderer,
      port: 0,
      scopes: { resolve: (t) => app.access.resolve(t), experimenterToken: app.access.experimenterToken, host: new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser') },
    });
    const post = (method: string, body: unknown, token: string) =>
      fetch(`http://127.0.0.1:${host!.port}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const link = async (auditor: string) => ((await (await post('auditorLink', { studyKey: STUDY_KEY, auditor }, host!.token)).json()) as { value: { fragment: string } }).value.fragment.slice('kiosk='.length);
    const a1 = await link('A1');
    const a2 = await link('A2');
    const traffic: string[] = [];
    const as = async (token: string, method: string, body: unknown) => {
      const res = await post(method, body, token);
      const text = await res.text();
      traffic.push(text);
      return { status: res.status, text };
    };
    // The auditor's page knows its study by an opaque alias only (issue 25): the key names what is studied.
    const alias = app.access.studyAlias(STUDY_KEY);
    expect(JSON.parse((await as(a1, 'accessWhoAmI', {})).text)).toEqual({ ok: true, value: { kind: 'auditor', studyKey: alias, auditor: 'A1' } });
    expect((await as(a1, 'openAudit', { studyKey: STUDY_KEY, auditor: 'A1' })).status, 'the real key is refused too').toBe(403);
    const opened = await as(a1, 'openAudit', { studyKey: alias, auditor: 'A1' });
    expect(opened.status).toBe(200);
    const view = (JSON.parse(opened.text) as { value: AuditView }).value;
    expect((await as(a1, 'giveAuditLabel', { sessionId: view.sessionId, itemId: view.queue[0]!.itemId, label: 'other', ms: 3 })).status).toBe(200);
    // Another auditor's queue, another study, the figures, results and replays: refused.
    const a2view = (JSON.parse((await as(a2, 'openAudit', { studyKey: alias, auditor: 'A2' })).text) as { value: AuditView }).value;
    expect((await as(a1, 'openAudit', { studyKey: alias, auditor: 'A2' })).status).toBe(403);
    expect((await as(a1, 'undoAuditLabel', { sessionId: a2view.sessionId })).status).toBe(403);
    expect((await as(a1, 'openAudit', { studyKey: 'built-in:team-demo', auditor: 'A1' })).status).toBe(403);
    for (const [method, body] of [
      ['auditOverview', { studyKey: STUDY_KEY }],
      ['studyResults', { studyKey: STUDY_KEY }],
      ['replaySession', { sessionId: runs.get('T01') }],
      ['listSessions', {}],
      ['openLabelling', { studyKey: STUDY_KEY, rater: 'A1' }],
      ['studyParticipants', { studyKey: STUDY_KEY }],
    ] as const) {
      expect((await as(a1, method, body)).status, method).toBe(403);
    }
    // A2's page shows nothing of A1's label; no answer anywhere names a labeller, a label given or an outcome.
    expect(a2view.answers).toEqual({});
    const all = withoutTimes(traffic.join('\n'));
    for (const secret of [STUDY_KEY, STUDY_KEY.slice(STUDY_KEY.indexOf(':') + 1), '"rules"', '"source"', '"recorded"', 'asks_route by', 'T01', runs.get('T01')!, '"answer"', 'pass', 'gave_way', 'stop_pushing', tmp.dir]) {
      expect(all, secret).not.toContain(secret);
    }
  }, 120_000);
});
