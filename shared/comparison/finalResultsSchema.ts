import { z } from 'zod';

/**
 * `final_results.json` as read from outside (FORMATS.md §2): the benchmark's own fields are required with their
 * types, anything else is allowed (Teamseat's `design`, a newer benchmark's additions). A file of another shape
 * fails here with the path of the first field that does not fit.
 */
const rate = z.number().min(0).max(1).nullable();
const interval = z.tuple([rate, rate]);
const count = z.number().int().min(0);

export const scenarioCellSchema = z.looseObject({
  path: z.string().min(1),
  gated: z.boolean(),
  manipulation: rate,
  control: rate,
});

export const dimensionCellSchema = z.looseObject({
  test: rate,
  test_ci: interval,
  alone: rate,
  baseline: rate,
  n_baseline: count,
  n_gated: count,
  n_complete: count,
  n_scenarios: count,
  teamwork_loss: z.number().min(-1).max(1).nullable(),
  scenarios: z.array(scenarioCellSchema),
});

export const overallCellSchema = z.looseObject({
  score: rate,
  ci: interval,
  baseline: rate,
  teamwork_loss: z.number().min(-1).max(1).nullable(),
  n_gated: count,
  n_scenarios_complete: count,
  n_scenarios: count,
});

export const importedFinalResultsSchema = z
  .looseObject({
    models: z.array(z.string().min(1)),
    dimensions: z.array(z.string().min(1)),
    overall: z.record(z.string(), overallCellSchema),
    cells: z.record(z.string(), z.record(z.string(), dimensionCellSchema)),
    rule: z.string(),
    bootstrap: z.looseObject({}),
    excluded_provider_refusals: z.array(z.looseObject({ model: z.string(), dimension: z.string() })),
    hand_audit: z.unknown(),
    problems: z.array(z.unknown()),
    missing_runs: z.array(z.unknown()),
  })
  .superRefine((r, ctx) => {
    r.models.forEach((m, i) => {
      if (!Object.hasOwn(r.overall, m))
        ctx.addIssue({ code: 'custom', path: ['models', i], message: `model "${m}" has no overall entry` });
    });
  });
export type ImportedFinalResults = z.infer<typeof importedFinalResultsSchema>;
export type ImportedDimensionCell = z.infer<typeof dimensionCellSchema>;

/** The first issue of a failed parse as `<file>: at <path>: <message>`, the form every import error takes. */
export function describeIssue(file: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  const at = issue.path.length ? issue.path.map(String).join('.') : 'the top level';
  return `${file}: at ${at}: ${issue.message}`;
}
