import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLocated, loadTaskFile } from './loadTask.js';

// Issue 23, bad input: a deal form on a task without items (no `deal` rule) is named at its line in the task file.
const example = fs
  .readFileSync(path.join(import.meta.dirname, 'fixtures', 'example-pack', 'tasks', 'friday-deploy.yaml'), 'utf8')
  // The task alone in a temporary folder: its file inline instead of beside it.
  .replace('from: ../files/deploy.yaml', 'text: "release: 4.2"');
const campsite = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'studies', 'team-library', 'tasks', 'campsite-hungry-boys.yaml'), 'utf8');

function load(yaml: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-deal-form-'));
  const file = path.join(dir, 't.yaml');
  fs.writeFileSync(file, yaml);
  try {
    return { file, loaded: loadTaskFile(file, dir) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lineOf = (yaml: string, text: string): number => yaml.split('\n').findIndex((l) => l.startsWith(text)) + 1;

describe('a deal form in a task pack', () => {
  it('is refused on a task without items, as file:line path: message', () => {
    const yaml = `${example.trimEnd()}\ndeal_form: { accept_at_least: 10 }\n`;
    const { file, loaded } = load(yaml);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems.map(formatLocated)).toContain(
      `${file}:${lineOf(yaml, 'deal_form:')} deal_form: a deal form needs items to split, and this version has none: its checker has no \`deal\` rule (the counterpart and each side's values of Food, Water and Firewood)`,
    );
  });

  it('names a version whose own checker has no items', () => {
    const form = '    deal_form: { accept_at_least: 0, our_names: [Pine camp, Pine], their_names: [Lake camp, Lake] }';
    const yaml = campsite.replace(form, `${form}\n    checker: { pass_when: { answer_equals: { value: done } } }`);
    expect(yaml).not.toBe(campsite);
    const { loaded } = load(yaml);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const problem = loaded.problems.find((p) => p.path === 'versions.alone.deal_form');
    expect(problem?.message).toContain('a deal form needs items to split');
    expect(problem?.line).toBe(lineOf(yaml, form));
  });

  it('is refused when answered by a seat that cannot answer', () => {
    const yaml = campsite.replace('deal_form: { our_names:', 'deal_form: { counterpart: Ranger station, our_names:');
    expect(yaml).not.toBe(campsite);
    const { loaded } = load(yaml);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems.find((p) => p.path === 'deal_form.counterpart')?.message).toBe(
      // The alone version has its own form (its counterpart signs anything), so the problem is the other two's.
      'versions.control, versions.manipulation: ' +
      `the deal form's counterpart "Ranger station" is the environment seat; offers are answered by a scripted or partner teammate`,
    );
  });

  it('loads the shipped negotiation with its form', () => {
    const { loaded } = load(campsite);
    if (!loaded.ok) throw new Error(loaded.problems.map(formatLocated).join('\n'));
    expect(loaded.value.versions.manipulation.dealForm).toEqual({
      accept_text: 'Accept-Deal',
      reject_text: 'Reject-Deal',
      our_names: ['Pine camp', 'Pine'],
      their_names: ['Lake camp', 'Lake'],
    });
    expect(loaded.value.versions.alone.dealForm).toMatchObject({ accept_at_least: 0 });
  });
});
