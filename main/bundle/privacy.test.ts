import { describe, expect, it } from 'vitest';
import { findInText, hitId, redactText, undecided, type PrivacyHit } from './privacy.js';

describe('the free-text scan', () => {
  it('finds e-mails, phone numbers and listed names, and not dates, versions, times or counts', () => {
    const text = 'Mail Jo.Bloggs+x@uni.example.ac.uk, ring (555) 123-4567 or +44 20 7946 0958; alice example said so on 2024-10-17 at 14:30, build 1.2.3, 123456 rows.';
    expect(findInText(text, ['Alice Example', 'Bob'])).toEqual([
      { kind: 'email', text: 'Jo.Bloggs+x@uni.example.ac.uk' },
      { kind: 'phone', text: '(555) 123-4567' },
      { kind: 'phone', text: '+44 20 7946 0958' },
      { kind: 'name', text: 'alice example' },
    ]);
    // A name inside another word is not that name.
    expect(findInText('Bobby and Bobcat', ['Bob'])).toEqual([]);
  });

  it('redacts each redacted hit everywhere (any case, inside JSON too), keeps the kept ones, and names what is undecided', () => {
    const hits: PrivacyHit[] = [
      { id: hitId('email', 'a@b.org'), kind: 'email', text: 'a@b.org', occurrences: 2, places: ['run 1 message 0'] },
      { id: hitId('name', 'Alice'), kind: 'name', text: 'Alice', occurrences: 1, places: ['answers P01 step 3 comment'] },
    ];
    expect(undecided(hits, { [hits[0]!.id]: 'redact' })).toBe('No bundle written: 1 free-text hit(s) need a decision (redact or keep): name "Alice" at answers P01 step 3 comment.');
    const out = redactText(JSON.stringify({ text: 'A@B.org and alice; Alicent' }), hits, { [hits[0]!.id]: 'redact', [hits[1]!.id]: 'keep' });
    expect(JSON.parse(out)).toEqual({ text: '[redacted email] and alice; Alicent' });
  });
});
