import { describe, expect, it } from 'vitest';
import { isSafeUrl, parseMrkdwn } from './mrkdwn.js';

describe('parseMrkdwn', () => {
  it('reads mentions, broadcasts, user groups and dates', () => {
    expect(parseMrkdwn('<@U1> <#C2|general> <!here> <!subteam^S3|@ops> <!date^1392734382^{date}|Feb 18>')).toEqual([
      { type: 'user', id: 'U1' },
      { type: 'text', text: ' ' },
      { type: 'channel', id: 'C2', label: 'general' },
      { type: 'text', text: ' ' },
      { type: 'broadcast', range: 'here' },
      { type: 'text', text: ' ' },
      { type: 'usergroup', id: 'S3', label: '@ops' },
      { type: 'text', text: ' ' },
      { type: 'date', timestamp: 1392734382, format: '{date}', fallback: 'Feb 18' },
    ]);
  });

  it('reads links and marks javascript: ones unsafe', () => {
    expect(parseMrkdwn('<https://x.org/?a=1&amp;b=2|docs> <javascript:alert(1)|click>')).toEqual([
      { type: 'link', url: 'https://x.org/?a=1&b=2', label: 'docs', safe: true },
      { type: 'text', text: ' ' },
      { type: 'link', url: 'javascript:alert(1)', label: 'click', safe: false },
    ]);
    expect(isSafeUrl('mailto:a@b.org')).toBe(true);
    expect(isSafeUrl('not a url')).toBe(false);
  });

  it('reads emphasis, code, emoji and decodes entities in text, never as markup', () => {
    expect(parseMrkdwn('*bold _it_* ~gone~ `a < b` :tada: &lt;script&gt;')).toEqual([
      { type: 'bold', children: [{ type: 'text', text: 'bold ' }, { type: 'italic', children: [{ type: 'text', text: 'it' }] }] },
      { type: 'text', text: ' ' },
      { type: 'strike', children: [{ type: 'text', text: 'gone' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'a < b' },
      { type: 'text', text: ' ' },
      { type: 'emoji', name: 'tada' },
      { type: 'text', text: ' <script>' },
    ]);
  });

  it('leaves snake_case and lone asterisks as text', () => {
    expect(parseMrkdwn('a_b_c 2 * 3 * 4')).toEqual([{ type: 'text', text: 'a_b_c 2 * 3 * 4' }]);
  });

  it('reads pre blocks and quotes', () => {
    expect(parseMrkdwn('&gt; quoted *x*\nafter\n```\n<@U1> *raw*\n```')).toEqual([
      { type: 'quote', children: [{ type: 'text', text: 'quoted ' }, { type: 'bold', children: [{ type: 'text', text: 'x' }] }] },
      { type: 'text', text: 'after' },
      { type: 'lineBreak' },
      { type: 'pre', text: '<@U1> *raw*' },
    ]);
  });
});
