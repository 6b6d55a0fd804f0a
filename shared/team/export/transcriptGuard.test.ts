import { describe, expect, it } from 'vitest';
import { isBenchmarkTranscript } from './transcriptGuard.js';
import { benchmarkTranscriptSchema } from './transcriptSchema.js';

// The scorer skips zod for files the plain check accepts, so the check must never accept what zod refuses.
const valid = () => ({
  evaluated_seat: 'you',
  evaluated_model: 'acme:m',
  seats: [{ name: 'you', kind: 'evaluated', role: 'Developer', extra: 1 }],
  system_prompts: { you: 'brief' },
  messages: [{ round: 0, seat: 'you', text: '', kind: 'submit', to: 'team' }],
  tool_calls: [{ round: 2, name: 'run_tests', input: {}, result_head: '4 passed' }],
  sandbox: { hashes_before: { a: 'x' }, final_files: {} },
  ended: 'submitted',
  rounds_run: 3,
  score: { pass: true, outcome: 'ok', details: { conflict_score: 1 } },
  labels: [],
});

type Json = Record<string, unknown>;
const set = (path: (string | number)[], value: unknown) => (t: Json) => {
  let at: Record<string | number, unknown> = t;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  if (value === undefined) delete at[path.at(-1)!];
  else at[path.at(-1)!] = value;
};
const BAD: unknown[] = [1.5, -1, 2 ** 60, '1', null, true, [], {}, '', 'nope', NaN];
const FIELDS: (string | number)[][] = [
  ['evaluated_seat'],
  ['evaluated_model'],
  ['seats'],
  ['seats', 0],
  ['seats', 0, 'name'],
  ['seats', 0, 'kind'],
  ['seats', 0, 'role'],
  ['system_prompts'],
  ['system_prompts', 'you'],
  ['messages'],
  ['messages', 0],
  ['messages', 0, 'round'],
  ['messages', 0, 'seat'],
  ['messages', 0, 'text'],
  ['messages', 0, 'kind'],
  ['tool_calls'],
  ['tool_calls', 0, 'round'],
  ['tool_calls', 0, 'name'],
  ['tool_calls', 0, 'input'],
  ['tool_calls', 0, 'result_head'],
  ['sandbox'],
  ['sandbox', 'hashes_before'],
  ['sandbox', 'hashes_before', 'a'],
  ['sandbox', 'final_files'],
  ['ended'],
  ['rounds_run'],
  ['score'],
  ['score', 'pass'],
  ['score', 'outcome'],
  ['score', 'details'],
];

describe('isBenchmarkTranscript', () => {
  it('accepts a valid transcript (extra fields allowed, as the loose schema allows)', () => {
    expect(isBenchmarkTranscript(valid())).toBe(true);
    expect(benchmarkTranscriptSchema.safeParse(valid()).success).toBe(true);
  });

  it('never accepts what the zod schema refuses, for every field broken every way', () => {
    let refusedByBoth = 0;
    for (const field of FIELDS) {
      for (const value of [...BAD, undefined]) {
        const t = valid() as Json;
        set(field, value)(t);
        const zod = benchmarkTranscriptSchema.safeParse(JSON.parse(JSON.stringify(t) ?? 'null')).success;
        const guard = isBenchmarkTranscript(JSON.parse(JSON.stringify(t) ?? 'null'));
        if (guard) expect(zod, `${field.join('.')} = ${JSON.stringify(value)}`).toBe(true);
        if (!zod) refusedByBoth++;
      }
    }
    expect(refusedByBoth).toBeGreaterThan(200);
    for (const top of [null, [], 'x', 1]) expect(isBenchmarkTranscript(top)).toBe(false);
  });
});
