import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isImportedFinalResults } from './finalResultsGuard.js';
import { importedFinalResultsSchema } from './finalResultsSchema.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../studies/comparison-fixture/final_results.json');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const fixture = (): Json => JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Json;

describe('the fast final_results.json check', () => {
  it('accepts the fixture, as zod does', () => {
    const f = fixture();
    expect(importedFinalResultsSchema.safeParse(f).success).toBe(true);
    expect(isImportedFinalResults(f)).toBe(true);
  });

  // Each change makes zod refuse the file: the fast check must refuse it too (it may never be looser).
  const m = (f: Json) => f.models[0] as string;
  const d = (f: Json) => Object.keys(f.cells[m(f)])[0]!;
  const variants: Record<string, (f: Json) => void> = {
    'a model without its overall entry': (f) => delete f.overall[m(f)],
    'an empty model id': (f) => f.models.push(''),
    'a score above 1': (f) => (f.overall[m(f)].score = 1.2),
    'an interval of one number': (f) => (f.overall[m(f)].ci = [0.1]),
    'a count that is not whole': (f) => (f.overall[m(f)].n_gated = 1.5),
    'a loss below -1': (f) => (f.cells[m(f)][d(f)].teamwork_loss = -2),
    'a scenario without its path': (f) => delete f.cells[m(f)][d(f)].scenarios[0].path,
    'gated as a string': (f) => (f.cells[m(f)][d(f)].scenarios[0].gated = 'yes'),
    'scenarios not a list': (f) => (f.cells[m(f)][d(f)].scenarios = {}),
    'rule missing': (f) => delete f.rule,
    'a refusal without its model': (f) => f.excluded_provider_refusals.push({ dimension: 'x' }),
    'cells of a model not an object': (f) => (f.cells[m(f)] = []),
  };
  for (const [name, change] of Object.entries(variants)) {
    it(`refuses ${name}, as zod does`, () => {
      const f = fixture();
      change(f);
      expect(importedFinalResultsSchema.safeParse(f).success).toBe(false);
      expect(isImportedFinalResults(f)).toBe(false);
    });
  }
});
