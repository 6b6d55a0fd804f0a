import { fail, ok } from '../../result.js';
import { TEAM_CHANNEL } from '../pack/scriptSchema.js';
import type { Result } from '../../result.js';
import { teamseatTranscriptSchema } from './transcriptSchema.js';
import type {
  BenchmarkScore,
  BenchmarkToolName,
  SeatKind,
  TeamseatTranscript,
  TranscriptLabel,
  TranscriptPartner,
  TranscriptSubmission,
  TranscriptTiming,
  Version,
} from './transcriptSchema.js';

/**
 * A guard, not the rule: the workspace cuts each result head when it records the call
 * (main/workspace/resultHeads.ts); a longer one is cut here so no file carries a whole result.
 */
export const RESULT_HEAD_CHARS = 2000;

export interface RunSeat {
  name: string;
  kind: SeatKind;
  role: string;
}

export interface RunMessage {
  round: number;
  seat: string;
  text: string;
  /** The benchmark's message kind; Teamseat writes the sending seat's kind unless told otherwise. */
  kind?: string;
  /** Recipient: a seat or the team channel (exported as the extra field `to`). */
  to?: string;
  /** For the evaluated seat's messages that were labelled. */
  label?: Omit<TranscriptLabel, 'message_index' | 'round'>;
  /**
   * For an offer made through the deal form (`kind: deal_form`): the split in CaSiNo's own field names, from the
   * offering side (exported as the extra field `deal`).
   */
  deal?: { issue2youget: Record<string, number>; issue2theyget: Record<string, number> };
}

export interface RunToolCall {
  round: number;
  name: BenchmarkToolName;
  input: Record<string, unknown>;
  /** The result head as the workspace recorded it, e.g. `4 passed, 1 failed`. */
  resultHead: string;
  /** Index in `messages` of the last message said before this call (-1: none), from the event log. */
  afterMessage?: number;
}

/** One finished run of a person, as the session log folds it. */
export interface PersonRun {
  dimension: string;
  scenario: string;
  version: Version;
  seed: number;
  participant: string;
  evaluatedSeat: string;
  seats: RunSeat[];
  systemPrompts: Record<string, string>;
  messages: RunMessage[];
  /** Answers of partners played live by an endpoint (issue 14); absent when none was. */
  partners?: TranscriptPartner[];
  toolCalls: RunToolCall[];
  /** How a text answer was given (issue 23); absent when none was submitted. */
  submission?: TranscriptSubmission;
  hashesBefore: Record<string, string>;
  finalFiles: Record<string, string>;
  ended: string;
  roundsRun: number;
  score: BenchmarkScore;
  timing: TranscriptTiming;
}

export function resultHead(result: string): string {
  return result.length <= RESULT_HEAD_CHARS ? result : result.slice(0, RESULT_HEAD_CHARS);
}

/** The benchmark's model directory rule applied to a person: `human:P/07` → `human_P__07`. */
export function modelDirName(modelId: string): string {
  return modelId.replaceAll(':', '_').replaceAll('/', '__');
}

export function evaluatedModelId(participant: string): string {
  return `human:${participant}`;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

/** `results/transcripts/<dimension>/<scenario>/human_<participant>/<version>_seed<k>.json` */
export function transcriptPath(run: Pick<PersonRun, 'dimension' | 'scenario' | 'participant' | 'version' | 'seed'>): Result<string> {
  for (const [what, value] of [
    ['dimension', run.dimension],
    ['scenario', run.scenario],
    ['participant', run.participant],
  ] as const) {
    if (!SAFE_SEGMENT.test(value) || value.includes('..') || ((what !== 'participant') && value.includes('/'))) {
      return fail('bad_request', `The ${what} "${value}" cannot be used in a results path (letters, digits, . _ - only).`);
    }
  }
  if (!Number.isInteger(run.seed) || run.seed < 0) return fail('bad_request', `The seed ${run.seed} is not a whole number ≥ 0.`);
  const modelDir = modelDirName(evaluatedModelId(run.participant));
  return ok(`results/transcripts/${run.dimension}/${run.scenario}/${modelDir}/${run.version}_seed${run.seed}.json`);
}

/** The run as the benchmark's transcript JSON plus Teamseat's `labels` and `timing`, validated. */
export function buildTranscript(run: PersonRun): Result<TeamseatTranscript> {
  const kindOf = new Map(run.seats.map((s) => [s.name, s.kind]));
  const problems: string[] = [];
  if (kindOf.get(run.evaluatedSeat) !== 'evaluated') {
    problems.push(`the evaluated seat "${run.evaluatedSeat}" is not a seat of kind evaluated`);
  }
  const labels: TranscriptLabel[] = [];
  const messages = run.messages.map((m, index) => {
    const seatKind = kindOf.get(m.seat);
    if (seatKind === undefined) problems.push(`message ${index} comes from unknown seat "${m.seat}"`);
    if (m.to !== undefined && m.to !== TEAM_CHANNEL && !kindOf.has(m.to)) problems.push(`message ${index} is addressed to unknown seat "${m.to}"`);
    if (m.label) {
      if (m.seat !== run.evaluatedSeat) problems.push(`message ${index} has a label but was not sent by the evaluated seat`);
      labels.push({ message_index: index, round: m.round, ...m.label });
    }
    return {
      round: m.round,
      seat: m.seat,
      text: m.text,
      kind: m.kind ?? seatKind ?? 'unknown',
      ...(m.to !== undefined ? { to: m.to } : {}),
      ...(m.deal !== undefined ? { deal: m.deal } : {}),
    };
  });
  if (problems.length > 0) return fail('bad_request', `This run cannot be exported: ${problems.join('; ')}.`);

  const transcript = {
    evaluated_seat: run.evaluatedSeat,
    evaluated_model: evaluatedModelId(run.participant),
    seats: run.seats.map((s) => ({ name: s.name, kind: s.kind, role: s.role })),
    system_prompts: run.systemPrompts,
    messages,
    // `after_message` is Teamseat's (the order within a round); a benchmark reader ignores it.
    tool_calls: run.toolCalls.map((c) => ({ round: c.round, name: c.name, input: c.input, result_head: resultHead(c.resultHead), ...(c.afterMessage !== undefined ? { after_message: c.afterMessage } : {}) })),
    sandbox: { hashes_before: run.hashesBefore, final_files: run.finalFiles },
    ended: run.ended,
    rounds_run: run.roundsRun,
    score: run.score,
    labels,
    timing: run.timing,
    ...(run.partners && run.partners.length > 0 ? { partners: run.partners } : {}),
    ...(run.submission ? { submission: run.submission } : {}),
  };
  const parsed = teamseatTranscriptSchema.safeParse(transcript);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return fail('bad_request', `The exported run does not match the transcript schema at ${first?.path.join('.') ?? ''}: ${first?.message ?? ''}`);
  }
  return ok(parsed.data);
}
