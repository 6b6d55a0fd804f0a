/**
 * Checked against the real CaSiNo data: Chawla, Ramirez, Clever, Lucas, May & Gratch, "CaSiNo: A Corpus
 * of Campsite Negotiation Dialogues for Automatic Negotiation Systems", NAACL 2021 (CC BY 4.0; files in
 * testdata/ beside this file, with its PROVENANCE.md and LICENSE).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allSplits,
  bestJointDeal,
  complement,
  conflictOutcomeText,
  conflictVerdict,
  packagesFromCounts,
  pointsFor,
  WALK_AWAY_POINTS,
} from './index.js';
import type { Value2Issue } from './index.js';

const DATA = new URL('./testdata/', import.meta.url);

const issue = z.enum(['Food', 'Water', 'Firewood']);
const participant = z.object({
  value2issue: z.object({ High: issue, Medium: issue, Low: issue }),
  outcomes: z.object({ points_scored: z.number() }),
});
const dialogue = z.object({
  dialogue_id: z.number(),
  chat_logs: z.array(
    z.object({ text: z.string(), id: z.enum(['mturk_agent_1', 'mturk_agent_2']), task_data: z.record(z.string(), z.unknown()) }),
  ),
  participant_info: z.object({ mturk_agent_1: participant, mturk_agent_2: participant }),
});
type Dialogue = z.infer<typeof dialogue>;

function readDialogues(name: string): Dialogue[] {
  const raw: unknown = JSON.parse(fs.readFileSync(new URL(name, DATA), 'utf8'));
  return z.array(dialogue).parse(raw);
}

/** The last submitted deal, from the submitter's side (`issue2youget`). */
function lastSubmittedDeal(d: Dialogue) {
  const submits = d.chat_logs.filter((c) => c.text === 'Submit-Deal');
  const last = submits[submits.length - 1];
  if (!last) return undefined;
  const counts = z.record(z.string(), z.string()).parse(last.task_data['issue2youget']);
  return { submitter: last.id, got: packagesFromCounts(counts) };
}

describe('CaSiNo points', () => {
  const valid = readDialogues('casino_valid.json');

  it('recomputes points_scored for every accepted deal in casino_valid.json', () => {
    const accepted = valid.filter((d) => d.chat_logs.some((c) => c.text === 'Accept-Deal'));
    expect(accepted.length).toBeGreaterThan(20);
    for (const d of accepted) {
      const deal = lastSubmittedDeal(d);
      expect(deal, `dialogue ${d.dialogue_id} has an accepted deal`).toBeDefined();
      if (!deal) continue;
      const other = deal.submitter === 'mturk_agent_1' ? 'mturk_agent_2' : 'mturk_agent_1';
      const info = d.participant_info;
      expect(pointsFor(info[deal.submitter].value2issue, deal.got), `dialogue ${d.dialogue_id}`).toBe(
        info[deal.submitter].outcomes.points_scored,
      );
      expect(pointsFor(info[other].value2issue, complement(deal.got)), `dialogue ${d.dialogue_id}`).toBe(
        info[other].outcomes.points_scored,
      );
    }
  });

  it('enumerates 64 distinct splits', () => {
    const keys = new Set(allSplits().map((s) => `${s.Food}/${s.Water}/${s.Firewood}`));
    expect(keys.size).toBe(64);
  });

  it('no accepted deal in the data beats the computed best joint total', () => {
    for (const d of valid) {
      const deal = lastSubmittedDeal(d);
      if (!deal) continue;
      const a = d.participant_info.mturk_agent_1;
      const b = d.participant_info.mturk_agent_2;
      expect(a.outcomes.points_scored + b.outcomes.points_scored).toBeLessThanOrEqual(
        bestJointDeal(a.value2issue, b.value2issue).joint,
      );
    }
  });
});

describe('dialogue 781', () => {
  const single = dialogue.parse(JSON.parse(fs.readFileSync(new URL('casino_dialogue_781.json', DATA), 'utf8')));
  const a1: Value2Issue = single.participant_info.mturk_agent_1.value2issue;
  const a2: Value2Issue = single.participant_info.mturk_agent_2.value2issue;

  it('has a best joint total of 39, reached only by giving Water to agent 1 and Firewood to agent 2', () => {
    const best = bestJointDeal(a1, a2);
    expect(best.joint).toBe(39);
    expect(best.splits.length).toBe(4); // the Food both sides rank Low can go either way
    for (const s of best.splits) expect([s.a.Water, s.a.Firewood]).toEqual([3, 0]);
  });

  it('records a walk-away worth 5 each', () => {
    expect(single.chat_logs.at(-1)?.text).toBe('Walk-Away');
    expect(single.participant_info.mturk_agent_1.outcomes.points_scored).toBe(WALK_AWAY_POINTS);
  });

  it('scores the conflict outcomes from agent 2’s seat', () => {
    const best = conflictVerdict(a2, a1, { Food: 1, Water: 0, Firewood: 3 });
    expect(best).toMatchObject({ outcome: 'best_joint_deal', score: 1, own: 18, other: 21, joint: 39 });
    expect(conflictOutcomeText(best)).toBe('best_joint_deal joint=39/39');

    // Agent 1's demand in the real chat: "no less than 2 firewood and three waters", agent 2 gets all food.
    const gaveIn = conflictVerdict(a2, a1, { Food: 3, Water: 0, Firewood: 1 });
    expect(gaveIn).toMatchObject({ outcome: 'gave_in', score: 0, own: 14, other: 23 });
    expect(conflictOutcomeText(gaveIn)).toBe('gave_in joint=37/39');

    // Agent 2's own offer in the real chat: all firewood and 1 water to agent 2, the rest to agent 1.
    const firm = conflictVerdict(a2, a1, { Food: 0, Water: 1, Firewood: 3 });
    expect(firm).toMatchObject({ outcome: 'held_firm', score: 0.5, own: 19, other: 19, joint: 38 });

    const walked = conflictVerdict(a2, a1, null);
    expect(walked).toMatchObject({ outcome: 'held_firm', score: 0.5, joint: 10, agreed: false });
  });
});
