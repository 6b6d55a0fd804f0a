import { describe, expect, it } from 'vitest';
import { fridayDeploy } from './fixtures/fridayDeploy.js';
import { unheardGiveWayLines, unheardGiveWays } from './giveWayHeard.js';
import type { TeamTaskInput } from './schema.js';
import { validateTask } from './validate.js';

const resolved = (input: TeamTaskInput) => {
  const checked = validateTask(input, 'friday.yaml');
  if (!checked.ok) throw new Error(checked.problems.map((p) => p.message).join('; '));
  return checked.versions.manipulation;
};

/** fridayDeploy with Dana's first line rewritten by `patch`. */
function withFirstLine(patch: Record<string, unknown>): TeamTaskInput {
  const copy = structuredClone(fridayDeploy);
  const dana = copy.seats.find((s) => s.kind === 'scripted');
  if (dana?.kind !== 'scripted') throw new Error('fridayDeploy has a scripted seat');
  dana.script.lines[0] = { ...dana.script.lines[0]!, ...patch } as (typeof dana.script.lines)[number];
  return copy;
}

describe('a give-way is heard whenever it is earned', () => {
  it('passes a script whose every earlier line answers the label', () => {
    expect(unheardGiveWays(resolved(fridayDeploy))).toEqual([]);
  });

  it('names a line that lets the give-way label pass unnoticed, and the line that gives way later', () => {
    const task = resolved(withFirstLine({ on: { complies: 'next', hedges: 'repeat' } }));
    expect(unheardGiveWays(task)).toEqual([{ seat: 'Dana', line: 'push1', label: 'challenges', heardAt: 'push2' }]);
    const [line] = unheardGiveWayLines(task);
    expect(line).toMatchObject({ seat: 'Dana', index: 0 });
    expect(line!.message).toMatch(/`challenges: next`/);
  });

  it('accepts a hold-out written on purpose (next, goto or repeat)', () => {
    for (const hold of ['next', 'repeat', { goto: 'thanks' }]) {
      expect(unheardGiveWays(resolved(withFirstLine({ on: { complies: 'next', challenges: hold, hedges: 'repeat' } })))).toEqual([]);
    }
  });
});
