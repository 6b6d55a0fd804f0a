import { z } from 'zod';

/**
 * A negotiation's deal form (issue 23): the participant (or a model in the seat) puts a split on the table, as
 * CaSiNo's own interface does, and the counterpart answers at once — accepts, or rejects and puts its own offer
 * back. The items and each side's values are the checker's `deal` rule's; this says only how the counterpart answers.
 */
export const dealFormSchema = z.strictObject({
  /** The seat that answers offers; default: the `deal` rule's counterpart. */
  counterpart: z.string().min(1).optional(),
  /**
   * The counterpart accepts an offer that gives it at least this many points (by its own values). A best joint deal
   * is always accepted, whatever this says. Default: the fewest points the counterpart gets in a best joint deal.
   */
  accept_at_least: z.number().int().min(0).optional(),
  /** What the counterpart says as it answers (CaSiNo's own action tokens by default). */
  accept_text: z.string().min(1).default('Accept-Deal'),
  /**
   * What people call each side, so a split typed in words can be read (deal/splitInWords.ts): the participant's camp
   * (`our_names`: Riverside) and the counterpart's (`their_names`: Hilltop); pronouns and the counterpart's seat name
   * are known already.
   */
  our_names: z.array(z.string().min(1)).default([]),
  their_names: z.array(z.string().min(1)).default([]),
  reject_text: z.string().min(1).default('Reject-Deal'),
});
export type DealForm = z.output<typeof dealFormSchema>;
