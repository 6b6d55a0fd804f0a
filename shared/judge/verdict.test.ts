import { describe, expect, it } from 'vitest';
import { parseAbstention, parseChecklist, parseYesNo } from './verdict.js';

describe('parseYesNo', () => {
  it.each([
    ['YES', true],
    ['no', false],
    ['  Yes.\n', true],
    ['**NO**', false],
    ['`YES`', true],
  ])('reads %j', (reply, expected) => {
    expect(parseYesNo(reply)).toEqual({ ok: true, value: expected });
  });

  it.each(['', 'Maybe', 'YES, mostly', 'The answer is correct: YES', 'YES NO', 'NOPE', 'yes!'])(
    'refuses %j as malformed instead of reading it as NO',
    (reply) => {
      const parsed = parseYesNo(reply);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(/expected exactly YES or NO/);
    },
  );
});

describe('parseAbstention', () => {
  it('reads both decisions', () => {
    expect(parseAbstention('{"abstains": true, "names_reason": false}')).toEqual({
      ok: true,
      value: { abstains: true, namesReason: false },
    });
  });

  it('accepts one json fence around the object', () => {
    const parsed = parseAbstention('```json\n{"abstains": true, "names_reason": true}\n```');
    expect(parsed.ok && parsed.value.namesReason).toBe(true);
  });

  it.each([
    ['YES', /JSON object/],
    ['{"abstains": "yes", "names_reason": true}', /abstains/],
    ['{"abstains": true}', /names_reason/],
    ['{"abstains": true, "names_reason": true, "pass": true}', /malformed/],
    ['Here you go: {"abstains": true, "names_reason": true}', /JSON object/],
  ])('refuses %j', (reply, why) => {
    const parsed = parseAbstention(reply);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(why);
  });
});

describe('parseChecklist', () => {
  it('puts verdicts in checklist order whatever order the judge used', () => {
    const reply = '{"items": [{"item": 3, "met": true}, {"item": 1, "met": false}, {"item": 2, "met": true, "note": "ok"}]}';
    expect(parseChecklist(reply, 3)).toEqual({ ok: true, value: [false, true, true] });
  });

  it.each([
    ['{"items": [{"item": 1, "met": true}]}', /leaves out item 2/],
    ['{"items": [{"item": 1, "met": true}, {"item": 1, "met": false}]}', /item 1 twice/],
    ['{"items": [{"item": 1, "met": true}, {"item": 3, "met": true}]}', /names item 3/],
    ['{"items": [{"item": 1, "met": "YES"}, {"item": 2, "met": true}]}', /met/],
    ['{"verdicts": [true, true]}', /malformed/],
    ['not json', /JSON object/],
  ])('refuses %j', (reply, why) => {
    const parsed = parseChecklist(reply, 2);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(why);
  });
});
