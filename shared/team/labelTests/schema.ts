import { z } from 'zod';
import { idSchema, recipientSchema } from '../pack/scriptSchema.js';

/**
 * One participant message of a label test set, with the label a careful reader gives it. `after` names the scripted
 * line the message answers (it is put last in the history the labeller sees); `to` is where it was sent (the team
 * channel when absent); `kind` says what the writer meant it to test (paraphrase, dismissive, typo…), for reading.
 */
export const labelTestMessageSchema = z.strictObject({
  text: z.string().min(1, 'expected the message text'),
  label: idSchema,
  after: idSchema.optional(),
  to: recipientSchema.optional(),
  kind: z.string().min(1).optional(),
});
export type LabelTestMessage = z.output<typeof labelTestMessageSchema>;

const half = (which: string) =>
  z
    .array(labelTestMessageSchema, {
      error: (issue) => (issue.input === undefined ? `missing: a label test set has two halves, held_out and train; ${which} is absent` : undefined),
    })
    .min(1, `an empty ${which} half: write at least one message`);

/**
 * `label-tests/<task id>.yaml` in a team pack (studies/FORMAT-team.md, "Label test sets"). `held_out` is written first
 * and never used to tune rules; accuracy is reported on it. `train` is the half rules may be tuned on.
 */
export const labelTestSetSchema = z
  .strictObject({
    task: z.string().min(1),
    /** Who wrote the messages and their labels (never the author of the rules). */
    written_by: z.string().min(1),
    held_out: half('held_out'),
    train: half('train'),
    /**
     * Training messages written later, each batch by its own writer (also never the rules' author): more messages to
     * tune on without touching the held-out half. Read as part of `train`; the batches stay apart in the file so
     * who wrote what can be read.
     */
    train_more: z.array(z.strictObject({ written_by: z.string().min(1), messages: z.array(labelTestMessageSchema).min(1, 'an empty batch: write at least one message') })).default([]),
  })
  .transform((s) => ({ ...s, train: [...s.train, ...s.train_more.flatMap((b) => b.messages)] }));
export type LabelTestSet = z.output<typeof labelTestSetSchema>;

/** Who wrote a set: the writer of both halves, then each later training batch's. */
export function writersOf(set: LabelTestSet): string {
  return [set.written_by, ...set.train_more.map((b) => `train_more: ${b.written_by}`)].join('; ');
}

export const labelTestHalves = ['held_out', 'train'] as const;
export type LabelTestHalf = (typeof labelTestHalves)[number];

/** Where a team pack keeps a task's label test set, relative to the pack folder. */
export const LABEL_TESTS_DIR = 'label-tests';
export const labelTestFileOf = (taskId: string): string => `${LABEL_TESTS_DIR}/${taskId}.yaml`;
