import type { GiveWayKind } from '../pack/schema.js';
import { TEAM_CHANNEL } from '../pack/schema.js';
import type { EndHow, EventOf, MessageSource, ScriptStatus, SessionEvent } from './events.js';
import { pausedByOf, type PausedBy } from '../../pause.js';
import { offerText } from '../deal/offer.js';

export interface StateMessage {
  round: number;
  /** The seat's name, or null for the participant (who sits in the task's evaluated seat). */
  seat: string | null;
  to: string;
  text: string;
  source?: MessageSource;
}

export interface LabelRecord {
  round: number;
  /** Index into `messages` of the participant message it labels. */
  message: number;
  label: string;
  source: 'rules' | 'experimenter' | 'llm';
  rule?: string;
}

export interface ScriptPosition {
  status: ScriptStatus;
  /** The last script line said (for `repeat` and `repeat_last`). */
  at: string | null;
  /** Round of its latest turn. */
  lastRound: number;
  linesSaid: string[];
  gaveWay: { what: GiveWayKind; fact?: string; round: number } | null;
}

export type Phase = 'not_started' | 'participant_turn' | 'participant_spoke' | 'ended';

export interface SessionState {
  started: Omit<EventOf<'session_started'>, 'type'> | null;
  round: number;
  phase: Phase;
  messages: StateMessage[];
  /** Index of the participant's latest message, and whether it has been labelled. */
  lastParticipant: { message: number; labelled: boolean } | null;
  labels: LabelRecord[];
  scripts: Record<string, ScriptPosition>;
  firedEvents: string[];
  revealed: string[];
  inbox: string[];
  toolCalls: Array<Omit<EventOf<'tool_call'>, 'type'> & { round: number }>;
  edits: Array<Omit<EventOf<'file_edited'>, 'type'> & { round: number }>;
  /** `open`: an offer made through the deal form that its counterpart has not answered yet. */
  deal: { proposals: Array<Omit<EventOf<'deal_proposed'>, 'type'> & { round: number }>; acceptedBy: string | null; open: boolean };
  submitted: { answer: unknown } | null;
  score: EventOf<'checked'>['score'] | null;
  paused: string | null;
  /** Who set the pause in force (null when not paused): only the experimenter lifts an experimenter's pause. */
  pausedBy: PausedBy | null;
  /** The time-limit warning given, with the time that was left then. */
  timeWarning: { remainingMs: number } | null;
  /** Set by whatever ends the run (submit, a deal, a walk-away, the script); the engine then ends it. */
  endRequested: EndHow | null;
  ended: EndHow | null;
  /** How many events were folded: the runner can assert it matches its log. */
  eventCount: number;
}

export function initialState(): SessionState {
  return {
    started: null,
    round: 0,
    phase: 'not_started',
    messages: [],
    lastParticipant: null,
    labels: [],
    scripts: {},
    firedEvents: [],
    revealed: [],
    inbox: [],
    toolCalls: [],
    edits: [],
    deal: { proposals: [], acceptedBy: null, open: false },
    submitted: null,
    score: null,
    paused: null,
    pausedBy: null,
    timeWarning: null,
    endRequested: null,
    ended: null,
    eventCount: 0,
  };
}

export function emptyScriptPosition(): ScriptPosition {
  return { status: 'waiting', at: null, lastRound: 0, linesSaid: [], gaveWay: null };
}

/** Folds one event into the state. Pure: returns a new state and leaves the old one untouched. */
export function applyEvent(state: SessionState, event: SessionEvent): SessionState {
  const s: SessionState = { ...state, eventCount: state.eventCount + 1 };
  switch (event.type) {
    case 'session_started': {
      const { type: _type, ...started } = event;
      s.started = started;
      return s;
    }
    case 'round_started':
      s.round = event.round;
      s.phase = 'participant_turn';
      return s;
    case 'seat_message': {
      const message: StateMessage = { round: event.round ?? s.round, seat: event.seat, to: event.to, text: event.text };
      if (event.source) message.source = event.source;
      s.messages = [...s.messages, message];
      if (event.reveals?.length) s.revealed = [...new Set([...s.revealed, ...event.reveals])];
      if (event.source?.kind === 'event' && event.source.id) s.firedEvents = [...s.firedEvents, event.source.id];
      return s;
    }
    case 'script_step': {
      const before = s.scripts[event.seat] ?? emptyScriptPosition();
      const after: ScriptPosition = { ...before, status: event.status, lastRound: s.round };
      if (event.line !== undefined) {
        after.at = event.line;
        after.linesSaid = [...before.linesSaid, event.line];
      }
      if (event.gave_way) after.gaveWay = { ...event.gave_way, round: s.round };
      s.scripts = { ...s.scripts, [event.seat]: after };
      if (event.ends) s.endRequested = s.endRequested ?? event.ends;
      return s;
    }
    case 'participant_message':
      s.messages = [...s.messages, { round: s.round, seat: null, to: event.to, text: event.text }];
      s.lastParticipant = { message: s.messages.length - 1, labelled: false };
      s.phase = s.phase === 'ended' ? 'ended' : 'participant_spoke';
      return s;
    case 'label_decided': {
      if (!s.lastParticipant) return s;
      const record: LabelRecord = { round: s.round, message: s.lastParticipant.message, label: event.label, source: event.source };
      if (event.rule !== undefined) record.rule = event.rule;
      s.labels = [...s.labels, record];
      s.lastParticipant = { ...s.lastParticipant, labelled: true };
      return s;
    }
    case 'tool_call': {
      const { type: _type, ...call } = event;
      s.toolCalls = [...s.toolCalls, { ...call, round: s.round }];
      return s;
    }
    case 'file_edited': {
      const { type: _type, ...edit } = event;
      s.edits = [...s.edits, { ...edit, round: s.round }];
      return s;
    }
    case 'inbox_arrived':
      s.inbox = [...s.inbox, event.item];
      return s;
    case 'deal_proposed': {
      const proposal = { seat: event.seat, evaluated_gets: event.evaluated_gets, round: s.round, ...(event.via ? { via: event.via } : {}) };
      s.deal = { ...s.deal, proposals: [...s.deal.proposals, proposal], open: event.via === 'deal_form' };
      // The offer is the evaluated seat's own act, said in the chat as CaSiNo's interface records it; it is not a
      // message to label (the split speaks for itself), so it neither ends the turn nor waits for a label.
      if (event.via === 'deal_form') {
        s.messages = [...s.messages, { round: s.round, seat: null, to: TEAM_CHANNEL, text: offerText(event.evaluated_gets), source: { kind: 'deal_form' } }];
      }
      return s;
    }
    case 'deal_rejected':
      s.deal = { ...s.deal, open: false };
      return s;
    case 'deal_accepted':
      s.deal = { ...s.deal, acceptedBy: event.seat, open: false };
      s.endRequested = s.endRequested ?? 'deal_accepted';
      return s;
    case 'walked_away':
      s.endRequested = s.endRequested ?? 'walked_away';
      return s;
    case 'paused':
      s.paused = event.reason;
      s.pausedBy = pausedByOf(event);
      return s;
    case 'resumed':
      s.paused = null;
      s.pausedBy = null;
      return s;
    case 'time_warning':
      s.timeWarning = { remainingMs: event.remaining_ms };
      return s;
    case 'time_up':
      s.endRequested = s.endRequested ?? 'time_limit';
      return s;
    case 'submitted':
      s.submitted = { answer: event.answer };
      // The benchmark records a submission as the evaluated seat's `[submit] ` message, which checkers read.
      s.messages = [...s.messages, { round: s.round, seat: null, to: TEAM_CHANNEL, text: submitText(event.answer), source: { kind: 'submit' } }];
      s.endRequested = s.endRequested ?? 'submitted';
      return s;
    case 'checked':
      s.score = event.score;
      return s;
    case 'ended':
      s.ended = event.how;
      s.phase = 'ended';
      return s;
  }
}

/** The submission as the benchmark's transcript has it: `[submit] ` and the summary (JSON when it has fields). */
export function submitText(answer: unknown): string {
  const summary = answer === undefined || answer === null ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
  return `${SUBMIT_PREFIX}${summary}`;
}

export const SUBMIT_PREFIX = '[submit] ';

/** The state of a session is a fold over its log; resuming after a crash is replaying it. */
export function foldSession(events: Iterable<SessionEvent>, from: SessionState = initialState()): SessionState {
  let state = from;
  for (const event of events) state = applyEvent(state, event);
  return state;
}

/** The label of the participant's message in a given round addressed to `seat` (or the team), if any. */
export function labelFor(state: SessionState, seat: string, round: number): string | null {
  for (let i = state.labels.length - 1; i >= 0; i--) {
    const l = state.labels[i]!;
    if (l.round < round) break;
    if (l.round !== round) continue;
    const message = state.messages[l.message];
    if (message && (message.to === seat || message.to === TEAM_CHANNEL)) return l.label;
  }
  return null;
}
