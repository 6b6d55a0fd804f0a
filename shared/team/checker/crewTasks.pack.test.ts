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

  it('alone, a plain-spoken summary that says what matters passes, and one that leaves it out fails', () => {
    expect(aloneSubmission('distraught-attendant-boarding', "The agent has the bag. Marisol is okay now and at her position.")).toBe(true);
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
