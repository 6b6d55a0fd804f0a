import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateTask } from '../pack/validate.js';
import { taskVersions, type TeamTask } from '../pack/schema.js';
import { dealRuleOf } from './dealForm.js';
import { walkLabelPaths } from './reachability.js';

const STUDIES = new URL('../../../studies/', import.meta.url);

/** Every shipped task that is a negotiation (a `deal` rule in its checker), from every study folder. */
function negotiations(): Array<{ file: string; task: TeamTask }> {
  const out: Array<{ file: string; task: TeamTask }> = [];
  for (const study of fs.readdirSync(STUDIES, { withFileTypes: true })) {
    const dir = new URL(`${study.name}/tasks/`, STUDIES);
    if (!study.isDirectory() || !fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
      const file = `${study.name}/tasks/${name}`;
      const checked = validateTask(parse(fs.readFileSync(new URL(name, dir), 'utf8')), file);
      if (!checked.ok) continue; // the pack linter reports a broken task; only negotiations matter here
      if (taskVersions.some((v) => dealRuleOf(checked.versions[v].checker.pass_when))) out.push({ file, task: checked.task });
    }
  }
  return out;
}

function check(task: TeamTask, file: string) {
  const checked = validateTask(structuredClone(task), file);
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return checked;
}

describe('every label path of every negotiation keeps the best deal reachable (issue 23)', () => {
  const found = negotiations();

  it('finds the shipped negotiations', () => {
    expect(found.map((f) => f.task.id).sort()).toEqual(expect.arrayContaining(['campsite-hungry-boys', 'campsite-negotiation']));
  });

  for (const { file, task } of found) {
    it(`${file}: a deal form in every version, and no label path loses the best deal`, () => {
      const { versions } = check(task, file);
      for (const version of taskVersions) {
        const resolved = versions[version];
        expect(resolved.dealForm, `${file} ${version} has a deal form`).not.toBeNull();
        for (const seed of resolved.seeds) {
          const walk = walkLabelPaths(task, resolved, version, seed);
          expect(walk.problems, `${file} ${version} seed ${seed}`).toEqual([]);
          // The walk reached more than the first turn: every label was followed.
          expect(walk.turns, `${file} ${version} seed ${seed}`).toBeGreaterThan(version === 'alone' ? 0 : resolved.labels.length);
        }
      }
    });
  }

  it('catches a script in which one label ends the run (the walk can fail)', () => {
    const original = found.find((f) => f.task.id === 'campsite-negotiation');
    if (!original) throw new Error('campsite-negotiation is not in the studies');
    const task = structuredClone(original.task);
    const hal = task.seats.find((s) => s.name === 'Hal');
    if (hal?.kind !== 'scripted') throw new Error('Hal is the scripted seat');
    // As the task was before issue 23: holding firm at Hal's third offer made him walk away.
    hal.script.lines.find((l) => l.id === 'l_one_firewood')!.on['holds_firm'] = { action: { do: 'walk_away', text: 'Walk-Away', to: 'team' } };
    const { versions } = check(task, original.file);
    const walk = walkLabelPaths(task, versions.manipulation, 'manipulation', versions.manipulation.seeds[0]!);
    expect(walk.problems.some((p) => p.includes('holds_firm]: the run ended (walked_away)'))).toBe(true);
  });

  it('catches a negotiation whose counterpart never accepts (no deal form)', () => {
    const original = found.find((f) => f.task.id === 'campsite-hungry-boys')!;
    const task = structuredClone(original.task);
    delete task.deal_form;
    delete task.versions.alone.deal_form;
    const { versions } = check(task, original.file);
    expect(walkLabelPaths(task, versions.manipulation, 'manipulation', 1).problems).toEqual([expect.stringContaining('no deal form')]);
  });
});
