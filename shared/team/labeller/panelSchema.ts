import { z } from 'zod';

/**
 * The `labeller:` section of a team study.yaml: the judge panel (studies/FORMAT-study.md). Keys are never in the
 * study: `key` names an entry of the host's secret store (`default`: the judge key of Settings; `none`: a local
 * server that takes no key).
 */
export const raterEndpointSchema = z.strictObject({
  base_url: z
    .string()
    .min(1)
    .refine((u) => /^https?:\/\/[^\s]+$/.test(u), 'expected an http(s) URL such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1'),
  model: z.string().min(1),
  key: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'expected the name of a stored key (letters, digits, dot, dash, underscore), `default` or `none`')
    .default('default'),
  /** How long one attempt may take before the rater counts as not answering. */
  timeout_ms: z.number().int().min(100).max(600_000).default(20_000),
  /** Sent as `temperature`; `null` sends none (some hosted reasoning models accept only their default). */
  temperature: z.number().min(0).max(2).nullable().default(0),
});
export type RaterEndpoint = z.output<typeof raterEndpointSchema>;

export const panelRaters = ['referee', 'second', 'third'] as const;
export type PanelRater = (typeof panelRaters)[number];

export const judgePanelSchema = z.strictObject({
  referee: raterEndpointSchema,
  second: raterEndpointSchema,
  third: raterEndpointSchema,
  /** A prompt template file inside the study; Teamseat's default when absent. */
  prompt: z.string().min(1).optional(),
  /**
   * When the panel does not settle a label (raters down, disagreeing, or replying outside the set): `rules` (the
   * task's rules labeller, the default) or a fixed label id.
   */
  fallback: z
    .union([z.literal('rules'), z.strictObject({ label: z.string().min(1) })], { error: 'expected `rules` or `{ label: <label id> }`' })
    .default('rules'),
});
export type JudgePanelConfig = z.output<typeof judgePanelSchema>;
