import { z } from 'zod';

/**
 * One run in the Collaborative Intelligence Benchmark's transcript format (field names verified from
 * the benchmark's site builder; see FORMATS.md §1). Objects are loose: a reader of the benchmark's
 * files ignores fields it does not know, and Teamseat adds `labels`, `timing`, a message's `to` and a tool call's
 * `after_message` (the index of the last message said before the call, -1 when none: the order within a round).
 */
export const seatKinds = ['evaluated', 'scripted', 'partner', 'environment'] as const;
export type SeatKind = (typeof seatKinds)[number];

export const versions = ['alone', 'control', 'manipulation'] as const;
export type Version = (typeof versions)[number];

export const benchmarkToolNames = [
  'read_file',
  'list_files',
  'edit_file',
  'grep',
  'run_tests',
  'submit',
  'send_message',
] as const;
export type BenchmarkToolName = (typeof benchmarkToolNames)[number];

const round = z.number().int().min(0);

export const benchmarkSeatSchema = z.looseObject({
  name: z.string().min(1),
  kind: z.enum(seatKinds),
  role: z.string(),
});

export const benchmarkMessageSchema = z.looseObject({
  round,
  seat: z.string().min(1),
  text: z.string(),
  kind: z.string().min(1),
});

export const benchmarkToolCallSchema = z.looseObject({
  round,
  name: z.enum(benchmarkToolNames),
  input: z.record(z.string(), z.unknown()),
  result_head: z.string(),
});

export const benchmarkScoreSchema = z.looseObject({
  pass: z.boolean(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type BenchmarkScore = z.infer<typeof benchmarkScoreSchema>;

/** The benchmark's own fields only: what a run must carry for the benchmark's scoring to read it. */
export const benchmarkTranscriptSchema = z.looseObject({
  evaluated_seat: z.string().min(1),
  evaluated_model: z.string().min(1),
  seats: z.array(benchmarkSeatSchema).min(1),
  system_prompts: z.record(z.string(), z.string()),
  messages: z.array(benchmarkMessageSchema),
  tool_calls: z.array(benchmarkToolCallSchema),
  sandbox: z.looseObject({
    hashes_before: z.record(z.string(), z.string()),
    final_files: z.record(z.string(), z.string()),
  }),
  ended: z.string().min(1),
  rounds_run: z.number().int().min(0),
  score: benchmarkScoreSchema,
});
export type BenchmarkTranscript = z.infer<typeof benchmarkTranscriptSchema>;

// The same names the engine's label_decided events use.
export const labelSources = ['rules', 'experimenter', 'llm'] as const;

/** Teamseat's addition: how each participant message to the scripted teammate was labelled. */
export const transcriptLabelSchema = z.object({
  /** Index into `messages`. */
  message_index: z.number().int().min(0),
  round,
  raters: z.array(
    z.object({
      rater: z.string().min(1),
      label: z.string().nullable(),
      raw: z.string().optional(),
      /** Judge panel raters: time to answer and token counts as the endpoint reported them. */
      latency_ms: z.number().int().min(0).optional(),
      tokens: z.object({ prompt: z.number().nullable(), completion: z.number().nullable(), total: z.number().nullable() }).optional(),
    }),
  ),
  final_label: z.string(),
  source: z.enum(labelSources),
  /** Judge panel: the give-way rule that decided (or `fallback`) and why a fallback was needed. */
  rule: z.string().optional(),
  why: z.string().optional(),
  /** Judge panel: "these judges with this prompt" — the template's name and sha256. */
  prompt: z.object({ name: z.string(), sha256: z.string(), built_in: z.boolean() }).optional(),
});
export type TranscriptLabel = z.infer<typeof transcriptLabelSchema>;

/** Teamseat's addition: wall-clock facts of a person's run (a model run has none). */
export const transcriptTimingSchema = z.object({
  started_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }),
  /** Time the session was running, pauses excluded. */
  active_ms: z.number().int().min(0),
  pauses: z.array(z.object({ at: z.iso.datetime({ offset: true }), resumed_at: z.iso.datetime({ offset: true }).nullable(), reason: z.string() })),
  /** Milliseconds from each round's start to its end, in round order. */
  round_ms: z.array(z.number().int().min(0)),
  /** Time spent waiting for the judge panel ("teammate is typing"), left out of `active_ms` and `round_ms`. */
  label_wait_ms: z.number().int().min(0).optional(),
  /** Time spent waiting for partners played live by an endpoint (issue 14), also left out of `active_ms`. */
  partner_wait_ms: z.number().int().min(0).optional(),
});
export type TranscriptTiming = z.infer<typeof transcriptTimingSchema>;

/** Teamseat's addition (issue 14): one partner answer of a partner seat played live by an endpoint. */
export const transcriptPartnerSchema = z.object({
  /** The answer's index in `messages`. */
  message_index: z.number().int().min(0),
  seat: z.string().min(1),
  /** `live`: the endpoint's text was said; `fallback`: the pack's scripted reply, for `fallback_reason`. */
  status: z.enum(['live', 'fallback']),
  model: z.string().min(1),
  fallback_reason: z.string().nullable(),
  latency_ms: z.number().int().min(0).nullable(),
  tokens: z.object({ prompt: z.number().nullable(), completion: z.number().nullable(), total: z.number().nullable() }).nullable(),
  /** Facts the said text names by the pack's keywords: the partner's own (`revealed`) and other seats' (`not_held`). */
  facts: z.object({ revealed: z.array(z.string()), not_held: z.array(z.string()) }),
});
export type TranscriptPartner = z.infer<typeof transcriptPartnerSchema>;

/**
 * Teamseat's addition (issue 23): how a text answer was given. `via: choice` — an offered option picked, with the
 * reason written beside it; `typed` — written in the answer box (a model: the submit tool's `message`). `offered`:
 * the options in the order the seat showed them, null when the seat offered no choice. The answer itself is in the
 * `[submit]` message and the submit tool call, where a choice reads `<option> — <reason>`.
 */
export const transcriptSubmissionSchema = z.object({
  via: z.enum(['choice', 'typed']),
  offered: z.array(z.string()).nullable(),
  option: z.string().optional(),
  reason: z.string().optional(),
});
export type TranscriptSubmission = z.infer<typeof transcriptSubmissionSchema>;

export const teamseatTranscriptSchema = benchmarkTranscriptSchema.extend({
  labels: z.array(transcriptLabelSchema),
  timing: transcriptTimingSchema,
  /** Only in runs with live partners. */
  partners: z.array(transcriptPartnerSchema).optional(),
  /** Only in runs that ended with a text answer. */
  submission: transcriptSubmissionSchema.optional(),
});
export type TeamseatTranscript = z.infer<typeof teamseatTranscriptSchema>;
