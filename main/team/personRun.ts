import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { EventOf, SessionEvent } from '../../shared/team/engine/events.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import { evaluatedSeat, type ResolvedTask } from '../../shared/team/pack/resolve.js';
import type { PersonRun, RunMessage, RunToolCall } from '../../shared/team/export/transcript.js';
import type { BenchmarkToolName, TranscriptPartner, TranscriptSubmission, TranscriptTiming } from '../../shared/team/export/transcriptSchema.js';
import { partnerSystemPrompt } from '../../shared/team/partners/partnerPrompt.js';
import { isPartnerReplyRecord, PARTNER_REPLY, type PartnerReplyRecord } from '../partners/partnerRecord.js';
import { benchmarkToolNames } from '../../shared/team/export/transcriptSchema.js';
import { engineEvents } from './teamLog.js';
import { TeamClockFold } from './teamClock.js';
import { transcriptLabelOf } from '../judge/transcriptLabel.js';
import { complement } from '../../shared/team/casino/points.js';

/**
 * A finished run as the transcript export needs it, derived from the log (never from UI state). The
 * participant's messages also appear as `send_message` tool calls, as a model's messages do.
 */
export function personRunFromLog(
  task: ResolvedTask,
  state: SessionState,
  stored: readonly StoredEvent[],
  sandbox: { hashesBefore: Record<string, string>; finalFiles: Record<string, string> },
): PersonRun {
  const you = evaluatedSeat(task);
  const started = state.started!;
  const events = engineEvents(stored);
  // The fold keeps a label's rule, not its raw record: the panel's raters are read from the events, in order.
  const decided = events.filter((e) => e.type === 'label_decided');
  const labelOf = new Map(state.labels.map((l, i) => [l.message, decided[i] ?? l]));
  const partners = partnerAnswersOf(stored);
  // Offers made through the deal form, in order: each one's split goes beside its chat line (issue 23).
  const offers = state.deal.proposals.filter((p) => p.via === 'deal_form');
  let offer = 0;
  const messages: RunMessage[] = state.messages.map((m, i) => {
    const label = labelOf.get(i);
    const formOffer = m.source?.kind === 'deal_form' ? offers[offer++] : undefined;
    return {
      round: m.round,
      seat: m.seat ?? you.name,
      text: m.text,
      to: m.to,
      // A taking-over task's history was written by the previous occupant of the seat, who is no seat of the task.
      ...(m.source?.kind === 'submit' ? { kind: 'submit' } : m.source?.kind === 'inherited' ? { kind: 'inherited' } : {}),
      // The deal form, not free text: the benchmark's `kind` says which affordance was used, `deal` the split.
      ...(formOffer ? { kind: 'deal_form', deal: { issue2youget: { ...formOffer.evaluated_gets }, issue2theyget: complement(formOffer.evaluated_gets) } } : {}),
      ...(label ? { label: transcriptLabelOf(label) } : {}),
    };
  });
  return {
    dimension: task.dimension,
    scenario: task.id,
    version: started.version,
    seed: started.seed,
    participant: started.participant,
    evaluatedSeat: you.name,
    seats: seatsOf(task),
    systemPrompts: { [you.name]: systemPrompt(task), ...livePartnerPrompts(task, partners) },
    messages,
    ...(partners.length > 0 ? { partners } : {}),
    toolCalls: toolCallsOf(events),
    ...submissionOf(events),
    hashesBefore: sandbox.hashesBefore,
    finalFiles: sandbox.finalFiles,
    ended: state.ended ?? 'abandoned',
    roundsRun: state.round,
    score: state.score ?? { pass: false, outcome: 'not_checked', details: {} },
    timing: timingOf(stored),
  };
}

/**
 * The task's seats, and for a taking-over task the previous occupant of the evaluated seat, whose messages open the
 * run: every message's seat is then one of `seats[]`, as a benchmark reader expects (issue 28). It posts history and
 * never reacts, so it is an `environment` seat, not a scripted teammate.
 */
function seatsOf(task: ResolvedTask): PersonRun['seats'] {
  const seats = task.seats.map((s) => ({ name: s.name, kind: s.kind, role: s.role }));
  const previous = task.inherited?.previous;
  if (previous !== undefined && !seats.some((s) => s.name === previous)) {
    seats.push({ name: previous, kind: 'environment', role: 'the earlier occupant of the evaluated seat (the history this run starts from)' });
  }
  return seats;
}

/**
 * Each live partner's answer (main/partners), with the index of the message it explains: its record is committed
 * just before that seat_message.
 */
function partnerAnswersOf(stored: readonly StoredEvent[]): TranscriptPartner[] {
  const out: TranscriptPartner[] = [];
  let index = 0;
  let pending: PartnerReplyRecord | null = null;
  for (const e of stored) {
    if (e.kind === PARTNER_REPLY && isPartnerReplyRecord(e.payload)) pending = e.payload;
    if (e.kind !== 'seat_message' && e.kind !== 'participant_message') continue;
    if (pending && e.kind === 'seat_message') {
      const { seat, status, model, fallback_reason, latency_ms, tokens, facts } = pending;
      out.push({ message_index: index, seat, status, model, fallback_reason, latency_ms, tokens, facts });
      pending = null;
    }
    index++;
  }
  return out;
}

/** The system prompt each partner played live was given (from the pack, as main/partners builds it). */
function livePartnerPrompts(task: ResolvedTask, answers: readonly TranscriptPartner[]): Record<string, string> {
  const live = new Set(answers.map((a) => a.seat));
  return Object.fromEntries(task.seats.flatMap((s) => (s.kind === 'partner' && live.has(s.name) ? [[s.name, partnerSystemPrompt(task, s)]] : [])));
}

/** What the person was shown as their brief: the instructions, then their own facts. */
function systemPrompt(task: ResolvedTask): string {
  const facts = evaluatedSeat(task).facts.map((f) => `- ${f.text}`);
  return facts.length ? `${task.instructions}\n\nWhat you know:\n${facts.join('\n')}` : task.instructions;
}

/**
 * The tool calls in log order, each with the index of the last message said before it (`after_message`, -1 when
 * none): the transcript keeps only a call's round, and this is the order within it (a CI event an edit fires comes
 * after the edit). Messages are counted as the engine's fold appends them.
 */
function toolCallsOf(events: readonly SessionEvent[]): RunToolCall[] {
  const calls: RunToolCall[] = [];
  let round = 0;
  let said = 0;
  for (const e of events) {
    if (e.type === 'round_started') round = e.round;
    else if (e.type === 'participant_message') calls.push({ round, name: 'send_message', input: { to: e.to, text: e.text }, resultHead: 'sent', afterMessage: said - 1 });
    else if (e.type === 'tool_call' && isBenchmarkTool(e.name)) calls.push({ round, name: e.name, input: e.input, resultHead: e.result_head, afterMessage: said - 1 });
    if (e.type === 'seat_message' || e.type === 'participant_message' || e.type === 'submitted') said++;
  }
  return calls;
}

/** How the text answer was given, from the `submitted` event (older logs, and a deal's split, record none). */
function submissionOf(events: readonly SessionEvent[]): { submission?: TranscriptSubmission } {
  const e = events.find((x): x is EventOf<'submitted'> => x.type === 'submitted');
  if (e?.via === undefined) return {};
  return {
    submission: {
      via: e.via,
      offered: e.offered ?? null,
      ...(e.choice ? { option: e.choice.option, ...(e.choice.reason !== undefined ? { reason: e.choice.reason } : {}) } : {}),
    },
  };
}

const isBenchmarkTool = (name: string): name is BenchmarkToolName => (benchmarkToolNames as readonly string[]).includes(name);

/**
 * The transcript's timing, from the same clock the participant saw: pauses (typed, with their reason) and crash
 * or restart gaps (reason `crash`) are listed and left out of `active_ms`, and so are they in each round's length.
 */
function timingOf(stored: readonly StoredEvent[]): TranscriptTiming {
  const first = stored[0]!;
  const endEvent = stored.find((e) => e.kind === 'ended');
  const last = endEvent ?? stored.at(-1)!;
  // Active time at each round's start, so a round's length excludes the pauses inside it (one pass over the log).
  const fold = new TeamClockFold();
  const roundStarts: number[] = [];
  for (const e of stored) {
    fold.add(e);
    if (e.kind === 'round_started') roundStarts.push(fold.at().activeMs);
  }
  const total = fold.at();
  const roundMs = roundStarts.map((at, i) => Math.max(0, (roundStarts[i + 1] ?? total.activeMs) - at));
  return {
    started_at: first.wallTime,
    ended_at: last.wallTime,
    active_ms: total.activeMs,
    pauses: total.pauses.map((p) => ({ at: p.at, resumed_at: p.resumed_at, reason: p.reason })),
    round_ms: roundMs,
    ...(total.labelWaitMs > 0 ? { label_wait_ms: total.labelWaitMs } : {}),
    ...(total.partnerWaitMs > 0 ? { partner_wait_ms: total.partnerWaitMs } : {}),
  };
}
