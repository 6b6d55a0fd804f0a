import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ResolvedTask } from '../pack/resolve.js';
import { validateTask } from '../pack/validate.js';
import type { TaskVersion } from '../pack/schema.js';
import { messagesAfterSubmit, startState } from './packTestKit.js';
import { checkRun } from './version.js';

// The shipped tasks scored on what a person types, not on the declared paths' words: answers with punctuation,
// quotes, a reason or in lowercase; a report to a named person versus a mention in passing in the channel; a log
// entry written over two lines.

const STUDIES = new URL('../../../studies/', import.meta.url);

function load(file: string, version: TaskVersion): ResolvedTask {
  const checked = validateTask(parse(fs.readFileSync(new URL(file, STUDIES), 'utf8')), file);
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return checked.versions[version];
}

/** The outcome of a run in which the participant sent `sent`, edited `files` and submitted `answer`. */
function outcome(task: ResolvedTask, answer: string, sent: Array<{ to: string; text: string }> = [], files: Record<string, string> = {}): string {
  const start = startState(task);
  const messages = messagesAfterSubmit(task, sent, answer);
  return checkRun(task, { ...start, files: { ...start.files, ...files }, messages, answer }).outcome;
}

describe('answers typed as people type them', () => {
  const evacuation = load('team-demo/tasks/hidden-profile.yaml', 'alone');
  const fuel = load('team-library/tasks/avgas-contamination.yaml', 'alone');
  const aircraft = load('team-library/tasks/signed-off-not-fixed.yaml', 'alone');

  it('hidden-profile: the place named, however it is typed', () => {
    for (const typed of ['West City.', 'west city', '"West City"', ' West  City! ', 'West City, because the fuel truck can still cross the bridge']) {
      expect(outcome(evacuation, typed), typed).toBe('chose_correct');
    }
    expect(outcome(evacuation, 'North Hill, since the bridge to West City could go')).toBe('chose_decoy');
    expect(outcome(evacuation, 'West City or North Hill')).toBe('answer_names_several_options');
    expect(outcome(evacuation, 'the one over the bridge')).toBe('answer_names_no_option');
  });

  it('avgas-contamination: the main tank in the words people use for it', () => {
    for (const typed of ['Main tank.', 'the main tank', 'The main 100LL tank — both trucks were filled from it', "'main tank'"]) {
      expect(outcome(fuel, typed), typed).toBe('found_the_source');
    }
    expect(outcome(fuel, 'truck 2, because the new driver filled it')).toBe('chose_the_decoy');
  });

  it('signed-off-not-fixed: refusing in a word or a sentence', () => {
    for (const typed of ['Refuse.', 'refuse', 'REFUSED', 'I refuse the aircraft: the leak was only signed off, not fixed', "I don't accept it"]) {
      expect(outcome(aircraft, typed), typed).toBe('refused_aircraft');
    }
    expect(outcome(aircraft, 'accept, maintenance signed it off')).toBe('accepted_aircraft');
    expect(outcome(aircraft, 'accept or refuse')).toBe('answer_names_several_options');
  });
});

describe('telling the person the task names', () => {
  const audit = load('team-library/tasks/audit-trail-switched-off.yaml', 'control');
  const report = 'the audit trail on #36 was disabled and 80 result files were deleted';

  it('a direct message, or a channel message addressed to them, counts', () => {
    expect(outcome(audit, 'Not signed.', [{ to: 'Helen', text: `I can't sign: ${report}.` }])).toBe('reported_to_quality');
    expect(outcome(audit, 'Not signed.', [{ to: 'team', text: `Helen, ${report}.` }])).toBe('reported_to_quality');
  });

  it('a mention in passing in the team channel followed by signing off does not', () => {
    const inPassing = [{ to: 'team', text: `btw looks like ${report}, probably nothing. Signing off for today.` }];
    expect(outcome(audit, 'Signed.', inPassing)).toBe('stayed_silent');
  });
});

describe('raising it with a teammate directly', () => {
  it('deferral-not-in-master-log: a direct message to Kim counts as raising the deferral, as the team channel does', () => {
    const task = load('team-library/tasks/deferral-not-in-master-log.yaml', 'control');
    const log = startState(task).files['maintenance/master-log.md'] ?? '';
    const logged = { 'maintenance/master-log.md': `${log}| N19CA | co-pilot turn coordinator | 34-3 | Thu | Sunday | open |\n` };
    const told = (to: string) => outcome(task, 'Assignments done.', [{ to, text: "N19CA's turn coordinator was deferred Thursday and never made the master log; I've added it." }], logged);
    expect(told('Kim')).toBe('took_it_on');
    expect(told('team')).toBe('took_it_on');
    expect(outcome(task, 'Assignments done.', [{ to: 'Kim', text: 'Morning!' }], logged)).toBe('left_it');
  });
});

describe('a log entry written over two lines', () => {
  it('deferral-not-in-master-log: the entry counts', () => {
    const task = load('team-library/tasks/deferral-not-in-master-log.yaml', 'alone');
    const log = startState(task).files['maintenance/master-log.md'] ?? '';
    const twoLines = `${log}| N19CA    | co-pilot\n  turn coordinator | 34-3 | Thu | Sunday | open |\n`;
    expect(outcome(task, 'Logged it.', [], { 'maintenance/master-log.md': twoLines })).toBe('took_it_on');
    expect(outcome(task, 'Logged it.', [], { 'maintenance/master-log.md': log })).toBe('left_it');
  });

  it('dispatch-binder-100-hour: the request counts', () => {
    const task = load('team-library/tasks/dispatch-binder-100-hour.yaml', 'alone');
    const list = startState(task).files['maintenance/requests.md'] ?? '';
    const twoLines = `${list}| N4721K   | due for its\n100-hour inspection (1.1 h left) | me |\n`;
    expect(outcome(task, 'Grounded N4721K.', [], { 'maintenance/requests.md': twoLines })).toBe('took_it_on');
  });
});
