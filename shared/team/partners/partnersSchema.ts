import { z } from 'zod';
import { modelEndpointSchema } from '../../study/protocol.js';

/**
 * `partners:` (top level of a team study.yaml): partner seats played live by an OpenAI-compatible endpoint, as the
 * benchmark's partners were. The endpoint is the `models:` endpoint's shape (keys never in the file: `key_env`
 * names the environment variable), or the name of one of the study's `models:` entries.
 */
export const partnerEndpointSchema = modelEndpointSchema.pick({ base_url: true, model: true, key_env: true, temperature: true });
export type PartnerEndpoint = z.output<typeof partnerEndpointSchema>;

const modelRef = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'expected the name of an entry of `models:`');

const settings = {
  /** An endpoint, or the name of a `models:` entry of this study. */
  endpoint: z.union([modelRef, partnerEndpointSchema], { error: 'expected { base_url, model, key_env? } or the name of a `models:` entry' }).optional(),
  /**
   * The longest the participant waits for one reply before the pack's scripted reply is said instead. Short by
   * default: the participant sees a teammate typing the whole time.
   */
  timeout_seconds: z.number().positive().max(120).optional(),
  /** false keeps the seat(s) scripted even with an endpoint given. */
  live: z.boolean().optional(),
};

export const partnersSectionSchema = z.strictObject({
  ...settings,
  /** Per partner seat, by its name in the task packs: overrides the settings above for that seat. */
  seats: z.record(z.string().min(1), z.strictObject(settings)).default({}),
});
export type PartnersSection = z.output<typeof partnersSectionSchema>;

export const DEFAULT_PARTNER_TIMEOUT_SECONDS = 15;

/** How one partner seat is played: live with this endpoint and timeout, or scripted (no endpoint, or `live: false`). */
export type PartnerPlan =
  | { live: true; endpoint: PartnerEndpoint; timeoutMs: number; modelName: string | null }
  | { live: false };

/** One seat's plan from the section (its own entry over the section's defaults) and the study's `models:`. */
export function partnerPlan(section: PartnersSection | undefined, models: Record<string, PartnerEndpoint> | undefined, seat: string): PartnerPlan {
  if (!section) return { live: false };
  const own = section.seats[seat] ?? {};
  const live = own.live ?? section.live ?? true;
  const endpoint = own.endpoint ?? section.endpoint;
  if (!live || endpoint === undefined) return { live: false };
  const timeoutMs = Math.round((own.timeout_seconds ?? section.timeout_seconds ?? DEFAULT_PARTNER_TIMEOUT_SECONDS) * 1000);
  if (typeof endpoint !== 'string') return { live: true, endpoint, timeoutMs, modelName: null };
  const named = models?.[endpoint];
  // An unknown name is a load problem (partnerProblems); a session never guesses one.
  if (!named) return { live: false };
  const { base_url, model, key_env, temperature } = named;
  return { live: true, endpoint: { base_url, model, ...(key_env !== undefined ? { key_env } : {}), temperature }, timeoutMs, modelName: endpoint };
}

/** Problems a schema cannot see: an endpoint naming a `models:` entry the study does not have. */
export function partnerProblems(section: PartnersSection | undefined, models: Record<string, unknown> | undefined): { path: (string | number)[]; message: string }[] {
  if (!section) return [];
  const known = Object.keys(models ?? {});
  const check = (endpoint: unknown, path: (string | number)[]) =>
    typeof endpoint === 'string' && !known.includes(endpoint)
      ? [{ path, message: `no entry "${endpoint}" under models: (${known.length > 0 ? `expected one of ${known.join(', ')}` : 'the study has no models: section'})` }]
      : [];
  return [
    ...check(section.endpoint, ['partners', 'endpoint']),
    ...Object.entries(section.seats).flatMap(([seat, s]) => check(s.endpoint, ['partners', 'seats', seat, 'endpoint'])),
  ];
}
