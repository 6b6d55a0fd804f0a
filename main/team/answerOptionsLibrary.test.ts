import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTeamPack } from './pack/loadPack.js';
import { choiceOf } from '../../shared/team/view.js';
import { matchOption } from '../../shared/team/pack/optionMatch.js';
import { choiceAnswerText } from '../../shared/team/pack/answerChoice.js';

// Issue 23 item 3, over the shipped library: every task whose checker (base or a version's) compares the whole
// answer with one value lists its answer_options, so a person and a model are offered the choice and scored by the
// option matcher; and every option picked with a reason that names the others is scored as itself.
const STUDIES = path.resolve(import.meta.dirname, '../../studies');
const teamPacks = fs
  .readdirSync(STUDIES)
  .filter((d) => /kind:\s*team\b/.test(fs.existsSync(path.join(STUDIES, d, 'study.yaml')) ? fs.readFileSync(path.join(STUDIES, d, 'study.yaml'), 'utf8') : ''));

/** `answer_equals` rules on the whole answer with a text value, anywhere in a rule tree. */
function wholeAnswerValues(rule: unknown): string[] {
  if (typeof rule !== 'object' || rule === null) return [];
  const r = rule as Record<string, unknown>;
  const here = r.answer_equals as { value?: unknown; field?: unknown } | undefined;
  const own = here && here.field === undefined && typeof here.value === 'string' ? [here.value] : [];
  return [...own, ...Object.values(r).flatMap((v) => (Array.isArray(v) ? v.flatMap(wholeAnswerValues) : wholeAnswerValues(v)))];
}

describe('answer options in the shipped library', () => {
  const tasks = teamPacks.flatMap((d) => loadTeamPack(path.join(STUDIES, d)).tasks);

  it('loads the team packs', () => {
    expect(teamPacks.sort()).toEqual(expect.arrayContaining(['team-demo', 'team-library']));
    expect(tasks.length).toBeGreaterThanOrEqual(3);
  });

  it('lists answer_options for every task whose checker takes a single answer, and offers them as a choice', () => {
    const single = tasks.filter((t) => Object.values(t.versions).some((v) => wholeAnswerValues(v.checker.pass_when).length > 0));
    expect(single.map((t) => t.task.id)).toEqual(expect.arrayContaining(['avgas-contamination', 'hidden-profile', 'signed-off-not-fixed']));
    for (const t of single) {
      expect(t.task.answer_options?.length ?? 0, t.task.id).toBeGreaterThanOrEqual(2);
      for (const v of Object.values(t.versions)) expect(choiceOf(v, 'any-session')?.options.length, `${t.task.id} ${v.version}`).toBe(t.task.answer_options!.length);
    }
  });

  it('scores every option picked as a choice as itself, whatever the reason says', () => {
    for (const t of tasks.filter((x) => (x.task.answer_options ?? []).length > 0)) {
      const options = t.task.answer_options!;
      const values = choiceOf(t.versions.manipulation, 's')!.options;
      for (const pick of values) {
        for (const other of values) {
          const text = choiceAnswerText(pick, `${other}, or rather not ${other}; I considered ${other}`);
          expect(matchOption(text, options).option, `${t.task.id}: ${text}`).toBe(pick);
        }
      }
    }
  });
});
