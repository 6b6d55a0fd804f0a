import { z } from 'zod';
import { method } from './define.js';
import { queryCategories } from '../judge/query.js';

/**
 * People beside models (issue 15): the experimenter's comparison of a study's human rows with imported model rows,
 * and the study bundle. Experimenter scope only (no participant or rater link may call these).
 */
const rate = z.number().nullable();
const ci = z.tuple([rate, rate]);

export const rowSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('study'), file: z.string() }),
  z.object({ kind: z.literal('final_results'), file: z.string() }),
  z.object({ kind: z.literal('transcripts'), dir: z.string(), files: z.number().int() }),
  z.object({ kind: z.literal('modelseat'), dir: z.string(), files: z.number().int() }),
  z.object({ kind: z.literal('harbor'), dir: z.string(), trials: z.number().int() }),
  z.object({ kind: z.literal('fixture'), file: z.string() }),
  z.object({ kind: z.literal('published'), citation: z.string() }),
]);

export const teamRowSchema = z.object({
  id: z.string(),
  human: z.boolean(),
  pooled: z.boolean(),
  synthetic: z.boolean(),
  source: rowSourceSchema,
  overall: z.object({ score: rate, ci, baseline: rate, teamworkLoss: rate, nScenarios: z.number().int() }),
  dimensions: z.record(
    z.string(),
    z.object({
      test: rate,
      ci,
      baseline: rate,
      teamworkLoss: rate,
      nGated: z.number().int(),
      nScenarios: z.number().int(),
    }),
  ),
  tasks: z.record(z.string(), z.object({ manipulation: rate, control: rate, gated: z.boolean() })),
});

export const overlapSchema = z.object({
  id: z.string(),
  modelTasks: z.number().int(),
  humanTasks: z.number().int(),
  shared: z.array(z.string()),
  sameTaskSet: z.boolean(),
  modelOnShared: rate,
  humanOnShared: rate,
});

export const slackRowSchema = z.object({
  id: z.string(),
  human: z.boolean(),
  synthetic: z.boolean(),
  source: rowSourceSchema,
  overall: rate,
  categories: z.record(z.enum(queryCategories), z.object({ passRate: rate, n: z.number().int() })),
});

/** A source of model rows the experimenter names by its path on the host. */
export const comparisonSourceSchema = z.object({
  kind: z.enum(['final_results', 'transcripts', 'harbor']),
  path: z.string().min(1).max(4096),
});
export type ComparisonSource = z.infer<typeof comparisonSourceSchema>;

export const comparisonViewSchema = z.object({
  studyKey: z.string(),
  title: z.string(),
  /** Any row comes from the synthetic fixture: the screen says so above every chart. */
  synthetic: z.boolean(),
  team: z.object({
    dimensions: z.array(z.string()),
    rows: z.array(teamRowSchema),
    /** The study's pooled human row's id, or null when the study has no team runs yet. */
    humanId: z.string().nullable(),
    overlaps: z.array(overlapSchema),
  }),
  slack: z.object({ rows: z.array(slackRowSchema) }),
  /** Sources or files set aside (could not be read or used), each naming the file and the field. */
  problems: z.array(z.string()),
  /** Runs a row lacks (a version a model never ran): listed apart, since no file was set aside for them. */
  missing: z.array(z.string()).default([]),
  /** Fields read leniently (not what a score depends on): the runs were used, the oddities are listed. */
  warnings: z.array(z.string()).default([]),
});
export type ComparisonView = z.infer<typeof comparisonViewSchema>;

/** What the screen asks for: the sources to read and the rows to draw; `viewId` reuses rows the host already read. */
const comparisonRequest = z.object({
  studyKey: z.string().min(1),
  sources: z.array(comparisonSourceSchema).max(50).default([]),
  fixture: z.boolean().default(false),
  /**
   * The comparison this screen is showing (from an earlier answer): when the host still holds it for the same
   * studyKey, sources and fixture, its rows are used as read then, not read again. Absent: the sources are read.
   */
  viewId: z.string().max(64).optional(),
});

/**
 * The comparison as the screen draws it (issue 28): every list of problems, but of the rows only the study's people
 * and the top rows matching the search; `shown` says how many of how many. A 16,000-row import is read once on the
 * host and never sent whole: CSV exports of every row come from `comparisonCsv`.
 */
export const comparisonScreenSchema = comparisonViewSchema.extend({
  viewId: z.string(),
  shown: z.object({
    /** e.g. "Showing 31 of 16,029 rows: the study's people, then the top rows by overall score." or "". */
    note: z.string(),
    /** Rows in the whole comparison, team and Slack. */
    total: z.number().int(),
    drawn: z.number().int(),
    /** The search these rows answer (trimmed). */
    search: z.string(),
  }),
});
export type ComparisonScreenView = z.infer<typeof comparisonScreenSchema>;

export const comparisonTables = ['overall', 'dimensions', 'tasks', 'slack'] as const;
export type ComparisonTable = (typeof comparisonTables)[number];

const comparisonViewMethods = {
  /** Experimenter: the study's human rows beside model rows from `sources` (and the synthetic fixture when asked). */
  comparisonView: method(comparisonRequest.extend({ search: z.string().max(200).default('') }), comparisonScreenSchema),
  /** Experimenter: one of the comparison's tables as CSV, every row of it (not only the rows drawn). */
  comparisonCsv: method(
    comparisonRequest.extend({ table: z.enum(comparisonTables) }),
    z.object({ csv: z.string(), rows: z.number().int(), viewId: z.string() }),
  ),
};

export const privacyHitSchema = z.object({
  id: z.string(),
  kind: z.enum(['email', 'phone', 'name', 'path', 'platform_id']),
  text: z.string(),
  occurrences: z.number().int(),
  places: z.array(z.string()),
});
export type PrivacyHitView = z.infer<typeof privacyHitSchema>;
const extraNames = z.array(z.string().trim().min(2).max(200)).max(2000).default([]);

export const bundleMethods = {
  /** Experimenter: the free-text hits (e-mails, phone numbers, the study's names) a bundle of this station would carry. */
  bundleScan: method(
    z.object({ studyKey: z.string().min(1), names: extraNames }).strict(),
    z.object({
      hits: z.array(privacyHitSchema),
      namesListed: z.number().int(),
      sessions: z.number().int(),
      runs: z.number().int(),
    }),
  ),
  /** Experimenter: writes the station's bundle once every hit is decided (redact or keep); refused otherwise. */
  bundleWrite: method(
    z
      .object({
        studyKey: z.string().min(1),
        names: extraNames,
        decisions: z.record(z.string(), z.enum(['redact', 'keep'])),
      })
      .strict(),
    z.object({
      path: z.string(),
      bytes: z.number().int(),
      sessions: z.number().int(),
      runs: z.number().int(),
      redacted: z.number().int(),
      kept: z.number().int(),
      /** The bundle's methods.md and methods.tex (issue 28): a methods-and-results paragraph from the bundle alone. */
      methods: z.object({ markdown: z.string(), latex: z.string() }),
    }),
  ),
};

/** Everything this feature adds to the contract (one spread in methods.ts). */
export const comparisonMethods = { ...comparisonViewMethods, ...bundleMethods };
