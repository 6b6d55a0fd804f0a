import { describe, expect, it } from 'vitest';
import { declaredMadeUp, unquotedNamesAndNumbers } from './unquoted.js';

const none = new Set<string>();

describe('a sourced line names only what its quote names', () => {
  it('finds a number or a name the quote does not have', () => {
    expect(unquotedNamesAndNumbers('The order was 9000 gallons.', 'an order of 8000 gals of jet fuel', none)).toEqual(['9000']);
    expect(unquotedNamesAndNumbers('She told Tom she was tired.', "'B' said that 'C' was tired", none)).toEqual(['Tom']);
  });

  it('reads numbers and names as the records print them', () => {
    expect(unquotedNamesAndNumbers('Maintain 2,000 feet.', 'to maintain 2, 000 feet', none)).toEqual([]);
    expect(unquotedNamesAndNumbers('Both trucks were filled from the main 100LL tank.', 'put it in their 2 100LL AVGAS trucks', none)).toEqual([]);
    expect(unquotedNamesAndNumbers('You depart Phoenix for Pittsburgh.', 'scheduled to depart phoenix to pittsburgh', none)).toEqual([]);
    expect(unquotedNamesAndNumbers('It was deferred on Thursday.', 'previously deferred on 3/thurs/94', none)).toEqual([]);
  });

  it('lets a sentence start with a capital, and allows what the task declares made up', () => {
    expect(unquotedNamesAndNumbers('[center] Descend now. Cross it.', 'descent clearance from center', none)).toEqual([]);
    const madeUp = declaredMadeUp(['Lena', 'Grace'], 'The names; the tail number N19CA.');
    expect(unquotedNamesAndNumbers('Captain, Lena is tired and N19CA is deferred.', "'C' was tired; deferred", madeUp)).toEqual([]);
    expect(unquotedNamesAndNumbers('Captain, Lena is tired and N20CA is deferred.', "'C' was tired; deferred", madeUp)).toEqual(['20', 'N20CA']);
  });
});
