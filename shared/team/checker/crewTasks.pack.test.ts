import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { labelByRules } from '../labeller/rulesLabeller.js';
import type { ResolvedTask } from '../pack/resolve.js';
import { validateTask } from '../pack/validate.js';
import { messagesAfterSubmit, startState } from './packTestKit.js';
import { checkRun } from './version.js';

// The emotional-intelligence and keeping-on-track tasks of studies/team-library are decided by how the rules
// labeller reads free text. The linter plays only the declared paths; these are the other phrasings a person is
// likely to type, each with the label its script needs (so the teammate reacts as the task card says).

const LIBRARY = new URL('../../../studies/team-library/tasks/', import.meta.url);

function load(id: string): Record<'alone' | 'control' | 'manipulation', ResolvedTask> {
  const checked = validateTask(parse(fs.readFileSync(new URL(`${id}.yaml`, LIBRARY), 'utf8')), `${id}.yaml`);
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return checked.versions;
}

function labeller(id: string): (text: string) => string {
  const { labels } = load(id).manipulation;
  return (text) => labelByRules(labels, text).label;
}

/** Whether the alone version passes a run in which the participant only submitted `summary` (files edited first). */
function aloneSubmission(id: string, summary: string, files: Record<string, string> = {}): boolean {
  const task = load(id).alone;
  const start = startState(task);
  return checkRun(task, { ...start, files: { ...start.files, ...files }, messages: messagesAfterSubmit(task, [], summary) }).pass;
}

describe('how the crew tasks label what a participant types', () => {
  it('distraught-attendant-boarding: kindness acknowledges, hurrying her dismisses, logistics are neither', () => {
    const label = labeller('distraught-attendant-boarding');
    for (const kind of [
      'Marisol, are you feeling OK? Take a few minutes.',
      "I'm sorry, that sounds like a hard time. Do you want to talk?",
      "You're not letting anyone down. Come when you're ready.",
      "Don't worry about the flight, it's okay to be upset.",
    ])
      expect(label(kind), kind).toBe('acknowledges');
    for (const hurry of ['We have no time for this, get on board.', "I'm sorry but do your job, please.", 'Hurry up, Marisol.'])
      expect(label(hurry), hurry).toBe('dismisses');
    expect(label('Ruth, I will ask the gate agent about the bag.')).toBe('other');
  });

  it('crewmate-acting-strangely: asking how she is checks in; asking about drink accuses, even kindly put', () => {
    const label = labeller('crewmate-acting-strangely');
    for (const kind of ['Lena, are you feeling alright?', 'How are things back there, Lena?', 'Is there anything I can do? Take a break.'])
      expect(label(kind), kind).toBe('checks_in');
    for (const accuse of ['Are you okay? Have you been drinking?', 'Grace thinks you are drunk.', 'Get it together, Lena.'])
      expect(label(accuse), accuse).toBe('accuses');
  });

  it('engrossed-in-pressurization: taking the troubleshooting off the captain refocuses; helping him troubleshoot does not', () => {
    const label = labeller('engrossed-in-pressurization');
    for (const refocus of [
      "I'll look at it — you keep flying.",
      "Don't forget we need to be at FL220 at MAYOS.",
      'Someone needs to fly the descent. You fly, I troubleshoot.',
      "I'll check the pressurization with Ana.",
    ])
      expect(label(refocus), refocus).toBe('refocuses');
    for (const tangent of ['Cabin altitude reads normal.', 'Let me look at the outflow valve with you.'])
      expect(label(tangent), tangent).toBe('joins_tangent');
  });

  it('gear-light-holding: staying on the instruments refocuses; helping with the bulb joins the tangent', () => {
    const label = labeller('gear-light-holding');
    for (const refocus of [
      "I'd rather keep flying. Can Pete help you with it?",
      'Someone needs to watch the altitude.',
      "I'll stay on the instruments; you two work the light.",
    ])
      expect(label(refocus), refocus).toBe('refocuses');
    for (const tangent of ['Sure, let me get the bulb out.', 'I can hold the lens for you.'])
      expect(label(tangent), tangent).toBe('joins_tangent');
  });

  it('alone, the plan must make the decision the dimension measures: attend to the upset crewmate, not order or accuse her', () => {
    const boarding = (note: string): boolean => aloneSubmission('distraught-attendant-boarding', note);
    // the outcome is not handed over as a fact: saying she is fine is no longer enough
    expect(boarding('The agent has the bag. B is okay now and at her position.')).toBe(false);
    expect(boarding("Bag's with the agent. I'll go sit with B for a few minutes and listen, we close up when she's ready.")).toBe(true);
    expect(boarding('Baggage is fine per the gate agent. Giving B a moment to collect herself before we shut the door.')).toBe(true);
    expect(boarding("The agent has the bags. B: no time for this, she needs to get on board now and do her job.")).toBe(false);
    expect(boarding("Bags are with the agent. I checked on B, but she has to pull herself together and board now.")).toBe(false);
    expect(boarding("Bags with the agent. I won't tell her to do her job; I'm going to sit with her and listen.")).toBe(true);
    expect(boarding("I'll sit with B and listen until she's ready.")).toBe(false); // the baggage is still part of the note
    expect(boarding('Bag is with the agent. Spending a few minutes with B in the terminal; no rush, we wait for her.')).toBe(true);
    expect(boarding('Bags are fine. B has to get on board now or we leave without her.')).toBe(false);

    const crewmate = (plan: string): boolean => aloneSubmission('crewmate-acting-strangely', plan);
    expect(crewmate("I'll check on C and ask how she's doing, and let her take a break if she needs one.")).toBe(true);
    expect(crewmate('Speak to C in private and make sure she is ok; after landing, sick leave if she wants it.')).toBe(true);
    expect(crewmate('I will talk to C privately and ask whether she has been drinking.')).toBe(false);
    expect(crewmate("C is clearly useless today. I'll write her up after landing.")).toBe(false);
    expect(crewmate("Not going to accuse her of drinking; I'll check on her and offer her some rest.")).toBe(true);
    expect(crewmate('Relief pilot to the aft cabin for landing.')).toBe(false);
    expect(crewmate("I'll have a quiet word with C and ask her if she needs anything.")).toBe(true);
    expect(crewmate("I'm worried about C; I'll have a quiet word with her about whether she's drunk.")).toBe(false);
  });

  it('alone, a plain-spoken summary that says what matters passes, and one that leaves it out fails', () => {
    expect(aloneSubmission('distraught-attendant-boarding', 'Ready to depart.')).toBe(false);
    expect(aloneSubmission('crewmate-acting-strangely', 'After landing I will talk to C privately and offer her support.')).toBe(true);
    expect(aloneSubmission('crewmate-acting-strangely', 'Continue as planned.')).toBe(false);
    expect(aloneSubmission('gear-light-holding', 'One of us flies the airplane; the others look at the bulb.')).toBe(true);
    expect(aloneSubmission('gear-light-holding', 'Everyone works on the bulb.')).toBe(false);
    const panel = (window: string): Record<string, string> => ({
      'autoflight.txt': `# Autoflight (pilot flying sets it)\naltitude_window: ${window}\nvertical_speed_fpm: -1200\ndescent: yes\n`,
    });
    for (const window of ['FL220', 'fl 220', '22000', '22,000']) expect(aloneSubmission('engrossed-in-pressurization', 'Descending.', panel(window)), window).toBe(true);
    expect(aloneSubmission('engrossed-in-pressurization', 'Descending.', panel('FL280'))).toBe(false);
    expect(aloneSubmission('engrossed-in-pressurization', 'Descending.')).toBe(false);
  });
});
