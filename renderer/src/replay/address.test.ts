import { describe, expect, it } from 'vitest';
import { parseRoute, formatRoute } from '../state/routes';
import { parseJump, positionOf } from './address';

// A Slack run's rounds start at 0 (the query), so position and round number differ by one.
const slack = [0, 1, 2, 3, 4, 5, 6, 7];
const gappy = [1, 2, 4, 5];

describe('replay address', () => {
  it('round= is a round number, not a position', () => {
    expect(positionOf('6', slack)).toBe(6);
    expect(slack[positionOf('6', slack)]).toBe(6);
    expect(gappy[positionOf('4', gappy)]).toBe(4);
  });

  it('with no round, or one that is no number, starts at the first round', () => {
    expect(positionOf(undefined, slack)).toBe(0);
    expect(positionOf('x', slack)).toBe(0);
  });

  it('a round the run lacks opens the next one, and past the end the last', () => {
    expect(gappy[positionOf('3', gappy)]).toBe(4);
    expect(gappy[positionOf('99', gappy)]).toBe(5);
    expect(positionOf('0', gappy)).toBe(0);
    expect(positionOf('3', [])).toBe(0);
  });

  it('reads round= from a hash and writes it back', () => {
    const route = parseRoute('#/replay?run=f%3Astudies%2Fx.json&round=6&presenter=1');
    expect(route).toEqual({ screen: 'replay', run: 'f:studies/x.json', round: '6', presenter: '1' });
    expect(parseRoute(formatRoute(route!))).toEqual(route);
    expect(parseRoute('#/replay?run=f%3Ax&round=-1')).toBeNull();
  });

  it('the jump box takes a round number', () => {
    expect(parseJump('6', slack)).toEqual({ index: 6 });
    expect(parseJump(' round 4 ', gappy)).toEqual({ index: 2 });
    expect(parseJump('3', gappy)).toEqual({ error: 'There is no round 3; rounds run from 1 to 5.' });
    expect(parseJump('four', gappy)).toEqual({ error: '"four" is not a round number.' });
  });
});
