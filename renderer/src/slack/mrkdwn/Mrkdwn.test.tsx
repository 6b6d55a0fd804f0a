// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { Mrkdwn, type MrkdwnNames } from './Mrkdwn';

afterEach(cleanup);

const names: MrkdwnNames = {
  user: (id) => ({ U1: 'Aiko Tanaka' })[id],
  channel: (id) => ({ C1: 'calibration' })[id],
};

const show = (text: string, extra: Partial<Parameters<typeof Mrkdwn>[0]> = {}) =>
  render(
    <div data-testid="m">
      <Mrkdwn text={text} names={names} {...extra} />
    </div>,
  ).getByTestId('m');

describe('Mrkdwn', () => {
  it('keeps <script> and HTML in text as text: no element is created from message text', () => {
    const el = show('<script>alert(1)</script> &lt;img src=x onerror=alert(2)&gt; <b>bold</b>');
    expect(el.querySelector('script, img, b')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(2)>');
  });

  it('renders javascript: and data: links inert, as text without an href', () => {
    const el = show('<javascript:alert(1)|click me> and <data:text/html,hi|data>');
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toBe('click me and data');
  });

  it('opens http(s) and mailto links outside the app, never with the opener', () => {
    const el = show('<https://example.org/a?b=1&amp;c=2|docs> <mailto:a@b.org>');
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/a?b=1&c=2', 'mailto:a@b.org']);
    expect(links.every((a) => a.target === '_blank' && a.rel === 'noreferrer')).toBe(true);
    expect(links[0]?.textContent).toBe('docs');
  });

  it('opens links into the study repository inside the app', () => {
    const open = vi.fn();
    const el = show('see <https://git.example.org/commit/abc|abc>', {
      inAppLink: (url) => (url.includes('/commit/') ? () => open(url) : undefined),
    });
    fireEvent.click(el.querySelector('a')!);
    expect(open).toHaveBeenCalledWith('https://git.example.org/commit/abc');
  });

  it('resolves mentions by the lookup and shows unknown ids as the id', () => {
    const onUser = vi.fn();
    const el = show('<@U1> asked <@U999> in <#C1> and <#C9|old-name> <!here> <!subteam^S1|@ops>', { onUser });
    expect(el.textContent).toBe('@Aiko Tanaka asked @U999 in #calibration and #old-name @here @ops');
    fireEvent.click(el.querySelector('[data-user="U1"]')!);
    expect(onUser.mock.calls[0]?.[0]).toBe('U1');
  });

  it('shows a date by its fallback text', () => {
    const el = show('due <!date^1392734382^{date}|Feb 18th, 2014>');
    const time = el.querySelector('time')!;
    expect(time.textContent).toBe('Feb 18th, 2014');
    expect(time.getAttribute('datetime')).toBe('2014-02-18T14:39:42.000Z');
  });

  it('renders emphasis, code, quotes and emoji, with unknown emoji as their name', () => {
    const el = show('&gt; quoted\n*bold* _it_ ~gone~ `a <b> c` :tada: :custom-thing:\n```\n*raw* <@U1>\n```');
    expect(el.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(el.querySelector('strong')?.textContent).toBe('bold');
    expect(el.querySelector('em')?.textContent).toBe('it');
    expect(el.querySelector('s')?.textContent).toBe('gone');
    expect(el.querySelector('code')?.textContent).toBe('a <b> c');
    expect(el.querySelector('[role="img"]')?.textContent).toBe('🎉');
    expect(el.textContent).toContain(':custom-thing:');
    expect(el.querySelector('pre')?.textContent).toBe('*raw* <@U1>');
  });
});
