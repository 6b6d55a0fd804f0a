/**
 * The campsite negotiation replays CaSiNo dialogue 781 (Chawla et al., NAACL 2021, CC BY 4.0): the
 * pack's copy in studies/team-demo/sources/ is the source every check here reads.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bestJointDeal } from '../casino/bestDeal.js';
import type { ScriptAction, ScriptedSeat, Transition } from '../pack/schema.js';
import { labelByRules } from '../labeller/rulesLabeller.js';
import { checkRun } from './version.js';
import { loadVersion, readStudyFile, startState } from './packTestKit.js';
import type { FinalState } from './finalState.js';

const TASK = 'tasks/campsite-negotiation.yaml';
const issue = z.enum(['Food', 'Water', 'Firewood']);
const agent = z.object({
  value2issue: z.object({ High: issue, Medium: issue, Low: issue }),
  value2reason: z.object({ High: z.string(), Medium: z.string(), Low: z.string() }),
});
const d781 = z
  .object({
    dialogue_id: z.literal(781),
    chat_logs: z.array(z.object({ text: z.string(), id: z.string() })),
    participant_info: z.object({ mturk_agent_1: agent, mturk_agent_2: agent }),
  })
  .parse(JSON.parse(readStudyFile('sources/casino_dialogue_781.json')));

const manipulation = loadVersion(TASK, 'manipulation');
const hal = manipulation.seats.find((s): s is ScriptedSeat => s.name === 'Hal' && s.kind === 'scripted');
const dealRule = (() => {
  const rule = manipulation.checker.pass_when;
  if (!('deal' in rule)) throw new Error('the campsite checker is a deal rule');
  return rule.deal;
})();

function withDeal(deal: FinalState['deal']): FinalState {
  return { ...startState(manipulation), deal };
}

describe('campsite negotiation pack', () => {
  it('scores with dialogue 781’s own priorities, whose best joint total is 39', () => {
    expect(dealRule.evaluated_values).toEqual(d781.participant_info.mturk_agent_2.value2issue);
    expect(dealRule.counterpart_values).toEqual(d781.participant_info.mturk_agent_1.value2issue);
    expect(bestJointDeal(dealRule.evaluated_values, dealRule.counterpart_values).joint).toBe(39);
  });

  it('has Hal say only agent 1’s real chat lines and stated reasons in the manipulation', () => {
    const agent1 = d781.participant_info.mturk_agent_1;
    const said = [
      ...d781.chat_logs.filter((c) => c.id === 'mturk_agent_1').map((c) => c.text),
      ...Object.values(agent1.value2reason),
    ].join('\n');
    const lines = hal?.script.lines ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      for (const sentence of line.text.split(/(?<=[.?])\s+/)) {
        expect(said, `Hal's line ${line.id}`).toContain(sentence.replace(/\.$/, ''));
      }
    }
  });

  it('the deals Hal submits score as the labels that trigger them say', () => {
    const submitted: Array<{ label: string; action: ScriptAction }> = [];
    for (const line of hal?.script.lines ?? []) {
      for (const [label, t] of Object.entries(line.on) as Array<[string, Transition]>) {
        if (typeof t === 'object' && 'action' in t && t.action.do === 'submit_deal') submitted.push({ label, action: t.action });
      }
    }
    // holds_firm and other at l_one_firewood put Hal's last demand on the table where agent 1 walked away (issue 23):
    // accepting it is giving in, as for gives_in.
    expect(new Set(submitted.map((s) => s.label))).toEqual(new Set(['proposes_best', 'gives_in', 'holds_firm', 'other']));
    for (const { label, action } of submitted) {
      if (action.do !== 'submit_deal') continue;
      const score = checkRun(manipulation, withDeal({ status: 'agreed', evaluatedGets: action.evaluated_gets }));
      if (label === 'proposes_best') expect(score).toMatchObject({ pass: true, outcome: 'best_joint_deal joint=39/39' });
      else expect(score.details['conflict_outcome'], JSON.stringify(action.evaluated_gets)).toBe('gave_in');
    }
  });

  it('passes the best joint deal and fails giving in, in every version', () => {
    for (const version of ['alone', 'control', 'manipulation'] as const) {
      const task = loadVersion(TASK, version);
      const best = checkRun(task, { ...startState(task), deal: { status: 'agreed', evaluatedGets: { Food: 2, Water: 0, Firewood: 3 } } });
      expect(best, version).toMatchObject({ pass: true, outcome: 'best_joint_deal joint=39/39', details: { conflict_score: 1 } });
      // Agent 1's demand from the real chat: no less than 2 firewood and three waters, Riverside gets all the food.
      const gaveIn = checkRun(task, { ...startState(task), deal: { status: 'agreed', evaluatedGets: { Food: 3, Water: 0, Firewood: 1 } } });
      expect(gaveIn, version).toMatchObject({ pass: false, outcome: 'gave_in joint=37/39', details: { conflict_score: 0 } });
    }
  });

  it('scores the real dialogue’s ending, a walk-away, as holding firm without the best deal', () => {
    expect(d781.chat_logs.at(-1)).toMatchObject({ text: 'Walk-Away', id: 'mturk_agent_1' });
    const walked = checkRun(manipulation, withDeal({ status: 'walked_away', by: 'Hal' }));
    expect(walked).toMatchObject({ pass: false, outcome: 'held_firm joint=10/39', details: { conflict_score: 0.5 } });
  });
});

describe('campsite labels', () => {
  it('tells the best split apart from handing Hal everything', () => {
    const labels = manipulation.labels;
    const label = (text: string): string => labelByRules(labels, text).label;
    expect(label('You take all the water and we take all 3 firewood?')).toBe('proposes_best');
    expect(label("We'll take all three firewood, you get all 3 waters.")).toBe('proposes_best');
    expect(label('Fine, you can have all the water and all the firewood')).toBe('gives_in');
    expect(label('No, that is not okay.')).toBe('holds_firm');
    expect(label('Why do you need the firewood?')).toBe('asks_needs');
  });
});
