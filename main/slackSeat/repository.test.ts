import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StudyDocuments } from './documents.js';
import { StudyRepository } from './repository.js';

// The demo study's bare repository and documents, read as the repository browser does.
const study = path.resolve(import.meta.dirname, '../../studies/slack-demo');
const repo = new StudyRepository(path.join(study, 'repo.git'));

describe('StudyRepository', () => {
  it('lists the tree at HEAD, folders first, and reads files', async () => {
    expect(repo.name()).toBe('calibrate');
    const root = await repo.tree('');
    if (!root.ok) throw new Error(root.error.message);
    const kinds = root.value.map((e) => e.type);
    expect(kinds.indexOf('file')).toBeGreaterThan(kinds.lastIndexOf('dir'));
    expect(root.value.map((e) => e.name)).toContain('README.md');
    const readme = await repo.file('README.md');
    expect(readme.ok && readme.value.text).toMatch(/calibrat/i);
    expect((await repo.file('../../etc/passwd')).ok).toBe(false);
    expect((await repo.file('no-such-file')).ok).toBe(false);
  });

  it('lists commits newest first with the files each changed, and shows a commit as line diffs', async () => {
    const commits = await repo.commits();
    if (!commits.ok) throw new Error(commits.error.message);
    expect(commits.value[0]!.message).toBe('Disable inlet heater by default to save power');
    expect(commits.value.at(-1)!.message).toBe('Initial project layout');
    expect(commits.value.at(-1)!.files.every((f) => f.change === 'added')).toBe(true);
    const lr = commits.value.find((c) => c.shortOid === '51b1922')!;
    expect(lr).toMatchObject({ message: 'Lower default learning rate to 1e-4 after sweep', authorName: 'Aiko Tanaka' });
    expect(lr.files.length).toBeGreaterThan(0);
    const detail = await repo.commit('51b1922');
    if (!detail.ok) throw new Error(detail.error.message);
    const lines = detail.value.diffs.flatMap((d) => d.lines);
    expect(lines.some((l) => l.op === '-' && l.text.includes('learning_rate: 3.0e-4'))).toBe(true);
    expect(lines.some((l) => l.op === '+' && l.text.includes('learning_rate: 1.0e-4'))).toBe(true);
    expect((await repo.commit('deadbeef')).ok).toBe(false);
  });

  it('searches the files at HEAD, case-insensitively, with highlights', async () => {
    const hits = await repo.search('INLET_HEATER');
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      const [start, end] = h.highlights[0]!;
      expect(h.text.slice(start, end).toLowerCase()).toBe('inlet_heater');
    }
  });
});

describe('StudyDocuments', () => {
  const docs = new StudyDocuments(path.join(study, 'docs'));
  it('lists and reads documents, refusing paths outside the folder', () => {
    expect(docs.list().map((d) => [d.path, d.format])).toEqual([['field-protocol.md', 'markdown'], ['paper-plan.md', 'markdown']]);
    const plan = docs.read('paper-plan.md');
    expect(plan.ok && plan.value.text).toContain('15 November');
    expect(docs.read('../study.yaml').ok).toBe(false);
    expect(docs.read('../queries.yaml').ok).toBe(false);
  });
});
