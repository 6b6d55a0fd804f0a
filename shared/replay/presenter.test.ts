import { describe, expect, it } from 'vitest';
import { naming, swappableInText } from './presenter.js';

// The held-firm reel run: the evaluated seat is `you`, and Quinn's key line says "you're right".
const header = {
  seats: [
    { name: 'you', kind: 'evaluated' as const, role: 'Developer' },
    { name: 'Morgan', kind: 'scripted' as const, role: 'Tech lead' },
    { name: 'Quinn', kind: 'partner' as const, role: 'QA engineer' },
    { name: 'Sam Lee', kind: 'partner' as const, role: 'designer' },
    { name: 'CI', kind: 'environment' as const, role: 'Continuous integration' },
  ],
  evaluatedModel: 'human:reel-pass',
  evaluatedSeat: 'you',
};

describe('names → roles', () => {
  const n = naming(header, { presenter: true, roles: true });

  it('swaps every seat name in seat labels, "you" included', () => {
    expect(n.seat('you')).toBe('[Developer]');
    expect(n.seat('Quinn')).toBe('[QA engineer]');
    expect(n.seat('CI')).toBe('[Continuous integration]');
  });

  it('never swaps a common word inside a message: you, you\'re, your, You', () => {
    const line = "Checking… you're right: your test is wrong. You should tell Quinn; you did.";
    expect(n.text(line)).toBe("Checking… you're right: your test is wrong. You should tell [QA engineer]; you did.");
    expect(n.text('Thank you')).toBe('Thank you');
  });

  it('swaps whole names only, at word boundaries, the longest first', () => {
    expect(n.text("Quinn's review, Quinnton, MorganQuinn, Sam Lee and Sam.")).toBe("[QA engineer]'s review, Quinnton, MorganQuinn, [designer] and Sam.");
    expect(n.text('(Morgan)')).toBe('([Tech lead])');
    expect(n.text('morgan')).toBe('morgan');
  });

  it('hides a participant code in text even when it is written in lower case', () => {
    expect(n.text('reel-pass wrote this')).toBe('[participant] wrote this');
    expect(n.model).toBe('a person');
  });

  it('takes as names only what is written as a name', () => {
    expect(swappableInText('you')).toBe(false);
    expect(swappableInText('You')).toBe(false);
    expect(swappableInText('lead')).toBe(false);
    expect(swappableInText('Quinn')).toBe(true);
    expect(swappableInText('P07')).toBe(true);
    expect(swappableInText('7of9')).toBe(true);
  });
});
