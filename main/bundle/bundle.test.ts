import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import {
  call,
  consentAndStart,
  idle,
  refused,
  STUDY_KEY,
  submitRun,
  writeBetweenStudy,
  type Screen,
  type TestApp,
} from '../study/study.testing.js';
import { collectBundle, type BundleSource } from './collect.js';
import { scanBundle, type Decision } from './privacy.js';
import { bundleFiles, writeBundleZip } from './writeBundle.js';
import { readBundle, readZip } from './readBundle.js';
import { mergeBundles } from './merge.js';
import { CODEBOOK } from './tidy.js';

// A station's bundle from a real app (SQLite in a temp dir, the real runner), then merges of two stations' bundles.

const opened: Array<{ app: TestApp; tmp: ReturnType<typeof makeTempDir> }> = [];
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.app.close();
    o.tmp.cleanup();
  }
});

const EMAIL = 'jo.bloggs@example.org';
const PHONE = '+44 20 7946 0958';

/** A station with one participant (`code`) who played the run, wrote free text, and answered the questionnaire. */
async function station(code: string) {
  const tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  fs.writeFileSync(
    path.join(tmp.dir, 'studies', 'between-test', 'redact-names.txt'),
    '# names to look for\nAlice Example\n',
  );
  const app = createTestApp(tmp.dir);
  opened.push({ app, tmp });
  const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
  const participantId = overview.participants.find((p) => p.code === code)!.participantId;
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
  const runId = await consentAndStart(app, participantId);
  await submitRun(app, runId);
  await idle(app);
  const run = await call<Screen<'run'>>(app, 'participantStep', { participantId });
  const q = await call<Screen<'questionnaire'>>(app, 'participantNext', {
    participantId,
    stepToken: run.stepToken,
  });
  await call(app, 'participantAnswer', {
    participantId,
    stepToken: q.stepToken,
    answers: { effort: 4, comment: `Mail me at ${EMAIL} or ring ${PHONE}; Alice Example helped.` },
  });
  // A pilot under the study (kept, excluded) and a quick-seat demo session (never in a bundle).
  await call(app, 'teamStart', {
    studyKey: STUDY_KEY,
    taskId: 'hidden-profile',
    participant: 'pilot-1',
    version: 'alone',
    seed: 0,
  });
  app.database.eventLog!.createSession({
    studyKey: `demo:${STUDY_KEY}`,
    taskId: 'hidden-profile',
    participant: 'demo',
  });
  await idle(app);
  return { app, dir: tmp.dir, runId, participantId };
}

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const decideAll = (src: BundleSource, d: (kind: string) => Decision) =>
  Object.fromEntries(scanBundle(src).map((h) => [h.id, d(h.kind)]));

async function bundleOf(
  s: Awaited<ReturnType<typeof station>>,
  name: string,
  change?: (src: BundleSource) => void,
) {
  const src = collectBundle(s.app, STUDY_KEY);
  if (!src.ok) throw new Error(src.error.message);
  change?.(src.value);
  const files = bundleFiles(
    src.value,
    scanBundle(src.value),
    decideAll(src.value, () => 'redact'),
  );
  if (!files.ok) throw new Error(files.error.message);
  const out = path.join(s.dir, name);
  await writeBundleZip(files.value.files, out);
  return out;
}

describe('a station bundle', () => {
  it('is refused until every free-text hit is decided, then carries runs, logs and tidy tables with the decisions', async () => {
    const s = await station('T01');
    const scan = await call<{ hits: Array<{ id: string; kind: string; text: string }> }>(
      s.app,
      'bundleScan',
      { studyKey: STUDY_KEY },
    );
    expect(scan.hits.map((h) => [h.kind, h.text])).toEqual([
      ['email', EMAIL],
      ['name', 'Alice Example'],
      ['phone', PHONE],
    ]);
    const exports = path.join(s.dir, 'exports', 'bundles');
    const partial = { [scan.hits[0]!.id]: 'redact' };
    expect(await refused(s.app, 'bundleWrite', { studyKey: STUDY_KEY, decisions: partial })).toMatch(
      /No bundle written: 2 free-text hit\(s\) need a decision .*name "Alice Example" at answers T01/,
    );
    expect(fs.existsSync(exports)).toBe(false);

    const decisions = Object.fromEntries(
      scan.hits.map((h) => [h.id, h.kind === 'phone' ? 'keep' : 'redact']),
    );
    const written = await call<{ path: string; redacted: number; kept: number }>(s.app, 'bundleWrite', {
      studyKey: STUDY_KEY,
      decisions,
    });
    expect([written.redacted, written.kept]).toEqual([2, 1]);
    const read = await readBundle(written.path);
    if (!read.ok) throw new Error(read.error.message);
    const { manifest, runs, files } = read.value;
    const all = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).not.toContain(EMAIL);
    expect(all).not.toContain('Alice Example');
    expect(all).toContain('[redacted email]');
    expect(all).toContain(PHONE);
    expect(manifest.privacy.hits.map((h) => [h.kind, h.decision, h.text])).toEqual([
      ['email', 'redact', null],
      ['name', 'redact', null],
      ['phone', 'keep', PHONE],
    ]);
    expect(manifest).toMatchObject({
      study_id: 'between-test',
      study_key: STUDY_KEY,
      app_version: '0.0.0-test',
      design: 'between',
      counts: { runs_counted: 1, runs_excluded: 1, answers: 2 },
    });
    expect(manifest.stations).toHaveLength(1);
    expect(manifest.study_versions).toEqual([
      { hash: expect.any(String), runs: [s.runId], participants: ['T01'] },
    ]);
    expect(runs.map((r) => [r.participant, r.counted, r.exclusion, r.cell])).toEqual([
      ['T01', true, null, 'c1'],
      ['pilot-1', false, 'pilot', null],
    ]);
    expect(runs[0]!.files).toEqual([
      expect.stringMatching(
        /^results\/transcripts\/sharing_and_seeking_information\/hidden-profile\/human_T01\/\w+_seed\d+\.json$/,
      ),
    ]);
    // Every session's log, the demo session's never.
    const logs = [...files.keys()].filter((n) => n.startsWith('events/'));
    expect(logs).toHaveLength(manifest.counts.sessions);
    expect(logs).toHaveLength(3);
    expect(all).not.toContain('demo:');
    expect(files.has('final_results.json')).toBe(true);
    for (const t of Object.values(CODEBOOK)) {
      expect(files.get(t.file)!.toString('utf8').split('\r\n')[0]).toBe(Object.keys(t.columns).join(','));
      for (const c of Object.keys(t.columns))
        expect(files.get('README.md')!.toString('utf8')).toContain(`| \`${c}\` |`);
    }
    expect(files.get('tables/answers.csv')!.toString('utf8')).toContain('T01');
  }, 90_000);
  it('never carries an erased participant', async () => {
    const s = await station('T01');
    await call(s.app, 'studyErase', { studyKey: STUDY_KEY, participantId: s.participantId, confirmCode: 'T01' });
    await idle(s.app);
    const src = collectBundle(s.app, STUDY_KEY);
    if (!src.ok) throw new Error(src.error.message);
    const files = bundleFiles(src.value, scanBundle(src.value), decideAll(src.value, () => 'redact'));
    if (!files.ok) throw new Error(files.error.message);
    const all = [...files.value.files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).not.toContain(s.runId);
    expect(all).not.toContain(EMAIL);
    expect(files.value.manifest.counts.runs_counted).toBe(0);
    expect(files.value.manifest.study_versions.flatMap((v) => v.participants)).not.toContain('T01');
  }, 90_000);
});

describe('merging station bundles', () => {
  it('merges two stations, drops a session seen twice, re-scores; refuses what cannot be merged, naming file and field; inputs unchanged', async () => {
    const a = await station('T01');
    const b = await station('T02');
    const aZip = await bundleOf(a, 'a.zip');
    const bZip = await bundleOf(b, 'b.zip');
    const aCopy = path.join(b.dir, 'a-again.zip');
    fs.copyFileSync(aZip, aCopy);
    const before = [aZip, bZip].map(sha);
    const out = path.join(a.dir, 'merged.zip');

    const merged = await mergeBundles([aZip, bZip, aCopy], out);
    if (!merged.ok) throw new Error(merged.error.message);
    expect(merged.value.duplicateSessions).toBe(3);
    expect(merged.value.sessions).toBe(6);
    expect(merged.value.final?.models).toEqual(['human:T01', 'human:T02', 'human:all']);
    const m = await readBundle(out);
    if (!m.ok) throw new Error(m.error.message);
    expect(m.value.manifest.stations).toHaveLength(2);
    expect(m.value.manifest.merged_from.map((x) => x.file)).toEqual(['a.zip', 'b.zip', 'a-again.zip']);
    expect(
      m.value.runs
        .filter((r) => r.counted)
        .map((r) => r.participant)
        .sort(),
    ).toEqual(['T01', 'T02']);

    // Another study id.
    const other = await bundleOf(b, 'other-study.zip', (src) => (src.studyId = 'another-study'));
    const r1 = await mergeBundles([aZip, other], path.join(a.dir, 'x.zip'));
    expect(!r1.ok && r1.error.message).toBe(
      `${other}: manifest.json study_id is "another-study", not "between-test" (${aZip}); bundles of different studies are never merged.`,
    );

    // Another study version: refused by default, kept run by run and listed with --allow-versions.
    const v2 = await bundleOf(b, 'v2.zip', (src) =>
      src.runs.forEach((r) => r.study_version && (r.study_version = 'f'.repeat(64))),
    );
    const r2 = await mergeBundles([aZip, v2], path.join(a.dir, 'y.zip'));
    expect(!r2.ok && r2.error.message).toMatch(
      new RegExp(
        `^${v2.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: manifest.json study_versions\\[\\d\\]\\.hash f{64} is a study version`,
      ),
    );
    const allowed = await mergeBundles([aZip, v2], path.join(a.dir, 'y.zip'), { allowVersions: true });
    expect(allowed.ok && allowed.value.studyVersions).toContain('f'.repeat(64));

    // Two counted attempts of one participant's plan cell, both named.
    const twice = await bundleOf(a, 'twice.zip', (src) => {
      src.runs[0]!.run_id = 'a-different-run';
      src.runs[0]!.attempt = 2;
      src.sessions = [];
      src.results = new Map();
      src.runs[0]!.files = [];
    });
    const r3 = await mergeBundles([aZip, twice], path.join(a.dir, 'z.zip'));
    expect(!r3.ok && r3.error.message).toMatch(
      new RegExp(
        `^Two counted attempts for participant T01 and plan cell c1: run ${a.runId} \\(attempt 1, .*a\\.zip\\) and run a-different-run \\(attempt 2, .*twice\\.zip\\)`,
      ),
    );

    // The same, with each attempt's transcript at the cell's one path (as two real stations write them): the clash
    // of the files must not hide the attempts, both are named.
    const clash = await bundleOf(a, 'clash.zip', (src) => {
      src.runs[0]!.run_id = 'a-third-run';
      src.runs[0]!.attempt = 2;
      src.sessions = [];
      for (const [name, buf] of src.results) {
        if (/^transcripts\/.*\.json$/.test(name)) src.results.set(name, Buffer.from(JSON.stringify({ ...JSON.parse(buf.toString('utf8')), note: 'attempt 2' })));
      }
    });
    const rClash = await mergeBundles([aZip, clash], path.join(a.dir, 'c.zip'));
    expect(!rClash.ok && rClash.error.message).toMatch(
      new RegExp(`^Two counted attempts for participant T01 and plan cell c1: run ${a.runId} \\(attempt 1, .*a\\.zip\\) and run a-third-run \\(attempt 2, .*clash\\.zip\\)`),
    );

    // A truncated zip, and a run whose version the manifest does not list.
    const cut = path.join(a.dir, 'cut.zip');
    fs.writeFileSync(cut, fs.readFileSync(bZip).subarray(0, Math.floor(fs.statSync(bZip).size / 2)));
    const r4 = await mergeBundles([aZip, cut], path.join(a.dir, 'w.zip'));
    expect(!r4.ok && r4.error.message).toMatch(
      new RegExp(`^${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a complete zip file`),
    );
    const zipped = await readZip(bZip);
    if (!zipped.ok) throw new Error('unreadable');
    const files = zipped.value;
    const runs = JSON.parse(files.get('runs.json')!.toString('utf8')) as Array<{
      study_version: string | null;
    }>;
    runs[0]!.study_version = 'e'.repeat(64);
    files.set('runs.json', Buffer.from(JSON.stringify(runs)));
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      files: Array<{ path: string; sha256: string; bytes: number }>;
    };
    const entry = manifest.files.find((f) => f.path === 'runs.json')!;
    entry.sha256 = crypto.createHash('sha256').update(files.get('runs.json')!).digest('hex');
    files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
    const missing = path.join(a.dir, 'missing-version.zip');
    await writeBundleZip(files, missing);
    const r5 = await mergeBundles([aZip, missing], path.join(a.dir, 'v.zip'));
    expect(!r5.ok && r5.error.message).toMatch(
      /missing-version\.zip: study versions missing from manifest\.json study_versions: runs\.json\[0\]\.study_version e{64} \(run /,
    );

    // A counted transcript that is not JSON (its hash in the manifest fixed up): refused, naming bundle, entry, place.
    const broken = await readZip(bZip);
    if (!broken.ok) throw new Error('unreadable');
    const transcript = [...broken.value.keys()].find((n) =>
      /^results\/transcripts\/.*_seed\d+\.json$/.test(n),
    )!;
    broken.value.set(transcript, Buffer.from('{"evaluated_model": "human:T02",\n  "score" {}}\n'));
    const brokenManifest = JSON.parse(broken.value.get('manifest.json')!.toString('utf8')) as {
      files: Array<{ path: string; sha256: string; bytes: number }>;
    };
    brokenManifest.files.find((f) => f.path === transcript)!.sha256 = crypto
      .createHash('sha256')
      .update(broken.value.get(transcript)!)
      .digest('hex');
    broken.value.set('manifest.json', Buffer.from(JSON.stringify(brokenManifest)));
    const notJson = path.join(a.dir, 'not-json.zip');
    await writeBundleZip(broken.value, notJson);
    const r6 = await mergeBundles([aZip, notJson], path.join(a.dir, 'u.zip'));
    expect(!r6.ok && r6.error.message).toBe(
      `${notJson}: ${transcript} is not JSON (line 2, column 11: expected ":" after the property name); a transcript is one JSON object in the benchmark's transcript schema. Not merged.`,
    );

    expect([aZip, bZip].map(sha)).toEqual(before);
    for (const f of ['x.zip', 'z.zip', 'w.zip', 'v.zip', 'u.zip'])
      expect(fs.existsSync(path.join(a.dir, f))).toBe(false);
  }, 120_000);
});
