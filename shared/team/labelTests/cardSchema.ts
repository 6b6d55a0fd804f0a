import { z } from 'zod';
import type { RulesStatus } from './rulesStatus.js';

const half = z.strictObject({ n: z.number(), correct: z.number(), accuracy: z.number().nullable() });

/** The task card's account of its rules labeller on the label test set (aggregates only: no held-out text). */
export const cardLabelTestsSchema = z.strictObject({
  validated: z.boolean(),
  /** Why not validated; empty when validated. */
  reasons: z.array(z.string()),
  writtenBy: z.string().nullable(),
  deciding: z.array(z.string()),
  /** Each give-way label's held-out recall and precision, and whether both clear the bar. */
  giveWay: z.array(z.strictObject({ label: z.string(), recall: z.number().nullable(), precision: z.number().nullable(), reliable: z.boolean() })),
  heldOut: half
    .extend({
      perLabel: z.array(z.strictObject({ label: z.string(), support: z.number(), recall: z.number().nullable(), precision: z.number().nullable() })),
      labels: z.array(z.string()),
      confusion: z.array(z.array(z.number())),
    })
    .nullable(),
  train: half.nullable(),
});
export type CardLabelTests = z.infer<typeof cardLabelTestsSchema>;

export function cardLabelTestsOf(s: RulesStatus): CardLabelTests {
  const h = s.measure?.held_out;
  const t = s.measure?.train;
  return {
    validated: s.validated,
    reasons: s.reasons,
    writtenBy: s.writtenBy,
    deciding: s.deciding,
    giveWay: s.giveWay.map((g) => ({ ...g })),
    heldOut: h
      ? {
          n: h.n,
          correct: h.correct,
          accuracy: h.accuracy,
          perLabel: h.perLabel.map((p) => ({ label: p.label, support: p.support, recall: p.recall, precision: p.precision })),
          labels: h.labels,
          confusion: h.confusion,
        }
      : null,
    train: t ? { n: t.n, correct: t.correct, accuracy: t.accuracy } : null,
  };
}
