import { z } from 'zod';
import { judgePanelSchema } from '../labeller/panelSchema.js';

/** What happens when the experimenter has not labelled a message within `timeout_sec`. */
export const onTimeoutPolicies = ['rules', 'panel', 'hold'] as const;
export type OnTimeout = (typeof onTimeoutPolicies)[number];

/**
 * A counted study whose messages the rules would label is refused at start while any of its tasks' rules are not
 * validated on their label test sets (studies/FORMAT-team.md, "Label test sets"), unless the study says this.
 */
const acceptUnvalidated = z.boolean({ error: 'expected true or false' }).default(false);

/** `labeller: { source: rules }`: the tasks' own rules label every message (the default without a `labeller:`). */
export const rulesLabellerSchema = z.strictObject({
  source: z.literal('rules'),
  accept_unvalidated_rules: acceptUnvalidated,
});

/**
 * `labeller: { source: experimenter, … }` in a team study.yaml (issue 14 item 1): the experimenter labels each message
 * live from the console. `on_timeout`: `rules` (the task's rules label it), `panel` (the study's `panel:` labels it;
 * by rules while Settings do not allow panels) or `hold` (the round waits for the experimenter; the participant sees a
 * teammate typing and the wait is not active time).
 */
export const experimenterLabellerSchema = z
  .strictObject({
    source: z.literal('experimenter'),
    timeout_sec: z.number({ error: 'expected a number of seconds' }).min(0.5).max(3600).default(30),
    on_timeout: z.enum(onTimeoutPolicies, { error: 'expected rules, panel or hold' }).default('rules'),
    /** Whether the console may also write as one of the task's partner seats (recorded with source `experimenter`). */
    partner_seats: z.boolean({ error: 'expected true or false' }).default(false),
    /** The judge panel `on_timeout: panel` falls back to (same fields as a panel `labeller:`). */
    panel: judgePanelSchema.optional(),
    accept_unvalidated_rules: acceptUnvalidated,
  })
  .refine((c) => c.on_timeout !== 'panel' || c.panel !== undefined, {
    path: ['panel'],
    message: '`on_timeout: panel` needs a `panel:` with referee, second and third',
  });
export type ExperimenterLabellerConfig = z.output<typeof experimenterLabellerSchema>;

/**
 * The whole `labeller:` section: a judge panel (the judge panel issue's form; `source: panel` may be written) or the
 * experimenter console. Told apart by `source`, so an error names the fields of the form the study meant.
 */
export const studyLabellerSchema = z.preprocess(
  // `labeller: { accept_unvalidated_rules: true }` alone means the rules: no source and no rater is no panel.
  (raw) =>
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !('source' in raw) && !['referee', 'second', 'third'].some((k) => k in raw)
      ? { source: 'rules', ...raw }
      : raw,
  z.discriminatedUnion(
    'source',
    [judgePanelSchema.extend({ source: z.literal('panel').optional(), accept_unvalidated_rules: acceptUnvalidated }), experimenterLabellerSchema, rulesLabellerSchema],
    { error: 'expected `source: rules`, `source: experimenter`, or a judge panel (`source: panel` or no `source`)' },
  ),
);
export type StudyLabellerConfig = z.output<typeof studyLabellerSchema>;

/** Whether a study labels its participants' messages with the tasks' rules alone (no panel, no console). */
export function labelsByRules(config: StudyLabellerConfig | undefined): boolean {
  return !config || config.source === 'rules';
}

/** The judge panel a `labeller:` section names: itself, or an experimenter's fallback panel; null when there is none. */
export function panelOf(config: StudyLabellerConfig | undefined): z.output<typeof judgePanelSchema> | null {
  if (!config || config.source === 'rules') return null;
  if (config.source === 'experimenter') return config.panel ?? null;
  return config;
}
