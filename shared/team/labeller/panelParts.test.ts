import { describe, expect, it } from 'vitest';
import { giveWayRule, needsThird } from './giveWay.js';
import { parseLabelReply } from './labelReply.js';
import { DEFAULT_LABEL_TEMPLATE, defaultLabelTemplate, parsePromptTemplate, promptLine } from './promptTemplate.js';
import { judgePanelSchema } from './panelSchema.js';

const ids = ['complies', 'challenges', 'hedges', 'other'];

describe('strict label replies', () => {
  it.each([['complies'], ['  "complies" '], ['`complies`.'], ['**Complies**']])('reads %j as complies', (reply) => {
    expect(parseLabelReply(reply, ids)).toEqual({ ok: true, label: 'complies' });
  });
  it.each([
    ['', /empty/],
    ['complies or hedges', /more than one label/],
    ['The message complies.', /not just the label/],
    ['agrees', /not one of the labels/],
  ])('refuses %j', (reply, reason) => {
    const r = parseLabelReply(reply, ids);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('give-way rule', () => {
  it('covers every pattern of three raters', () => {
    expect(giveWayRule({ referee: 'a', second: 'a' })).toEqual({ settled: true, label: 'a', rule: 'referee+second' });
    expect(giveWayRule({ referee: 'a', second: 'b', third: 'a' })).toEqual({ settled: true, label: 'a', rule: 'third+referee' });
    expect(giveWayRule({ referee: 'a', second: 'b', third: 'b' })).toEqual({ settled: true, label: 'b', rule: 'third+second' });
    expect(giveWayRule({ referee: 'a', second: 'b', third: 'c' })).toEqual({ settled: false, rule: 'fallback' });
    expect(giveWayRule({ referee: 'a', second: 'b', third: null })).toEqual({ settled: false, rule: 'fallback' });
    expect(giveWayRule({ referee: null, second: null, third: 'a' })).toEqual({ settled: false, rule: 'fallback' });
    expect(giveWayRule({ referee: null, second: 'a', third: 'a' })).toEqual({ settled: true, label: 'a', rule: 'third+second' });
    expect(needsThird({ referee: 'a', second: 'a' })).toBe(false);
    expect(needsThird({ referee: null, second: null })).toBe(true);
  });
});

describe('prompt template', () => {
  it('names the file and line of an unknown placeholder', () => {
    const r = parsePromptTemplate('Label this.\n{{message}}\nContext: {{task}} and {{ labels }}', 'my-study/judge.txt');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ file: 'my-study/judge.txt', line: 3, message: expect.stringContaining('{{task}}') })]);
  });
  it('refuses a template that never shows the message', () => {
    expect(parsePromptTemplate('{{labels}}', 'x.txt').ok).toBe(false);
  });
  it('hashes the text with LF line ends and never calls ours the benchmark prompt', () => {
    const a = parsePromptTemplate('{{message}}\r\n{{labels}}', 'a.txt');
    const b = parsePromptTemplate('{{message}}\n{{labels}}', 'b.txt');
    expect(a.ok && b.ok && a.template.hash === b.template.hash).toBe(true);
    expect(parsePromptTemplate(DEFAULT_LABEL_TEMPLATE, 'd').ok).toBe(true);
    expect(promptLine(defaultLabelTemplate)).toMatch(/Teamseat's default prompt \(not the benchmark's\), sha256 [0-9a-f]{64}/);
  });
});

describe('labeller: section', () => {
  it('defaults the key, timeout and fallback, and refuses a non-http URL', () => {
    const rater = { base_url: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:0.5b' };
    const ok = judgePanelSchema.parse({ referee: rater, second: rater, third: { ...rater, key: 'none' } });
    expect(ok).toMatchObject({ fallback: 'rules', referee: { key: 'default', timeout_ms: 20_000 }, third: { key: 'none' } });
    expect(judgePanelSchema.safeParse({ referee: { ...rater, base_url: 'file:///x' }, second: rater, third: rater }).success).toBe(false);
  });
});
