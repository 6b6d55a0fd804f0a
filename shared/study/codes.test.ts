import { describe, expect, it } from 'vitest';
import {
  isStationId,
  newStationIdFrom,
  parsePastedCodes,
  participantCodeProblem,
  participantCodes,
  participantsSchema,
  slotOfCode,
} from './codes.js';

const generated = (pattern: string | undefined, count: number) => ({
  participants: participantsSchema.parse({ generate: { ...(pattern ? { pattern } : {}), count } }),
});

describe('participant codes', () => {
  it('generates codes that carry the station id, so two stations never both make P01', () => {
    expect(participantCodes(generated(undefined, 3), 'S7K2')).toEqual(['S7K2-P01', 'S7K2-P02', 'S7K2-P03']);
    expect(participantCodes(generated('X{nnn}', 2), 'AB3D')).toEqual(['AB3D-X001', 'AB3D-X002']);
    const a = participantCodes(generated(undefined, 5), 'S7K2');
    const b = participantCodes(generated(undefined, 5), 'Q9WX');
    expect(a.filter((c) => b.includes(c))).toEqual([]);
    expect(slotOfCode(generated(undefined, 5), 'S7K2', 'S7K2-P04')).toBe(3);
    expect(slotOfCode(generated(undefined, 5), 'S7K2', 'Q9WX-P04')).toBeNull();
  });

  it('makes station ids of four unambiguous characters from the caller’s random bytes', () => {
    const id = newStationIdFrom(new Uint8Array([0, 30, 200, 255]));
    expect(isStationId(id)).toBe(true);
    expect(id).not.toMatch(/[01OIL]/);
    expect(() => participantCodes(generated(undefined, 1), 'p01')).toThrow(/station id/);
  });

  it('keeps a pasted list as written, refusing names, addresses and duplicates', () => {
    const list = { participants: participantsSchema.parse({ list: ['5f3a9c1e2b', 'A1B2C3'] }) };
    expect(participantCodes(list, 'S7K2')).toEqual(['5f3a9c1e2b', 'A1B2C3']);
    expect(participantCodeProblem('Alice Smith')).toMatch(/looks like a name/);
    expect(participantCodeProblem('alice')).toMatch(/looks like a name/);
    expect(participantCodeProblem('a@b.org')).toMatch(/e-mail/);
    const dup = participantsSchema.safeParse({ list: ['A1', 'B2', 'A1'] });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues).toEqual([
      expect.objectContaining({ path: ['list', 2], message: 'duplicate code "A1" (also list[0])' }),
    ]);
  });

  it('needs exactly one of generate and list, and one number placeholder', () => {
    expect(participantsSchema.safeParse({}).error?.issues[0]?.message).toMatch(/either `generate/);
    expect(participantsSchema.safeParse({ generate: { count: 2 }, list: ['A1'] }).success).toBe(false);
    expect(
      participantsSchema.safeParse({ generate: { pattern: 'P', count: 2 } }).error?.issues[0]?.message,
    ).toMatch(/placeholder/);
  });

  it('reads pasted codes line by line and names the line of a duplicate or a name', () => {
    const pasted = parsePastedCodes('5f3a9c1e2b\n\n# batch 2\nA1B2C3\nJane Doe\n5f3a9c1e2b\r\n');
    expect(pasted.codes).toEqual(['5f3a9c1e2b', 'A1B2C3']);
    expect(pasted.problems).toEqual([
      { line: 5, message: expect.stringMatching(/"Jane Doe" looks like a name/) },
      { line: 6, message: 'duplicate code "5f3a9c1e2b" (first on line 1)' },
    ]);
  });
});
