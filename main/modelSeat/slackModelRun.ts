import type { RunView } from '../../shared/contract/slack.js';
import { extractFinalAnswer } from '../../shared/judge/finalAnswer.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import { classifyFailure, toolTurn, type ChatPost, type ToolChatMessage } from '../judge/toolChat.js';
import { findQuery, loadSlackStudy, type SlackStudy } from '../slackSeat/slackStudy.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
import { slackWorkspacesOf } from '../slackSeat/slackWorkspacesOf.js';
import { studyImportTarget } from '../slackSeat/studyWorkspace.js';
import { argumentsHead } from '../team/inputHead.js';
import { modelParticipant, type ModelRunError, type ModelStep } from './modelLog.js';
import { callSlackTool, slackToolsFor } from './slackTools.js';
import type { ModelBudget } from './teamModelRun.js';
import { startModelFacts } from './modelFacts.js';

export interface SlackModelRunArgs {
  s: AppServices;
  post: ChatPost;
  model: { name: string; id: string; baseUrl: string };
  studyKey: string;
  queryId: string;
  budget: ModelBudget;
  batch?: string;
  onStarted?: (runId: string) => void;
}

export type SlackModelOutcome = { sessionId: string; ended: 'submitted' | 'time_limit' } | { sessionId: string; error: ModelRunError };

const TOOL_RESULT_CHARS = 20_000;

/**
 * One Slack query answered by a model in the seat: a run of the same SlackRuns a person's clicks go through (its
 * clock, its time limit, its log), the query as the user message, and the benchmark's read-only tools. A query is
 * one turn: the model calls tools until it replies without one, and that reply (what follows `FINAL_ANSWER:`, as
 * the benchmark's agents wrote it) is submitted as the answer. An endpoint failure stops the run as an error.
 */
export async function playSlackModelRun(a: SlackModelRunArgs): Promise<Result<SlackModelOutcome>> {
  const study = loadSlackStudy(a.s.library, a.studyKey);
  if (!study.ok) return study;
  const ready = await workspaceReady(a.s, study.value, a.queryId);
  if (!ready.ok) return ready;
  const runs = slackRunsOf(a.s);
  const started = runs.start(a.studyKey, a.queryId, modelParticipant(a.model.name), { timeLimitSec: a.budget.seconds, newAttempt: true });
  if (!started.ok) return started;
  const runId = started.value.runId;
  const log = a.s.database.eventLog!;
  const system = slackSystemPrompt(study.value);
  const { step: recordStep } = startModelFacts(log, a.s.bus, runId, { model: a.model, system, budget: a.budget, ...(a.batch ? { batch: a.batch } : {}) });
  a.onStarted?.(runId);

  const scope = { runId, workspaceId: started.value.workspaceId, study: study.value };
  const tools = slackToolsFor(study.value);
  const messages: ToolChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: started.value.query },
  ];
  let tokens = 0;
  const stop = (reason: ModelRunError['reason'], message: string): Result<SlackModelOutcome> => {
    const error: ModelRunError = { reason, message, round: 1 };
    // The run is closed at once (its clock stops, it takes nothing more): issue 28. A run already answered keeps its answer.
    runs.closeOnError(runId, error);
    return ok({ sessionId: runId, error });
  };
  for (let step = 1; ; step++) {
    if (step > a.budget.stepsPerTurn) return stop('turn_limit', `The model made ${a.budget.stepsPerTurn} calls without answering.`);
    const turn = await toolTurn(a.post, messages, tools);
    if (!turn.ok) return stop(classifyFailure(turn.error.message), turn.error.message);
    const t0 = performance.now();
    const reply = turn.value;
    tokens += reply.usage?.total_tokens ?? 0;
    // One rule on every step, the answering one included (issue 28): a reply that takes the run over its token budget
    // is recorded and not acted on.
    if (tokens > a.budget.tokens) {
      recordStep({ round: 1, step, startedAt: t0 }, reply, []);
      return stop('token_budget', `The reply took the run to ${tokens} tokens, over its budget of ${a.budget.tokens}; it was recorded and not acted on.`);
    }
    messages.push({ role: 'assistant', content: reply.content, ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}) });
    const calls: ModelStep['calls'] = [];
    let answered: RunView | null = null;
    for (const call of reply.toolCalls) {
      const outcome = await callSlackTool(a.s, scope, call);
      const content = outcome.content.length > TOOL_RESULT_CHARS ? `${outcome.content.slice(0, TOOL_RESULT_CHARS)}\n[cut at ${TOOL_RESULT_CHARS} characters]` : outcome.content;
      messages.push({ role: 'tool', tool_call_id: call.id, content });
      calls.push({ id: call.id, name: call.function.name, ...argumentsHead(call.function.arguments), ok: outcome.ok, result: content.slice(0, 500) });
    }
    if (reply.toolCalls.length === 0) {
      const answer = extractFinalAnswer(reply.content ?? '');
      if (answer) {
        // An answer after the time limit is kept and marked late, as a person's is.
        const submitted = runs.submit(runId, answer);
        calls.push({ id: '', name: 'submit', arguments: JSON.stringify({ answer }), ok: submitted.ok, result: submitted.ok ? 'submitted' : submitted.error.message });
        if (submitted.ok) answered = submitted.value;
      } else {
        messages.push({ role: 'user', content: 'Reply with your answer on a line starting FINAL_ANSWER:, or use a tool.' });
      }
    }
    recordStep({ round: 1, step, startedAt: t0 }, reply, calls);
    if (answered) return ok({ sessionId: runId, ended: answered.ended ?? 'submitted' });
  }
}

/** SlackBench's agent brief, in a sentence or two per point: the workspace, the tools, abstaining, the answer format. */
export function slackSystemPrompt(study: SlackStudy): string {
  const where = [
    'a team\'s Slack workspace',
    study.repoDir ? `its code repository (owner "${study.id}", repo: see get_file_contents)` : null,
    study.docsDir ? `its documents (owner "${study.id}", repo "docs")` : null,
  ].filter(Boolean);
  return (
    `You answer a question about ${where.join(', ')}. Use the tools to search and read; they are read-only. ` +
    `Answer only from what you find. If the workspace does not hold the answer, say so and say why rather than guess. ` +
    `When you are done, reply without a tool call, with your answer on a line starting FINAL_ANSWER:.`
  );
}

/** Imports the query's workspace when it is not there yet (once, for every run that needs it) and waits for it. */
export async function workspaceReady(s: AppServices, study: SlackStudy, queryId: string): Promise<Result<string>> {
  const query = findQuery(study, queryId);
  if (!query.ok) return query;
  const target = studyImportTarget(study, query.value);
  if (!target.ok) return target;
  const workspaces = slackWorkspacesOf(s);
  const id = target.value.workspaceId;
  const status = workspaces.ensure(target.value);
  if (status.status === 'ready') return ok(id);
  if (status.status !== 'importing') return fail('conflict', `The workspace for query ${queryId} is ${status.status}: ${status.error ?? ''}`.trim());
  // The import's own end event says how it ended (its status reads "importing" until the import is let go).
  const done = await new Promise<{ error: string | null; cancelled: boolean }>((resolve) => {
    const off = s.bus.subscribe((e) => {
      if (e.type !== 'slack.import.done' || e.workspaceId !== id) return;
      off();
      resolve({ error: e.error, cancelled: e.report?.cancelled === true });
    });
  });
  if (done.error || done.cancelled) return fail('conflict', `The workspace for query ${queryId} did not import: ${done.error ?? 'the import was cancelled'}`);
  // The import is let go in a promise's finally, just after its end event: past the microtasks it reads "ready".
  await new Promise((resolve) => setImmediate(resolve));
  return ok(id);
}
