import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger, type Logger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { createFileSecretStore } from '../secrets/fileSecretStore.js';
import { JUDGE_API_KEY } from '../secrets/secretStore.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { teamseatTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import { defaultLabelTemplate } from '../../shared/team/labeller/index.js';
import { startChatStub, type ChatStub } from './chatStub.testing.js';
import type { PanelRecord } from './panelRecord.js';
import { rejudgeSession } from './rejudgeSession.js';

// A team study with a judge panel, played through the contract as the UI does (real SQLite, the real library
// reading the study from the data folder), its raters three models of a chat-completions server on 127.0.0.1.
const KEY = 'sk-study-5e8d2a1c4b9f-do-not-store';
const REPO_STUDY = path.resolve(import.meta.dirname, '../../studies/team-demo');

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let stub: ChatStub;
const warnings: { msg: string; data: unknown }[] = [];
const log: Logger = { ...silentLogger, warn: (msg: string, data?: unknown) => void warnings.push({ msg, data }) };

function writeStudy(name: string, labeller: string): string {
  const dir = path.join(tmp.dir, 'studies', name);
  fs.cpSync(REPO_STUDY, dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1\nid: ${name}\ntitle: Panel study\nkind: team\ntasks: [tasks/hidden-profile.yaml]\n${labeller}`,
  );
  return `user:${name}`;
}

const panelYaml = (baseUrl: string, extra = '') => `labeller:
  referee: { base_url: "${baseUrl}", model: referee-m, timeout_ms: 2000 }
  second: { base_url: "${baseUrl}", model: second-m, timeout_ms: 2000 }
  third: { base_url: "${baseUrl}", model: third-m, timeout_ms: 2000 }
${extra}`;

async function call<T>(method: string, args: unknown): Promise<T> {
  const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
}

const start = (studyKey: string, participant: string) => call<TeamView>('teamStart', { studyKey, taskId: 'hidden-profile', participant, version: 'manipulation', seed: 1 });
const labelEvents = (sessionId: string) =>
  app.database.eventLog!.replay(sessionId).filter((e) => e.kind === 'label_decided').map((e) => e.payload as { label: string; source: string; rule?: string; raw?: PanelRecord });

beforeAll(async () => {
  tmp = makeTempDir();
  stub = await startChatStub();
  app = createTestApp(tmp.dir, log);
  createFileSecretStore(tmp.dir).set(JUDGE_API_KEY, KEY);
});
afterAll(async () => {
  await app.close();
  await stub.close();
  tmp.cleanup();
});

describe('a team study labelled by its judge panel', () => {
  it('makes no request unless the study and Settings both ask for one', async () => {
    const studyKey = writeStudy('study-a', panelYaml(stub.baseUrl));
    await call('updateSettings', { judge: { panels: false } });
    const view = await start(studyKey, 'P01');
    await call<TeamView>('teamSend', { sessionId: view.sessionId, to: 'team', text: 'What do we know so far?' });
    expect(stub.requests).toHaveLength(0);
    expect(labelEvents(view.sessionId)).toEqual([expect.objectContaining({ label: 'other', source: 'rules' })]);
  });

  it('gives way on the panel label, records every rater and the wait, and falls back by rules when the endpoint stops', async () => {
    const studyKey = writeStudy('study-b', panelYaml(stub.baseUrl));
    stub.on('referee-m', () => ({ kind: 'text', content: 'asks_route', delayMs: 120 }));
    stub.on('second-m', () => ({ kind: 'echo_key', content: 'asks_route' }));
    stub.on('third-m', () => ({ kind: 'text', content: 'asks_route' }));
    await call('updateSettings', { judge: { panels: true } });
    let view = await start(studyKey, 'P02');
    // The rules would call this `other`; the panel hears a question about the way, so Kai reveals the mudslide.
    view = await call<TeamView>('teamSend', { sessionId: view.sessionId, to: 'team', text: 'Kai, is there anything about getting to North Hill we should know?' });
    expect(view.messages.some((m) => m.from === 'Kai' && /mudslide/.test(m.text))).toBe(true);
    const [first] = labelEvents(view.sessionId);
    expect(first).toMatchObject({ label: 'asks_route', source: 'llm', rule: 'third+referee' });
    expect(first?.raw?.panel.template.sha256).toBe(defaultLabelTemplate.hash);
    expect(first?.raw?.panel.raters.map((r) => [r.rater, r.status])).toEqual([['referee', 'labelled'], ['second', 'unparseable'], ['third', 'labelled']]);
    expect(first?.raw?.panel.wait_ms).toBeGreaterThanOrEqual(120);

    await stub.close();
    view = await call<TeamView>('teamSend', { sessionId: view.sessionId, to: 'team', text: 'okay, sounds good' });
    const second = labelEvents(view.sessionId)[1];
    expect(second).toMatchObject({ label: 'agrees', source: 'rules', rule: 'fallback:agree' });
    expect(second?.raw?.panel.fallback?.why).toMatch(/referee \(referee-m\): no answer .*network error/);
    expect(warnings.some((w) => /did not settle/.test(w.msg) && JSON.stringify(w.data).includes('agrees'))).toBe(true);

    // Nothing the participant sees says a model is involved.
    const seen = JSON.stringify(view);
    expect(seen.match(/referee|judge|panel|llm|model|asks_route/gi), seen).toBeNull();

    const submitted = await call<TeamView>('teamSubmit', { sessionId: view.sessionId, answer: 'West City' });
    expect(submitted.status).toBe('ended');
    const exported = await call<{ path: string }>('teamExport', { sessionId: view.sessionId });
    const transcript = teamseatTranscriptSchema.parse(JSON.parse(fs.readFileSync(exported.path, 'utf8')));
    expect(transcript.labels[0]).toMatchObject({
      final_label: 'asks_route',
      source: 'llm',
      rule: 'third+referee',
      prompt: { name: 'teamseat-default@1', sha256: defaultLabelTemplate.hash, built_in: true },
      raters: [
        expect.objectContaining({ rater: 'referee:referee-m', label: 'asks_route', raw: 'asks_route', tokens: { prompt: 101, completion: 2, total: 103 } }),
        expect.objectContaining({ rater: 'second:second-m', label: null }),
        expect.objectContaining({ rater: 'third:third-m', label: 'asks_route' }),
      ],
    });
    expect(transcript.labels[1]).toMatchObject({ final_label: 'agrees', source: 'rules', rule: 'fallback', why: expect.stringContaining('no answer') });
    expect(transcript.labels[1]?.raters.at(-1)).toEqual({ rater: 'rules:agree', label: 'agrees' });
    expect(transcript.timing.label_wait_ms).toBeGreaterThanOrEqual(120);

    // The key the second rater echoed is nowhere in the data folder but the secret store.
    const leaks: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name !== 'secrets.json' && fs.readFileSync(file).includes(KEY)) leaks.push(file);
      }
    };
    walk(tmp.dir);
    expect(leaks).toEqual([]);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
  });

  it('re-judges a finished offline run into a separate comparison, up to the first difference', async () => {
    const local = await startChatStub();
    try {
      const studyKey = writeStudy('study-c', panelYaml(local.baseUrl));
      await call('updateSettings', { judge: { panels: false } });
      let view = await start(studyKey, 'P03');
      for (const text of ['Hello everyone', 'What do you all think?', 'okay']) view = await call<TeamView>('teamSend', { sessionId: view.sessionId, to: 'team', text });
      await call<TeamView>('teamSubmit', { sessionId: view.sessionId, answer: 'North Hill' });
      expect(local.requests).toHaveLength(0);
      const before = JSON.stringify(app.database.eventLog!.replay(view.sessionId));

      // The panel hears the second message as a question about the way; the rules heard `other`.
      const labelOf = (content: string) => (/message to label:\n[^\n]*What do you all think/.test(content) ? 'asks_route' : /message to label:\n[^\n]*okay/.test(content) ? 'agrees' : 'other');
      for (const model of ['referee-m', 'second-m', 'third-m']) local.on(model, (req) => ({ kind: 'text', content: labelOf(req.messages[0]?.content ?? '') }));
      expect((await rejudgeSession(app, view.sessionId)).ok).toBe(false); // Settings do not allow requests yet
      await call('updateSettings', { judge: { panels: true } });
      const done = await rejudgeSession(app, view.sessionId);
      if (!done.ok) throw new Error(done.error.message);
      const { report } = done.value;
      expect(report.messages.map((m) => [m.text, m.recorded.label, m.panel?.final_label ?? null, m.status])).toEqual([
        ['Hello everyone', 'other', 'other', 'same'],
        ['What do you all think?', 'other', 'asks_route', 'differs'],
        ['okay', 'agrees', null, 'undetermined'],
      ]);
      const differs = report.messages[1]!;
      expect(differs.would_have_said?.some((l) => l.seat === 'Kai' && /mudslide/.test(l.text))).toBe(true);
      expect(differs.did_say?.some((l) => /mudslide/.test(l.text))).toBe(false);
      expect(report.summary).toEqual({ labelled_messages: 3, same: 1, first_difference: differs.message_index, undetermined: 1 });
      expect(report.judges.prompt).toMatchObject({ sha256: defaultLabelTemplate.hash, line: expect.stringContaining("not the benchmark's") });
      // Two messages asked, three raters each at most: the undetermined one is never sent.
      expect(local.requests.every((r) => !/message to label:\n[^\n]*okay/.test(r.messages[0]?.content ?? ''))).toBe(true);
      expect(JSON.parse(fs.readFileSync(done.value.path, 'utf8'))).toEqual(report);
      expect(JSON.stringify(app.database.eventLog!.replay(view.sessionId))).toBe(before);
    } finally {
      await local.close();
    }
  });
});
