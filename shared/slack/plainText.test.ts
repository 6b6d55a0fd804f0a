import { describe, expect, it } from 'vitest';
import { mrkdwnToPlainText, type NameResolver } from './plainText.js';
import { timeKeyFromTs, dayOfTimeKey } from './timeKey.js';

const names: NameResolver = {
  user: (id) => ({ U1: 'Harry Potter' })[id],
  conversation: (id) => ({ C1: 'general' })[id],
};

describe('mrkdwnToPlainText', () => {
  it('resolves user and channel mentions to names, keeps unknown ids', () => {
    expect(mrkdwnToPlainText('<@U1>: see <#C1> and <@U9>', names)).toBe('@Harry Potter: see #general and @U9');
  });
  it('uses labels for broadcasts, subteams and dates, and keeps both label and address of links', () => {
    const text = '<!here> <!subteam^S1|@oncall> <!date^1392734382^{date}|Feb 18> <https://x.org/a|docs> <https://y.org>';
    expect(mrkdwnToPlainText(text, names)).toBe('@here @oncall Feb 18 docs https://x.org/a https://y.org');
  });
  it('decodes the three escaped entities', () => {
    expect(mrkdwnToPlainText('a &lt;b&gt; &amp;amp;', names)).toBe('a <b> &amp;');
  });
});

describe('timeKeyFromTs', () => {
  it('keeps every microsecond digit that a float would round away', () => {
    expect(timeKeyFromTs('1452837318.000006')).toBe(1452837318000006);
    expect(timeKeyFromTs('1700000000.123450')).toBe(1700000000123450);
    expect(timeKeyFromTs('1700000000.12345')).toBe(1700000000123450);
    expect(timeKeyFromTs('1700000000')).toBe(1700000000000000);
  });
  it('rejects values that are not a Slack ts', () => {
    expect(timeKeyFromTs('abc')).toBeNull();
    expect(timeKeyFromTs('1.2.3')).toBeNull();
  });
  it('names the UTC day of a key', () => {
    expect(dayOfTimeKey(1452837318000006)).toBe('2016-01-15');
  });
});
