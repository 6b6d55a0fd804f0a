import { exclusionReasons } from '../../shared/study/model.js';
import { z } from 'zod';

/** manifest.json at the root of a study bundle: what it holds and where it came from (README.md in the bundle). */
export const BUNDLE_FORMAT = 'teamseat/study-bundle@1';

export const bundleManifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  app_version: z.string().min(1),
  study_id: z.string().min(1),
  study_key: z.string().min(1),
  /** Station ids the runs were recorded on (one for a station's bundle; several after a merge). */
  stations: z.array(z.string().min(1)).min(1),
  created_at: z.iso.datetime(),
  design: z.enum(['within', 'between']),
  /** First and last event time over every session in the bundle; null when it has none. */
  time_range: z.object({ first: z.string(), last: z.string() }).nullable(),
  /** Every study version (pack content hash) runs were played in, with those runs. Pilots no plan links have none. */
  study_versions: z.array(
    z.object({ hash: z.string().min(1), runs: z.array(z.string()), participants: z.array(z.string()) }),
  ),
  counts: z.object({
    participants: z.number().int().min(0),
    sessions: z.number().int().min(0),
    runs_counted: z.number().int().min(0),
    runs_excluded: z.number().int().min(0),
    slack_trials: z.number().int().min(0),
    labels: z.number().int().min(0),
    answers: z.number().int().min(0),
    events: z.number().int().min(0),
  }),
  /** Each free-text hit and what was decided: a kept hit names its text, a redacted one only a hash of it. */
  privacy: z.object({
    names_listed: z.number().int().min(0),
    hits: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['email', 'phone', 'name', 'path', 'platform_id']),
        decision: z.enum(['redact', 'keep']),
        occurrences: z.number().int(),
        text: z.string().nullable(),
      }),
    ),
  }),
  /** Bundles merged into this one (file names and their study versions); empty for a station's own bundle. */
  merged_from: z.array(
    z.object({ file: z.string(), stations: z.array(z.string()), study_versions: z.array(z.string()) }),
  ),
  files: z.array(
    z.object({
      path: z.string(),
      sha256: z.string().regex(/^[a-f0-9]{64}$/),
      bytes: z.number().int().min(0),
    }),
  ),
});
export type BundleManifest = z.infer<typeof bundleManifestSchema>;

/** runs.json: one record per run (the machine-readable twin of tables/runs.csv). */
export const bundleRunSchema = z.object({
  run_id: z.string().min(1),
  seat: z.enum(['team', 'slack']),
  participant: z.string(),
  participant_id: z.string().nullable(),
  cell: z.string().nullable(),
  attempt: z.number().int().min(1).nullable(),
  practice: z.boolean(),
  counted: z.boolean(),
  exclusion: z.enum(exclusionReasons).nullable(),
  study_version: z.string().nullable(),
  task: z.string(),
  version: z.string().nullable(),
  seed: z.number().int().nullable(),
  started_at: z.string(),
  ended_how: z.string().nullable(),
  files: z.array(z.string()),
  /** The station the run was recorded on (added by the writer). */
  station: z.string().min(1),
});
export const bundleRunsSchema = z.array(bundleRunSchema);
export type BundleRunRecord = z.infer<typeof bundleRunSchema>;
