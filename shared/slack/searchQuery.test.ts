import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './searchQuery.js';

const now = new Date('2024-05-10T12:00:00Z');

describe('parseSearchQuery', () => {
  it('reads words, quoted phrases, negations and prefixes', () => {
    const q = parseSearchQuery('deploy "release notes" -staging roll* -"old plan"', now);
    expect(q.terms).toEqual([
      { kind: 'word', text: 'deploy', negated: false, prefix: false },
      { kind: 'phrase', text: 'release notes', negated: false },
      { kind: 'word', text: 'staging', negated: true, prefix: false },
      { kind: 'word', text: 'roll', negated: false, prefix: true },
      { kind: 'phrase', text: 'old plan', negated: true },
    ]);
    expect(q.problems).toEqual([]);
  });

  it('reads in:, from:, to:, has: and is:thread', () => {
    const q = parseSearchQuery('in:#general in:@ada from:@bob to:#ops has:link has:PIN is:thread', now);
    expect(q.in).toEqual([
      { kind: 'channel', name: 'general' },
      { kind: 'user', name: 'ada' },
    ]);
    expect(q.from).toEqual(['bob']);
    expect(q.to).toEqual([{ kind: 'channel', name: 'ops' }]);
    expect(q.has).toEqual(['link', 'pin']);
    expect(q.isThread).toBe(true);
    expect(q.terms).toEqual([]);
  });

  it('turns before/after/on into a half-open day range, after: excluding its own day', () => {
    expect(parseSearchQuery('on:2024-02-29', now).range).toEqual({ fromDay: '2024-02-29', toDay: '2024-03-01' });
    expect(parseSearchQuery('after:2023-12-31 before:2024-01-05', now).range).toEqual({
      fromDay: '2024-01-01',
      toDay: '2024-01-05',
    });
  });

  it('reads during: as a year, a month or the latest such named month', () => {
    expect(parseSearchQuery('during:2023', now).range).toEqual({ fromDay: '2023-01-01', toDay: '2024-01-01' });
    expect(parseSearchQuery('during:2023-12', now).range).toEqual({ fromDay: '2023-12-01', toDay: '2024-01-01' });
    expect(parseSearchQuery('during:march', now).range).toEqual({ fromDay: '2024-03-01', toDay: '2024-04-01' });
    expect(parseSearchQuery('during:Sep', now).range).toEqual({ fromDay: '2023-09-01', toDay: '2023-10-01' });
  });

  it('intersects several date modifiers', () => {
    expect(parseSearchQuery('during:2024 before:2024-02-01', now).range).toEqual({
      fromDay: '2024-01-01',
      toDay: '2024-02-01',
    });
  });

  it('names modifiers it cannot read and keeps the rest of the query', () => {
    const q = parseSearchQuery('on:2024-02-30 during:someday has:gif is:open hello', now);
    expect(q.problems).toHaveLength(4);
    expect(q.range).toEqual({});
    expect(q.terms).toEqual([{ kind: 'word', text: 'hello', negated: false, prefix: false }]);
  });

  it('treats unknown prefixes with a colon as words and ignores a lone dash', () => {
    const q = parseSearchQuery('http://x.org - a', now);
    expect(q.terms.map((t) => t.text)).toEqual(['http://x.org', 'a']);
  });
});
