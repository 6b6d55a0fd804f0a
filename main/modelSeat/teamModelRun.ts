import { ok, type Result } from '../../shared/result.js';
import type { TaskVersion } from '../../shared/team/pack/schema.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { EventBus } from '../app/eventBus.js';
import type { EventLog } from '../db/eventLog.js';
import { classifyFailure, toolTurn, type ChatPost, type ToolChatMessage } from '../judge/toolChat.js';
import type { TeamSessions } from '../team/teamSessions.js';
import { argumentsHead } from '../team/inputHead.js';
import { modelParticipant, type ModelRunError, type ModelStep } from './modelLog.js';
import { callTeamTool, toolsFor, type ToolCallOutcome } from './teamTools.js';
import { startModelFacts } from './modelFacts.js';

export interface ModelBudget {
  /** Reported tokens over the whole run. */
  tokens: number;
  /** Active seconds: the session's own time limit, as for a person. */
  seconds: number;
  /** Endpoint calls in one turn. */
  stepsPerTurn: number;
}

export interface TeamModelRunArgs {
  sessions: TeamSessions;
  log: EventLog;
  bus: EventBus;
  post: ChatPost;
  model: { name: string; id: string; baseUrl: string };
  studyKey: string;
  taskId: string;
  version: TaskVersion;
  seed: number;
  budget: ModelBudget;
  batch?: string;
  /** Told the session id as soon as the run exists (a UI opens the seat view on it). */
  onStarted?: (sessionId: string) => void;
}

export type TeamModelOutcome = { sessionId: string; ended: string } | { sessionId: string; error: ModelRunError };

/** A tool result longer than this is cut before it goes back to the model (the log keeps the session's own record). */
const TOOL_RESULT_CHARS = 20_000;

/**
 * One run of a team task with the model in the evaluated seat, through the same session runner a person's clicks go
 * through (engine, labeller, checker, workspace, time limit). Each of the model's turns ends a round as a person's
 * message does: it may call workspace tools any number of times, and its turn ends when it sends a message (a plain
 * text answer goes to the team channel) or submits. An endpoint failure stops the run as an error with its reason.
 */
export async function playTeamModelRun(a: TeamModelRunArgs): Promise<Result<TeamModelOutcome>> {
  const started = await a.sessions.start({
    studyKey: a.studyKey,
    taskId: a.taskId,
    participant: modelParticipant(a.model.name),
    version: a.version,
    seed: a.seed,
    timeLimitSec: a.budget.seconds,
  });
  if (!started.ok) return started;
  const sessionId = started.value.sessionId;
  const team = a.sessions.get(sessionId);
  if (!team.ok) return team;
  let view: TeamView = started.value;
  const system = systemPrompt(view);
  const { step: recordStep } = startModelFacts(a.log, a.bus, sessionId, { model: a.model, system, budget: a.budget, ...(a.batch ? { batch: a.batch } : {}) });
  a.onStarted?.(sessionId);

  const messages: ToolChatMessage[] = [{ role: 'system', content: system }];
  let seen = 0;
  const inboxSeen = new Set<string>();
  let tokens = 0;
  // The error closes the session at once (its clock stops, it takes nothing more): issue 28.
  const stop = async (reason: ModelRunError['reason'], message: string): Promise<Result<TeamModelOutcome>> => {
    const error: ModelRunError = { reason, message, round: view.round };
    // The session records it in its own log (and tells the watch view). A session already over (ended, or closed)
    // keeps its ending: an error after it would make a finished run read as an error.
    await team.value.closeOnError(error);
    return ok({ sessionId, error });
  };

  while (view.status !== 'ended') {
    // A submitted run's hidden tests run after the submit is answered (issue 13): the model's run ends with them.
    if (view.status === 'checking') {
      view = await team.value.whenChecked();
      if (view.status === 'checking') return stop('session', 'The run was submitted but its check did not finish.');
      continue;
    }
    if (view.status !== 'your_turn') return stop('session', `The session is ${view.status}, not waiting for the model.`);
    messages.push({ role: 'user', content: newsSince(view, seen, inboxSeen) });
    seen = view.messages.length;
    for (const item of view.inbox) inboxSeen.add(item.id);
    let turnOver = false;
    for (let step = 1; !turnOver; step++) {
      if (step > a.budget.stepsPerTurn) return stop('turn_limit', `The model made ${a.budget.stepsPerTurn} calls in round ${view.round} without sending a message or submitting.`);
      const tools = toolsFor(view);
      const turn = await toolTurn(a.post, messages, tools);
      if (!turn.ok) return stop(classifyFailure(turn.error.message), turn.error.message);
      const t0 = performance.now();
      const round = view.round;
      const reply = turn.value;
      tokens += reply.usage?.total_tokens ?? 0;
      // One rule on every step, the last one included (issue 28): a reply that takes the run over its token budget is
      // recorded and not acted on, so neither a message nor a submit it carries reaches the session.
      if (tokens > a.budget.tokens) {
        recordStep({ round, step, startedAt: t0 }, reply, []);
        return stop('token_budget', `The reply in round ${round} took the run to ${tokens} tokens, over its budget of ${a.budget.tokens}; it was recorded and not acted on.`);
      }
      messages.push({ role: 'assistant', content: reply.content, ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}) });
      const calls: ModelStep['calls'] = [];
      for (const call of reply.toolCalls) {
        // Calls after the one that ended the turn are answered, not run: the protocol wants a result for each.
        const outcome: ToolCallOutcome = turnOver || view.status === 'ended'
          ? { content: 'Not run: your turn had already ended.', ok: false, endsTurn: false, view }
          : await callTeamTool(team.value, view, call);
        view = outcome.view;
        turnOver ||= outcome.endsTurn;
        const content = outcome.content.length > TOOL_RESULT_CHARS ? `${outcome.content.slice(0, TOOL_RESULT_CHARS)}\n[cut at ${TOOL_RESULT_CHARS} characters]` : outcome.content;
        messages.push({ role: 'tool', tool_call_id: call.id, content });
        calls.push({ id: call.id, name: call.function.name, ...argumentsHead(call.function.arguments), ok: outcome.ok, result: content.slice(0, 500) });
      }
      if (reply.toolCalls.length === 0) {
        const text = reply.content?.trim() ?? '';
        if (text) {
          // A plain answer is said to the team, as a chat model in the benchmark speaks in the channel.
          const sent = await team.value.send(text, 'team');
          if (sent.ok) view = sent.value;
          else view = team.value.view();
          turnOver = true;
          calls.push({ id: '', name: 'send_message', arguments: JSON.stringify({ to: 'team', text }), ok: sent.ok, result: sent.ok ? 'sent' : sent.error.message });
        } else {
          messages.push({ role: 'user', content: 'Use one of the tools: send_message to speak, or submit to finish.' });
        }
      }
      recordStep({ round, step, startedAt: t0 }, reply, calls);
      if (view.status === 'ended') break;
    }
  }
  return ok({ sessionId, ended: view.ended ?? 'abandoned' });
}

/** The person's brief (instructions, then their facts, as personRun.ts exports it), then who is who and how to speak. */
export function systemPrompt(view: TeamView): string {
  const facts = view.you.facts.map((f) => `- ${f}`);
  const brief = facts.length ? `${view.instructions}\n\nWhat you know:\n${facts.join('\n')}` : view.instructions;
  const team = view.teammates.map((t) => `- ${t.name}: ${t.role}${t.system ? ' (automated)' : ''}`).join('\n');
  return (
    `${brief}\n\nYou are ${whoYouAre(view.you)}. Your team:\n${team}\n\n` +
    `The task lasts at most ${view.rounds} rounds. In each round your teammates speak, then you: use the tools as you need, ` +
    `then end your turn with send_message (to "team" or one teammate). Call submit when you are done; it ends the task.` +
    (view.deal?.form ? ` You can put a split on the table at any point of your turn with submit_deal; ${view.deal.form.counterpart} answers it at once.` : '')
  );
}

/**
 * The seat as the model is told it: packs name the evaluated seat `you`, and "You are you (Developer)" says nothing
 * (issue 28), so such a seat is its role; a seat with a name of its own is that name and its role.
 */
export function whoYouAre(you: { name: string; role: string }): string {
  return you.name.trim().toLowerCase() === 'you' ? `the ${you.role}` : `${you.name}, the ${you.role}`;
}

/** Everything the seat could see that arrived since the model last spoke: teammates' messages and the inbox. */
function newsSince(view: TeamView, seen: number, inboxSeen: ReadonlySet<string>): string {
  const lines = view.messages
    .slice(seen)
    .filter((m) => !m.mine)
    .map((m) => `[round ${m.round}] ${m.from} → ${m.to === view.you.name ? 'you' : m.to}: ${m.text}`);
  const inbox = view.inbox.filter((i) => !inboxSeen.has(i.id)).map((i) => `Inbox: from ${i.from}, "${i.subject}": ${i.body}`);
  const head = `Round ${view.round} of ${view.rounds}. It is your turn.`;
  return [head, ...(lines.length ? lines : ['(no new messages)']), ...inbox, ...onTheTable(view)].join('\n');
}

/** The deal a teammate has on the table, in words: its chat line is only CaSiNo's `Submit-Deal` token. */
function onTheTable(view: TeamView): string[] {
  const p = view.deal?.proposal;
  if (!p || view.deal?.accepted || p.from === view.you.name) return [];
  const list = (x: Record<string, number>) => Object.entries(x).map(([k, v]) => `${v} ${k}`).join(', ');
  return [`On the table from ${p.from}: you get ${list(p.youGet)}; ${p.from} gets ${list(p.theyGet)} (accept_deal accepts it).`];
}
