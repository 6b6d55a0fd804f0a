import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { itemsToJsonl, parseItemsJsonl } from '../../shared/labelling/items.js';
import { StudyLibrary } from '../studies/studyLibrary.js';
import { makeTempDir } from '../testing/tempDir.js';
import { loadLabellingSet, orderFor } from './studySet.js';
import { makeTeamRunsDemo } from './teamRunsDemo.js';

const APP_ROOT = path.resolve(import.meta.dirname, '../..');
const STUDY = path.join(APP_ROOT, 'studies', 'judge-validation-team-runs');

describe('the team-runs demo study', () => {
  it('is what playing the team-demo tasks through the app writes today, in every version and seed', async () => {
    const demo = await makeTeamRunsDemo(APP_ROOT);
    expect(demo.problems).toEqual([]);
    expect(demo.runs).toHaveLength(27);
    expect(new Set(demo.runs.map((r) => /\/(\w+)_seed/.exec(r)?.[1]))).toEqual(
      new Set(['alone', 'control', 'manipulation']),
    );
    expect(demo.items.length).toBeGreaterThanOrEqual(40);
    // Written in a temp dir and compared byte for byte, so the committed file can never go stale.
    const tmp = makeTempDir();
    try {
      const fresh = path.join(tmp.dir, 'items.jsonl');
      fs.writeFileSync(fresh, itemsToJsonl(demo.items));
      expect(fs.readFileSync(fresh, 'utf8')).toBe(fs.readFileSync(path.join(STUDY, 'items.jsonl'), 'utf8'));
    } finally {
      tmp.cleanup();
    }
    const description = (
      parse(fs.readFileSync(path.join(STUDY, 'study.yaml'), 'utf8')) as { description: string }
    ).description;
    expect(description).toContain(`${demo.items.length} participant messages from ${demo.runs.length} runs`);
    // Every task's label set is exercised, and every item is marked as demo data.
    for (const task of ['campsite-negotiation', 'impossible-tests', 'hidden-profile']) {
      const mine = demo.items.filter((i) => i.task === task);
      const used = new Set(mine.map((i) => i.judge?.final));
      expect(used.size, task).toBeGreaterThanOrEqual(3);
    }
    expect(demo.items.every((i) => i.demo === true && i.judge?.perJudge?.rules === i.judge?.final)).toBe(
      true,
    );
  // 27 runs played through the app, with Pyodide test runs: under 180 s in CI on a quiet machine, 372 s measured under a load
  // average of 20 on 2 cores. A generous limit, since this checks content, not speed (bench measures speed).
  }, 900_000);

  it('validates as a built-in study and shares about a quarter of its items between the raters', () => {
    const listed = new StudyLibrary([{ dir: path.join(APP_ROOT, 'studies'), origin: 'built-in' }])
      .list()
      .find((s) => s.id === 'judge-validation-team-runs');
    expect(listed?.kind).toBe('labelling');
    expect(listed?.problems).toEqual([]);
    const set = loadLabellingSet('built-in:judge-validation-team-runs', STUDY);
    if (!set.ok) throw new Error(set.error.message);
    const parsed = parseItemsJsonl('items.jsonl', fs.readFileSync(path.join(STUDY, 'items.jsonl'), 'utf8'));
    expect(parsed.ok && parsed.items.length).toBe(set.value.items.length);
    const [r1, r2] = ['R1', 'R2'].map((r) => {
      const order = orderFor(set.value, r);
      if (!order.ok) throw new Error(order.error.message);
      return order.value;
    });
    const shared = r1!.filter((id) => r2!.includes(id)).length;
    expect(shared / set.value.items.length).toBeGreaterThan(0.2);
    expect(shared / set.value.items.length).toBeLessThan(0.3);
    expect(new Set([...r1!, ...r2!]).size).toBe(set.value.items.length);
  });
});
