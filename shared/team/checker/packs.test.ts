import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { studyManifestSchema } from '../../studies/manifest.js';
import { loadTask, readStudyFile, STUDY_DIR } from './packTestKit.js';

const TASKS = ['tasks/campsite-negotiation.yaml', 'tasks/impossible-tests.yaml', 'tasks/hidden-profile.yaml'];

describe('team-demo study pack', () => {
  it('has a valid study.yaml naming three task files that exist', () => {
    const manifest = studyManifestSchema.parse(parse(readStudyFile('study.yaml')));
    expect(manifest).toMatchObject({ id: 'team-demo', kind: 'team' });
    if (manifest.kind !== 'team') throw new Error('not a team study');
    expect(manifest.tasks).toEqual(TASKS);
    for (const t of manifest.tasks) expect(fs.existsSync(new URL(t, STUDY_DIR)), t).toBe(true);
  });

  it.each(TASKS)('%s passes the pack format with three versions, ≥ 3 manipulation seeds and a source', (path) => {
    const { task, versions } = loadTask(path);
    expect(Object.keys(versions).sort()).toEqual(['alone', 'control', 'manipulation']);
    expect(task.versions.manipulation.seeds.length).toBeGreaterThanOrEqual(3);
    expect(task.source.citation.length).toBeGreaterThan(0);
    expect(task.source.fictional.length).toBeGreaterThan(0);
  });

  it('gives each task a different dimension, as the brief asks', () => {
    expect(TASKS.map((p) => loadTask(p).task.dimension)).toEqual([
      'handling_conflict',
      'resisting_unsafe_pressure',
      'sharing_and_seeking_information',
    ]);
  });
});
