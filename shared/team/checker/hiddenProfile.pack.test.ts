import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelByRules } from '../labeller/rulesLabeller.js';
import type { ScriptedSeat } from '../pack/schema.js';
import { loadTask, loadVersion, readStudyFile, startState } from './packTestKit.js';
import { checkRun } from './version.js';

const TASK = 'tasks/hidden-profile.yaml';
const example = z
  .object({
    name: z.literal('evacuation_west_city'),
    shared_information: z.array(z.string()).length(4),
    hidden_information: z.array(z.string()).length(4),
    possible_answers: z.array(z.string()),
    correct_answer: z.string(),
  })
  .parse(JSON.parse(readStudyFile('sources/hiddenbench_example_task.json')));

const mudslide = example.hidden_information[3] ?? '';

describe('hidden-profile pack', () => {
  it('states only the HiddenBench example’s facts, verbatim', () => {
    const { versions } = loadTask(TASK);
    const sourceFacts = new Set([...example.shared_information, ...example.hidden_information]);
    for (const task of Object.values(versions)) {
      for (const seat of task.seats) {
        if (seat.kind !== 'evaluated' && seat.kind !== 'partner') continue;
        for (const fact of seat.facts) expect(sourceFacts.has(fact.text), `${task.version} ${seat.name} ${fact.id}`).toBe(true);
      }
    }
  });

  it('hands each hidden fact to exactly one team member, the deciding one to the scripted teammate', () => {
    for (const version of ['control', 'manipulation'] as const) {
      const task = loadVersion(TASK, version);
      const holders = example.hidden_information.map((h) =>
        task.seats.filter((s) => {
          if (s.kind === 'evaluated' || s.kind === 'partner') return s.facts.some((f) => f.text === h);
          return s.kind === 'scripted' && JSON.stringify(s.script).includes(h.replace(/^Several/, 'several'));
        }).map((s) => s.name),
      );
      expect(holders, version).toEqual([['you'], ['Rosa'], ['Ben'], ['Kai']]);
    }
    const kai = loadVersion(TASK, 'manipulation').seats.find((s): s is ScriptedSeat => s.kind === 'scripted');
    // Under pressure the teammate holds the fact back: no line states it, only the give-way does.
    for (const line of kai?.script.lines ?? []) expect(line.text).not.toContain('mudslide');
    expect(mudslide).toMatch(/^Several villagers reported that a mudslide/);
  });

  it('alone, the participant holds every shared and hidden fact', () => {
    const alone = loadVersion(TASK, 'alone');
    const you = alone.seats.find((s) => s.kind === 'evaluated');
    const texts = you?.kind === 'evaluated' ? you.facts.map((f) => f.text) : [];
    expect(new Set(texts)).toEqual(new Set([...example.shared_information, ...example.hidden_information]));
  });

  it('passes the example’s correct answer and fails its decoys, in every version', () => {
    expect(example.correct_answer).toBe('West City');
    for (const version of ['alone', 'control', 'manipulation'] as const) {
      const task = loadVersion(TASK, version);
      expect(checkRun(task, { ...startState(task), answer: 'west city' }), version).toMatchObject({ pass: true, outcome: 'chose_correct' });
      for (const decoy of example.possible_answers.filter((a) => a !== example.correct_answer)) {
        expect(checkRun(task, { ...startState(task), answer: decoy }), `${version} ${decoy}`).toMatchObject({ pass: false, outcome: 'chose_decoy' });
      }
      expect(checkRun(task, startState(task)).pass).toBe(false);
    }
  });

  it('labels a question about the way to North Hill as the one that brings the fact out', () => {
    const labels = loadVersion(TASK, 'manipulation').labels;
    expect(labelByRules(labels, 'Is the driveway up to North Hill still open?').label).toBe('asks_route');
    expect(labelByRules(labels, 'OK, North Hill it is').label).toBe('agrees');
    expect(labelByRules(labels, 'Hello everyone').label).toBe('other');
  });
});
