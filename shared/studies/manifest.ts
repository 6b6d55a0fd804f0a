import { z } from 'zod';

export const studyKinds = ['team', 'slack', 'labelling'] as const;
export type StudyKind = (typeof studyKinds)[number];

const source = z.object({
  citation: z.string().min(1),
  licence: z.string().min(1),
  url: z.string().optional(),
  /** What in the study is made up. Research material must say so. */
  fictional: z.string().optional(),
});

const base = {
  schema: z.literal('teamseat/study@1', { error: 'expected `schema: teamseat/study@1`' }),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected lowercase letters, digits and dashes'),
  title: z.string().min(1),
  description: z.string().default(''),
  source: source.optional(),
};

/** `study.yaml`, the entry point of every study pack. Per-kind content is validated by that kind's loader. */
export const studyManifestSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('team'), tasks: z.array(z.string().min(1)).min(1) }),
  z.object({ ...base, kind: z.literal('slack'), export: z.string().min(1), queries: z.string().min(1) }),
  z.object({ ...base, kind: z.literal('labelling'), items: z.string().min(1) }),
]);
export type StudyManifest = z.infer<typeof studyManifestSchema>;

export const STUDY_MANIFEST_FILE = 'study.yaml';
