import type { ResolvedTask } from './pack/resolve.js';
import { evaluatedSeat } from './pack/resolve.js';
import { TEAM_CHANNEL } from './pack/schema.js';
import type { SessionState } from './engine/state.js';
import type { TeamView } from './viewSchema.js';
import { shownReason } from '../pause.js';
import { offeredOptions } from './pack/answerChoice.js';
import { playedDealForm } from './deal/dealForm.js';
import { dealItems } from './deal/offer.js';

const PACKAGES_EACH = 3;

export interface ViewContext {
  sessionId: string;
  studyKey: string;
  startedAt: string;
  endedAt: string | null;
  /** The run is over for the participant and its check runs (issue 13): shown as `checking`, never its result. */
  checking?: boolean;
  /** The participant's clock, from the log (see engine/activeTime.ts). */
  clock?: TeamView['clock'];
}

/** The channels the participant can write to: `team` first, then each teammate who is not the environment. */
export function channelsOf(task: ResolvedTask): string[] {
  return [TEAM_CHANNEL, ...task.seats.filter((s) => s.kind !== 'evaluated' && s.kind !== 'environment').map((s) => s.name)];
}

/** The participant's view of a session: only what someone in the evaluated seat could see. */
export function participantView(task: ResolvedTask, state: SessionState, ctx: ViewContext): TeamView {
  const you = evaluatedSeat(task);
  const teammates = task.seats.filter((s) => s.kind !== 'evaluated');
  const systemSeats = new Set(teammates.filter((s) => s.kind === 'environment').map((s) => s.name));
  const started = state.started!;
  const messages = state.messages
    .map((m, index) => ({ m, index }))
    // Messages between other seats (a DM from the lead to someone else) are not the participant's to read.
    .filter(({ m }) => m.seat === null || m.to === TEAM_CHANNEL || m.to === you.name)
    .map(({ m, index }) => ({
      index,
      round: m.round,
      from: m.seat ?? you.name,
      to: m.to,
      text: m.text,
      mine: m.seat === null,
      system: m.seat !== null && systemSeats.has(m.seat),
    }));
  const hasDeal = hasDealRule(task.checker.pass_when);
  const last = standingProposal(state, you.name);
  const form = playedDealForm(task);
  return {
    sessionId: ctx.sessionId,
    studyKey: ctx.studyKey,
    taskId: task.id,
    taskTitle: task.title,
    version: started.version,
    seed: started.seed,
    participant: started.participant,
    startedAt: ctx.startedAt,
    endedAt: ctx.endedAt,
    clock: ctx.clock ?? { activeMs: 0, running: false, limitMs: null, warnAtMs: null },
    timeWarning: state.timeWarning,
    instructions: task.instructions,
    you: { name: you.name, role: you.role, facts: you.facts.map((f) => f.text) },
    teammates: teammates.map((s) => ({ name: s.name, role: s.role, system: s.kind === 'environment' })),
    channels: channelsOf(task),
    messages,
    round: state.round,
    rounds: task.rounds,
    status: teamStatusOf(state, ctx.checking),
    pausedReason: state.paused === null ? null : shownReason(state.paused),
    pausedBy: state.pausedBy,
    ended: state.ended,
    deal: hasDeal
      ? {
          proposal: last
            ? {
                from: last.seat,
                youGet: { ...last.evaluated_gets },
                theyGet: Object.fromEntries(Object.entries(last.evaluated_gets).map(([k, v]) => [k, PACKAGES_EACH - v])),
              }
            : null,
          accepted: state.deal.acceptedBy !== null,
          // Only who answers and what is split: never how the counterpart decides (that is the script's).
          form: form ? { counterpart: form.counterpart, items: dealItems.map((i) => ({ ...i })) } : null,
        }
      : null,
    workspace: task.workspace.files.length > 0 ? { tools: [...task.workspace.tools] } : null,
    answerChoice: choiceOf(task, ctx.sessionId),
    inbox: task.workspace.inbox
      .filter((item) => state.inbox.includes(item.id))
      .map((item) => ({ id: item.id, from: item.from, subject: item.subject, body: item.body })),
  };
}

/** The options the seat offers as a choice, in this run's order; null when the answer is typed only. */
export function choiceOf(task: ResolvedTask, sessionId: string): TeamView['answerChoice'] {
  const options = offeredOptions(task.answerOptions, task.answerChoice, sessionId);
  return options === null ? null : { options };
}

/** Where a run stands for its participant: the seat's status line, and the dashboard's cell. */
export function teamStatusOf(state: SessionState, checking: boolean | undefined): TeamView['status'] {
  return state.ended ? 'ended' : checking ? 'checking' : state.paused !== null ? 'paused' : state.phase === 'participant_turn' ? 'your_turn' : 'waiting';
}

/**
 * The proposal the seat shows: the latest one on the table from another seat (the one Accept accepts), or the
 * accepted one. The participant's own offer through the form is answered at once; once turned down it is not
 * theirs to accept.
 */
export function standingProposal(state: SessionState, evaluated: string): SessionState['deal']['proposals'][number] | undefined {
  const last = state.deal.proposals.at(-1);
  if (!last) return undefined;
  return state.deal.acceptedBy !== null || last.seat !== evaluated ? last : undefined;
}

function hasDealRule(rule: unknown): boolean {
  if (typeof rule !== 'object' || rule === null) return false;
  if ('deal' in rule) return true;
  return Object.values(rule).some((v) => (Array.isArray(v) ? v.some(hasDealRule) : hasDealRule(v)));
}
