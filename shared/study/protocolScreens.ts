/**
 * The screens of a visit as a study writes them under `protocol.screens` in study.yaml: consent, screener,
 * instructions, practice, breaks, time limits, manipulation checks, exit questionnaire, debrief, completion code.
 * See studies/FORMAT-study.md.
 */
import { z } from 'zod';

const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'expected an id of letters, digits, `_` or `-`');
const text = z.string().trim().min(1, 'expected some text');

const likert = z.strictObject({
  id,
  kind: z.literal('likert'),
  text,
  /** Points on the scale, 1..points. */
  points: z
    .number()
    .int()
    .min(2, 'a Likert scale needs at least 2 points')
    .max(11, 'at most 11 points')
    .default(7),
  /** Words under the lowest and the highest point. */
  anchors: z.tuple([text, text], { error: 'expected `anchors: [lowest, highest]`' }).optional(),
  required: z.boolean().default(true),
});

const choice = z.strictObject({
  id,
  kind: z.literal('choice'),
  text,
  choices: z
    .array(text, { error: 'a choice question needs `choices:`, a list of at least two answers' })
    .min(2, 'a choice question needs at least two choices'),
  multiple: z.boolean().default(false),
  required: z.boolean().default(true),
  /** Screener only: the answers that let a person take part; any other answer ends the visit. */
  eligible: z.array(text).min(1).optional(),
});

const freeText = z.strictObject({
  id,
  kind: z.literal('text'),
  text,
  required: z.boolean().default(false),
  max_length: z.number().int().positive().default(2000),
});

export const questionSchema = z
  .discriminatedUnion('kind', [likert, choice, freeText], {
    error: 'expected `kind:` likert, choice or text',
  })
  .superRefine((q, ctx) => {
    if (q.kind !== 'choice') return;
    if (new Set(q.choices).size !== q.choices.length) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'the choices must differ' });
    }
    q.eligible?.forEach((e, i) => {
      if (!q.choices.includes(e)) {
        ctx.addIssue({ code: 'custom', path: ['eligible', i], message: `"${e}" is not one of the choices` });
      }
    });
  });
export type Question = z.infer<typeof questionSchema>;

/** A list of questions whose ids differ (answers are recorded by id). */
export const questionsSchema = z
  .array(questionSchema, { error: 'expected `questions:`, a list of questions' })
  .min(1, 'expected at least one question')
  .superRefine((qs, ctx) => {
    const seen = new Set<string>();
    qs.forEach((q, i) => {
      if (seen.has(q.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `question id "${q.id}" is used twice` });
      seen.add(q.id);
    });
  });

const consent = z.strictObject({
  title: text.default('Consent'),
  /** The information sheet: what the study is, what is recorded, how long it takes, who to contact. */
  text,
  /** The label of the required checkbox; declining ends the visit and only the refusal is recorded. */
  checkbox: text,
});

const screener = z.strictObject({
  text: text.optional(),
  /** Choice questions may list the `eligible` answers; any other answer ends the visit. */
  questions: questionsSchema,
  /** Shown when an answer is not eligible; the visit ends there. */
  screened_out: text.default(
    'Thank you for your interest. This study is looking for people with a different profile.',
  ),
});

const instructions = z.strictObject({ title: text.default('Instructions'), text });

const breaks = z.strictObject({
  /** A break after every this many counted runs (never after the last). */
  every: z.number().int().min(1),
  seconds: z.number().int().min(5, 'a break of at least 5 seconds'),
  text: text.default('Take a short break. Continue when you are ready.'),
});

const timeLimit = z
  .strictObject({
    /** Per run, unless `per_task` names the task or query. */
    seconds: z.number().int().min(30, 'a time limit of at least 30 seconds'),
    /** The participant is warned this long before the end. */
    warning_seconds: z.number().int().min(0).default(60),
    per_task: z.record(z.string(), z.number().int().min(30)).optional(),
  })
  .refine((t) => t.warning_seconds < t.seconds, {
    message: 'the warning must come before the end',
    path: ['warning_seconds'],
  });

const questionnaire = z.strictObject({
  title: text.default('A few questions'),
  text: text.optional(),
  questions: questionsSchema,
});

const debrief = z.strictObject({
  title: text.default('About this study'),
  /** What the study was about, and any deception explained: the scripted teammate, a model behind a partner. */
  text,
  /** The offer to withdraw the data, shown with a withdraw button. */
  withdrawal: text.default(
    'If you do not want your answers used, you can withdraw them now: nothing you did will be kept in the results.',
  ),
});

const completion = z.strictObject({
  /** Shown at the end, e.g. for a recruitment platform. */
  code: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, 'expected a code of 3-40 letters, digits, `_` or `-`'),
  text: text.default('Thank you. Your completion code is below.'),
});

/** Team practice: one task in one version (and seed), played before the counted runs and never scored. */
export const teamPracticeSchema = z.strictObject({
  task: z.string().min(1),
  version: z.enum(['alone', 'control', 'manipulation'], { error: 'expected alone, control or manipulation' }),
  seed: z.number().int().min(0).optional(),
});
export const slackPracticeSchema = z.strictObject({ query: z.string().min(1) });

const manipulationCheckTeam = z.strictObject({
  /**
   * After which runs. `every_run` (the default) asks after every counted run, in every version, so the screens a
   * participant sees never tell them their version and the answers compare across versions. `manipulation` is
   * accepted only so that the check can name it as a problem (see protocolCheck.ts).
   */
  after: z
    .enum(['manipulation', 'every_run'], { error: 'expected every_run' })
    .default('every_run'),
  questions: questionsSchema,
});
const manipulationCheckSlack = z.strictObject({
  after: z.literal('every_run', { error: 'a Slack study checks after every_run' }).default('every_run'),
  questions: questionsSchema,
});

function screensFor<P extends z.ZodType, M extends z.ZodType>(practice: P, manipulationCheck: M) {
  return z.strictObject({
    consent,
    screener: screener.optional(),
    instructions: instructions.optional(),
    practice: practice.optional(),
    breaks: breaks.optional(),
    time_limit: timeLimit.optional(),
    manipulation_check: manipulationCheck.optional(),
    questionnaire: questionnaire.optional(),
    debrief,
    completion: completion.optional(),
  });
}

export const teamScreensSchema = screensFor(teamPracticeSchema, manipulationCheckTeam);
export const slackScreensSchema = screensFor(slackPracticeSchema, manipulationCheckSlack);
export type TeamScreens = z.infer<typeof teamScreensSchema>;
export type SlackScreens = z.infer<typeof slackScreensSchema>;
