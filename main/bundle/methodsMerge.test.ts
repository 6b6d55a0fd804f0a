import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import {
  call,
  consentAndStart,
  idle,
  STUDY_KEY,
  submitRun,
  writeBetweenStudy,
  type TestApp,
} from '../study/study.testing.js';
import { METHODS_MD, METHODS_TEX, methodsFiles } from '../../shared/study/methods/methods.js';
import { collectBundle } from './collect.js';
import { scanBundle } from './privacy.js';
import { bundleFiles, writeBundleZip } from './writeBundle.js';
import { readBundle } from './readBundle.js';
import { mergeBundles } from './merge.js';
import { methodsInput } from './methodsFiles.js';
import { methodsCommand } from '../cli/methodsCommand.js';
import fs from 'node:fs';

// Two stations of one between-design study, each with one participant who played a run; the merged bundle's methods
// paragraph must be the merged whole's, derived again from the merged files, not either station's.

const opened: Array<{ app: TestApp; tmp: ReturnType<typeof makeTempDir> }> = [];
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.app.close();
    o.tmp.cleanup();
  }
});

async function stationBundle(code: string): Promise<string> {
  const tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  const app = createTestApp(tmp.dir);
  opened.push({ app, tmp });
  const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
  const participantId = overview.participants.find((p) => p.code === code)!.participantId;
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
  await submitRun(app, await consentAndStart(app, participantId));
  await idle(app);
  const src = collectBundle(app, STUDY_KEY);
  if (!src.ok) throw new Error(src.error.message);
  const hits = scanBundle(src.value);
  const built = bundleFiles(src.value, hits, Object.fromEntries(hits.map((h) => [h.id, 'redact' as const])));
  if (!built.ok) throw new Error(built.error.message);
  const out = path.join(tmp.dir, `${code}.zip`);
  await writeBundleZip(built.value.files, out);
  return out;
}

const text = (b: Map<string, Buffer>, name: string) => b.get(name)!.toString('utf8');

describe('npm run merge re-derives the methods paragraph', () => {
  it('for the merged stations: both study logs, both runs, one study.json entry naming both stations', async () => {
    const a = await stationBundle('T01');
    const b = await stationBundle('T02');
    const one = await readBundle(a);
    if (!one.ok) throw new Error(one.error.message);
    expect(text(one.value.files, METHODS_MD)).toContain('recorded at 1[^');
    expect(text(one.value.files, METHODS_MD)).toContain('1[^1] participant enrolled');

    const out = path.join(path.dirname(a), 'merged.zip');
    const merged = await mergeBundles([a, b], out);
    if (!merged.ok) throw new Error(merged.error.message);
    const read = await readBundle(out);
    if (!read.ok) throw new Error(read.error.message);
    const md = text(read.value.files, METHODS_MD);
    expect(md).toMatch(/2\[\^\d+\] participants enrolled/);
    expect(md).toMatch(/recorded at 2\[\^\d+\] stations/);
    expect(md).toMatch(/\(2\[\^\d+\] station bundles merged\)/);
    expect(md).toMatch(/Of 2\[\^\d+\] runs, 2\[\^\d+\] counted/);
    // Two study logs, named together as the source of the participant counts.
    expect(md).toMatch(
      /\[\^1\]: `events\/[0-9a-f]+\.jsonl, events\/[0-9a-f]+\.jsonl` → `participant_started events/,
    );
    // Exactly what the generator gives for the merged files (the manifest as written): derived, not copied.
    const again = methodsFiles(methodsInput(read.value.files, read.value.manifest));
    expect(md).toBe(again.markdown);
    expect(text(read.value.files, METHODS_TEX)).toBe(again.latex);
    const facts = JSON.parse(text(read.value.files, 'study.json'));
    expect(facts.entries).toHaveLength(1);
    expect(facts.entries[0].stations).toEqual([...read.value.manifest.stations].sort());
    expect(read.value.manifest.stations).toHaveLength(2);

    // npm run methods: the same text from the merged zip, written as two files or printed.
    const dir = path.join(path.dirname(a), 'paper');
    const cli = await methodsCommand([out, '-o', dir]);
    expect(cli).toMatchObject({ code: 0, err: '' });
    expect(fs.readFileSync(path.join(dir, 'merged.methods.md'), 'utf8')).toBe(md);
    expect(fs.readFileSync(path.join(dir, 'merged.methods.tex'), 'utf8')).toBe(again.latex);
    const standalone = await methodsCommand([out, '--latex', '--standalone']);
    expect(standalone.out).toMatch(/^\\documentclass\{article\}[\s\S]*\\end\{document\}\n$/);
    const notBundle = path.join(dir, 'merged.methods.md');
    expect(await methodsCommand([notBundle])).toMatchObject({ code: 1, out: '' });
    expect(await methodsCommand([])).toMatchObject({ code: 2 });
  });
});
