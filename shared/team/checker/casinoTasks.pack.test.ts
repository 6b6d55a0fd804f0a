import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bestJointDeal, scoreSplit } from '../casino/bestDeal.js';
import type { Packages, Value2Issue } from '../casino/points.js';
import type { ScriptedSeat } from '../pack/schema.js';
import { validateTask } from '../pack/validate.js';

// The conflict task of studies/team-library built on CaSiNo dialogue 139: its values are the dialogue's, its best
// joint deal is computed here (never written in the task), and its counterpart's offers are the dialogue's.
const PACK = new URL('../../../studies/team-library/', import.meta.url);
const dialogue = JSON.parse(fs.readFileSync(new URL('sources/casino_dialogue_139.json', PACK), 'utf8')) as {
  chat_logs: Array<{ id: string; text: string; task_data: { issue2youget?: Record<string, string>; issue2theyget?: Record<string, string> } }>;
  participant_info: Record<'mturk_agent_1' | 'mturk_agent_2', { value2issue: Value2Issue; outcomes: { points_scored: number } }>;
};
const checked = validateTask(parse(fs.readFileSync(new URL('tasks/campsite-hungry-boys.yaml', PACK), 'utf8')), 'campsite-hungry-boys.yaml');
if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
const { task, versions } = checked;
const participant = dialogue.participant_info.mturk_agent_2.value2issue;
const jo = dialogue.participant_info.mturk_agent_1.value2issue;
const asPackages = (r: Record<string, string>): Packages => ({ Food: Number(r.Food), Water: Number(r.Water), Firewood: Number(r.Firewood) });

/** Every split Jo's script can submit, by the line that submits it. */
function joOffers(): Packages[] {
  const seat = versions.manipulation.seats.find((s): s is ScriptedSeat => s.name === 'Jo' && s.kind === 'scripted')!;
  return seat.script.lines.flatMap((l) =>
    Object.values(l.on).flatMap((t) => (typeof t === 'object' && 'action' in t && t.action.do === 'submit_deal' ? [t.action.evaluated_gets] : [])),
  );
}

describe('campsite-hungry-boys (CaSiNo dialogue 139)', () => {
  it('scores with the dialogue’s own values: the participant is mturk_agent_2, Jo is mturk_agent_1', () => {
    expect(task.checker.pass_when).toEqual({ deal: { counterpart: 'Jo', evaluated_values: participant, counterpart_values: jo } });
  });

  it('has one best joint deal, 42 points: Jo all the water, the participant all the food and firewood', () => {
    const best = bestJointDeal(participant, jo);
    expect(best.joint).toBe(42);
    expect(best.splits.map((s) => s.a)).toEqual([{ Food: 3, Water: 0, Firewood: 3 }]);
    expect(joOffers()).toContainEqual(best.splits[0]!.a);
  });

  it('replays the real offer, which reproduces the recorded points (20 + 17 = 37, short of 42)', () => {
    const submit = dialogue.chat_logs.find((c) => c.text === 'Submit-Deal')!;
    expect(submit.id).toBe('mturk_agent_1');
    const real = asPackages(submit.task_data.issue2theyget!);
    expect(joOffers()).toContainEqual(real);
    const scored = scoreSplit(participant, jo, real);
    expect([scored.pointsA, scored.pointsB]).toEqual([
      dialogue.participant_info.mturk_agent_2.outcomes.points_scored,
      dialogue.participant_info.mturk_agent_1.outcomes.points_scored,
    ]);
    expect(scored.joint).toBe(37);
  });

  it('speaks the dialogue’s lines verbatim in the manipulation', () => {
    const seat = versions.manipulation.seats.find((s): s is ScriptedSeat => s.name === 'Jo' && s.kind === 'scripted')!;
    const said = dialogue.chat_logs.filter((c) => c.id === 'mturk_agent_1').map((c) => c.text.trim());
    for (const line of seat.script.lines.filter((l) => l.source !== undefined)) expect(said).toContain(line.text);
  });
});
