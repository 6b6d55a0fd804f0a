import { z } from 'zod';

/**
 * Settings a researcher changes between studies. Secrets (API keys) are NOT here: they live in the
 * host's secret store (Electron safeStorage on the desktop) and never reach exports or logs.
 */
export const settingsSchema = z.object({
  /** Delay before a teammate's line appears, so it reads like someone typing. 0 turns it off. */
  typingDelayMs: z.number().int().min(0).max(10_000).default(900),
  /** Pre-filled participant id prefix on the start screen, e.g. `P`. */
  participantPrefix: z.string().max(16).default('P'),
  /** An OpenAI-compatible endpoint used by LLM judges and labellers. */
  judge: z
    .object({
      baseUrl: z.string().default(''),
      model: z.string().default(''),
      /**
       * Whether a study's judge panel (`labeller:` in study.yaml) may call its endpoints. Off by default: no request
       * leaves the machine unless the study and this setting both ask for it; otherwise the rules labeller labels.
       */
      panels: z.boolean().default(false),
    })
    .default({ baseUrl: '', model: '', panels: false }),
  /**
   * Whether a study's live partners (`partners:` in study.yaml) may call their endpoints. Off by default, as panels
   * are: the participant's conversation leaves the machine only when the study and this setting both ask for it.
   */
  livePartners: z.boolean().default(false),
});
export type Settings = z.infer<typeof settingsSchema>;
export const defaultSettings: Settings = settingsSchema.parse({});

export const settingsPatchSchema = z
  .object({
    typingDelayMs: settingsSchema.shape.typingDelayMs.unwrap(),
    participantPrefix: settingsSchema.shape.participantPrefix.unwrap(),
    judge: z.object({ baseUrl: z.string(), model: z.string(), panels: z.boolean() }).partial(),
    livePartners: z.boolean(),
  })
  .partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
