import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { writeBetweenStudy } from '../study/study.testing.js';
import { studyDesign } from './studyDesign.js';

// The study names the pooled row's gate in study.yaml (`protocol.scoring.pooled_gate`); the app's writer and
// `npm run score -- --study` read it from here.
let tmp: ReturnType<typeof makeTempDir>;
let dir: string;
beforeEach(() => {
  tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  dir = path.join(tmp.dir, 'studies', 'between-test');
});
afterEach(() => tmp.cleanup());

const withScoring = (yaml: string) => {
  const file = path.join(dir, 'study.yaml');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  ordering: fixed\n', `  ordering: fixed\n  scoring: ${yaml}\n`));
};

describe('the pooled gate named by the study', () => {
  it('defaults to a strict majority (null) when the study says nothing', () => {
    expect(studyDesign(dir)).toEqual({ design: 'between', poolGateAtLeast: null, note: null });
  });
  it('reads a named rate, and `majority` as the default', () => {
    withScoring('{ pooled_gate: 1 }');
    expect(studyDesign(dir).poolGateAtLeast).toBe(1);
    withScoring('{ pooled_gate: majority }');
    expect(studyDesign(dir).poolGateAtLeast).toBeNull();
  });
  it('refuses a rate outside 0–1, naming the place', () => {
    withScoring('{ pooled_gate: 1.5 }');
    const found = studyDesign(dir);
    expect(found.design).toBe('within');
    expect(found.note).toMatch(/study\.yaml:\d+ at protocol\.scoring\.pooled_gate: .*<=1/);
  });
});
