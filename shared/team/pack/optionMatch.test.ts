import { describe, expect, it } from 'vitest';
import type { AnswerOption } from './checkerSchema.js';
import { matchOption, normaliseAnswer } from './optionMatch.js';

const places: AnswerOption[] = ['West City', 'East Town', 'North Hill'];
const tanks: AnswerOption[] = [
  'Truck 1',
  'Truck 2',
  { value: 'Main tank', also: ['the main tank', 'main 100LL tank', 'storage tank', 'main'] },
];
const decision: AnswerOption[] = [
  { value: 'refuse', also: ['refused', 'refusing', 'reject', 'decline', 'not accept', "don't accept", 'do not accept', "won't accept", 'refuse to accept'] },
  { value: 'accept', also: ['accepted', 'accepting'] },
];
const option = (answer: string, options: AnswerOption[]): string | null => matchOption(answer, options).option;

describe('matchOption: answers as people type them', () => {
  it('reads the option through case, whitespace, punctuation and quotes around it', () => {
    for (const typed of ['West City', 'West City.', 'west city', '  WEST   CITY!', '"West City"', '“West City”', "'west city'.", '**West City**', '(West City)']) {
      expect(option(typed, places), typed).toBe('West City');
    }
    expect(normaliseAnswer('  “Main   Tank.” ')).toBe('main tank');
  });

  it('counts the option an answer with a reason names, even when the reason names another', () => {
    expect(option('West City, because the fuel truck can still cross the bridge', places)).toBe('West City');
    expect(option('west city because east town’s tunnel is flooded', places)).toBe('West City');
    expect(option('I think we should go to West City. The North Hill driveway is blocked.', places)).toBe('West City');
    expect(option('West City — the tunnel to East Town is closed', places)).toBe('West City');
    expect(option('Main tank (both trucks were filled from it)', tanks)).toBe('Main tank');
    expect(option('the main tank, since truck 1 and truck 2 were both loaded from it', tanks)).toBe('Main tank');
  });

  it('counts the decoy with a reason as the decoy', () => {
    expect(option('North Hill, since the bridge to West City might wash out', places)).toBe('North Hill');
    expect(option('Truck 2 because it was the last one to fuel the Cessnas', tanks)).toBe('Truck 2');
    expect(option('accept — Lee signed it off', decision)).toBe('accept');
  });

  it('does not count an option the answer turns down', () => {
    expect(option('Not East Town — West City', places)).toBe('West City');
    expect(option('West City, not North Hill', places)).toBe('West City');
    expect(option("I don't accept the aircraft", decision)).toBe('refuse');
    expect(option('I refuse to accept this aircraft until the leak is fixed', decision)).toBe('refuse');
    expect(option('Refused.', decision)).toBe('refuse');
  });

  it('is no match when two different options are named, or none, and says which', () => {
    expect(matchOption('West City or East Town', places)).toEqual({ option: null, named: ['West City', 'East Town'], why: 'names 2 different options (West City, East Town)' });
    expect(matchOption('West City and North Hill both work', places).option).toBeNull();
    expect(matchOption('the one over the bridge', places)).toEqual({ option: null, named: [], why: 'names none of the options' });
    expect(matchOption('', places).option).toBeNull();
    // "main" inside "maintenance" is not the word "main".
    expect(option('ask maintenance', tanks)).toBeNull();
  });

  it('is not fooled by a few words between "not" and something else', () => {
    expect(option("I'm not sure but West City", places)).toBe('West City');
    expect(option("not 100% certain, but truck 2", tanks)).toBe('Truck 2');
  });
});
