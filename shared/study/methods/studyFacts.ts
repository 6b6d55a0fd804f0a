import { z } from 'zod';
import { orderings } from '../protocol.js';

/**
 * `study.json` in a study bundle: the facts of the study pack a methods paragraph needs and the event logs do not
 * carry (the ordering, the tasks per participant, the rules labeller's accuracy on each task's label test set), as
 * the station read them when it wrote the bundle. A merge keeps every station's entry (equal ones once, their
 * stations joined), so a pack that differed between stations is said, never hidden.
 */
export const STUDY_FACTS_FILE = 'study.json';
export const STUDY_FACTS_FORMAT = 'teamseat/study-facts@1';

const halfSchema = z.object({
  n: z.number().int().min(0),
  correct: z.number().int().min(0),
  accuracy: z.number().nullable(),
});
export type LabelTestHalfFacts = z.infer<typeof halfSchema>;

export const labelTestFactsSchema = z.object({
  task: z.string(),
  /** The set's `written_by`; null when the task has no label test set. */
  written_by: z.string().nullable(),
  held_out: halfSchema.nullable(),
  train: halfSchema.nullable(),
  /** Held-out recall of each label that decides a branch (label id → recall, null when no held-out message has it). */
  deciding_recall: z.record(z.string(), z.number().nullable()),
  validated: z.boolean(),
  reasons: z.array(z.string()),
});
export type LabelTestFacts = z.infer<typeof labelTestFactsSchema>;

export const studyFactsEntrySchema = z.object({
  stations: z.array(z.string()),
  kind: z.enum(['team', 'slack']),
  /** The pack's content hash when the bundle was written (a plan names the hash it was built from). */
  study_version: z.string().nullable(),
  /** The protocol's ordering; null when the study has no protocol (then `note` says why). */
  ordering: z.enum(orderings).nullable(),
  tasks_per_participant: z.number().int().nullable(),
  /** Task (or query) ids the protocol counts; null when it counts all of the pack's. */
  tasks: z.array(z.string()).nullable(),
  versions: z.array(z.string()).nullable(),
  /** One per task of a team pack, in the pack's order; null for a Slack study. */
  label_tests: z.array(labelTestFactsSchema).nullable(),
  note: z.string().nullable(),
});
export type StudyFactsEntry = z.infer<typeof studyFactsEntrySchema>;

export const studyFactsSchema = z.object({
  format: z.literal(STUDY_FACTS_FORMAT),
  entries: z.array(studyFactsEntrySchema),
});
export type StudyFacts = z.infer<typeof studyFactsSchema>;

/** The entries of several bundles' study.json as one: equal entries (stations aside) once, with their stations joined. */
export function mergeStudyFacts(parts: readonly StudyFacts[]): StudyFacts {
  const byBody = new Map<string, StudyFactsEntry>();
  for (const part of parts) {
    for (const e of part.entries) {
      const { stations, ...body } = e;
      const key = JSON.stringify(body);
      const had = byBody.get(key);
      byBody.set(
        key,
        had
          ? { ...had, stations: [...new Set([...had.stations, ...stations])].sort() }
          : { ...e, stations: [...stations].sort() },
      );
    }
  }
  return { format: STUDY_FACTS_FORMAT, entries: [...byBody.values()] };
}
