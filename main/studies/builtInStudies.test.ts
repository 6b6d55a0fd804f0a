import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StudyLibrary } from './studyLibrary.js';

// The studies shipped in studies/ are what a newcomer sees first: every one must validate cleanly.
describe('built-in studies', () => {
  const studies = new StudyLibrary([{ dir: path.resolve(import.meta.dirname, '../../studies'), origin: 'built-in' }]).list();

  it('exist', () => {
    expect(studies.length).toBeGreaterThan(0);
  });

  it.each(studies.map((s) => [s.key, s] as const))('%s validates with no problems', (_key, study) => {
    expect(study.problems).toEqual([]);
    expect(study.taskCount).toBeGreaterThan(0);
  });
});
