import { z } from 'zod';
import type { WorkspaceToolName } from '../../shared/team/pack/schema.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { FunctionTool, WireToolCall } from '../judge/toolChat.js';
import { parseArguments } from '../judge/toolChat.js';
import type { TeamSession } from '../team/teamSession.js';

/**
 * The team task's tools as function tools under the benchmark's names, and one call carried out through the same
 * session a person's clicks go through. Arguments are checked by the session (workspace tools) or here (the rest);
 * a bad call becomes the tool's result, as in the benchmark's harness, and never ends the run.
 */

const pathArg = { type: 'string', description: 'A path inside the workspace, e.g. src/app.py' };

const WORKSPACE_TOOLS: Record<WorkspaceToolName, FunctionTool> = {
  list_files: fn('list_files', 'List the files of the workspace (optionally under a folder).', { path: { ...pathArg, description: 'A folder inside the workspace' } }, []),
  read_file: fn('read_file', 'Read one file of the workspace.', { path: pathArg }, ['path']),
  edit_file: fn('edit_file', 'Replace the whole content of a workspace file (creates it if missing).', { path: pathArg, content: { type: 'string' } }, ['path', 'content']),
  grep: fn(
    'grep',
    'Search the workspace files for a text (or a regular expression).',
    { pattern: { type: 'string' }, regex: { type: 'boolean' }, ignoreCase: { type: 'boolean' }, path: pathArg, maxMatches: { type: 'integer', minimum: 1 } },
    ['pattern'],
  ),
  run_tests: fn('run_tests', "Run the workspace's visible tests and report how many passed and failed.", {}, []),
  submit: fn('submit', 'Submit your final answer or work; this ends the task.', { message: { type: 'string', description: 'Your final answer or a summary of your work' } }, []),
};

function fn(name: string, description: string, properties: Record<string, unknown>, required: string[]): FunctionTool {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } } };
}

/** What the model may call now: send_message and submit always, the task's workspace tools, accept_deal when a deal is on the table. */
export function toolsFor(view: TeamView): FunctionTool[] {
  const tools: FunctionTool[] = [
    fn(
      'send_message',
      'Send a message to the team channel or to one teammate. This ends your turn (and the round).',
      { to: { type: 'string', enum: view.channels, description: '"team" or a teammate\'s name' }, text: { type: 'string' } },
      ['to', 'text'],
    ),
  ];
  for (const name of view.workspace?.tools ?? []) if (name !== 'submit') tools.push(WORKSPACE_TOOLS[name]);
  tools.push(submitTool(view));
  if (view.deal?.proposal && !view.deal.accepted) tools.push(fn('accept_deal', 'Accept the deal your counterpart proposed; this ends the task.', {}, []));
  const form = view.deal?.form;
  if (form && !view.deal?.accepted) tools.push(dealFormTool(form));
  return tools;
}

/**
 * The submit tool. Where the seat offers the answer as a choice (issue 23), it takes `choice` as a person's radio
 * group does, in the same order, and `message` is then the reason beside it, as the person's answer box is.
 */
function submitTool(view: TeamView): FunctionTool {
  const options = view.answerChoice?.options;
  if (!options) return WORKSPACE_TOOLS.submit;
  return fn(
    'submit',
    `Submit your final answer; this ends the task. Your answer is one of: ${options.join(', ')}. Pick it as \`choice\` and give your reason in \`message\`, or write your whole answer in \`message\`.`,
    {
      choice: { type: 'string', enum: options, description: 'Your answer, one of the options' },
      message: { type: 'string', description: 'With a choice: your reason (optional). Without one: your final answer' },
    },
    [],
  );
}

/** The deal form as a tool (issue 23): the same offer a person makes with the form, checked and answered the same way. */
function dealFormTool(form: NonNullable<NonNullable<TeamView['deal']>['form']>): FunctionTool {
  const counts = (who: string) => ({
    type: 'object',
    description: `How many packages of each item ${who} gets`,
    properties: Object.fromEntries(form.items.map((i) => [i.name, { type: 'integer', minimum: 0, maximum: i.count }])),
    required: form.items.map((i) => i.name),
    additionalProperties: false,
  });
  const items = form.items.map((i) => `${i.count} ${i.name}`).join(', ');
  return fn(
    'submit_deal',
    `Put a split on the table for ${form.counterpart} to answer (the deal form). There are ${items}; each item's two counts must add up. ${form.counterpart} answers at once: if it accepts, the deal is agreed and the task ends; if not, you can keep talking, accept its offer or offer again.`,
    { you_get: counts('your side'), they_get: counts(form.counterpart) },
    ['you_get', 'they_get'],
  );
}

export interface ToolCallOutcome {
  /** What goes back to the model as the tool's result. */
  content: string;
  ok: boolean;
  /** The call ended the model's turn (a message was sent) or the run (submit, a deal). */
  endsTurn: boolean;
  view: TeamView;
}

const sendArgs = (channels: string[]) =>
  z.strictObject({
    to: z.string().refine((to) => channels.includes(to), { message: `expected one of ${channels.join(', ')}` }),
    text: z.string().trim().min(1, 'the message is empty').max(20_000),
  });
const submitArgs = z.strictObject({ message: z.string().max(100_000).optional(), choice: z.string().max(500).optional() });
const offerArgs = z.strictObject({ you_get: z.record(z.string().max(40), z.number()), they_get: z.record(z.string().max(40), z.number()) });

const refusal = (view: TeamView, content: string): ToolCallOutcome => ({ content: `Error: ${content}`, ok: false, endsTurn: false, view });

/** Carries out one tool call of the model through the session; the session refuses what a person would be refused. */
export async function callTeamTool(team: TeamSession, view: TeamView, call: WireToolCall): Promise<ToolCallOutcome> {
  const name = call.function.name;
  const offered = toolsFor(view).map((t) => t.function.name);
  if (!offered.includes(name)) return refusal(view, `unknown tool "${name}"; the tools are ${offered.join(', ')}.`);
  const args = parseArguments(call.function.arguments);
  if (!args.ok) return refusal(view, `${name}: ${args.error.message}.`);
  const issue = (e: z.ZodError) => `${name}: ${e.issues[0]?.path.join('.') ? `${e.issues[0]?.path.join('.')}: ` : ''}${e.issues[0]?.message ?? 'bad arguments'}.`;

  if (name === 'send_message') {
    const parsed = sendArgs(view.channels).safeParse(args.value);
    if (!parsed.success) return refusal(view, issue(parsed.error));
    const sent = await team.send(parsed.data.text, parsed.data.to);
    return sent.ok ? { content: 'sent', ok: true, endsTurn: true, view: sent.value } : refusal(team.view(), sent.error.message);
  }
  if (name === 'submit') {
    const parsed = submitArgs.safeParse(args.value);
    if (!parsed.success) return refusal(view, issue(parsed.error));
    const { message, choice } = parsed.data;
    // `choice` is offered only where the seat offers one; the session refuses one that is not an option of this run.
    if (choice !== undefined && !view.answerChoice) return refusal(view, 'submit: this task takes no choice; write your answer in message.');
    const done = choice === undefined ? await team.submit(message) : await team.submit(undefined, { option: choice, ...(message === undefined ? {} : { reason: message }) });
    return done.ok ? { content: 'submitted', ok: true, endsTurn: true, view: done.value } : refusal(team.view(), done.error.message);
  }
  if (name === 'submit_deal') {
    const parsed = offerArgs.safeParse(args.value);
    if (!parsed.success) return refusal(view, issue(parsed.error));
    const done = await team.offerDeal({ youGet: parsed.data.you_get, theyGet: parsed.data.they_get });
    if (!done.ok) return refusal(team.view(), done.error.message);
    return { content: offerOutcome(done.value), ok: true, endsTurn: done.value.deal?.accepted === true, view: done.value };
  }
  if (name === 'accept_deal') {
    const done = await team.acceptDeal();
    return done.ok ? { content: 'deal accepted', ok: true, endsTurn: true, view: done.value } : refusal(team.view(), done.error.message);
  }
  const done = await team.tool(name as Exclude<WorkspaceToolName, 'submit'>, args.value);
  if (!done.ok) return refusal(team.view(), done.error.message);
  const { outcome } = done.value;
  return { content: outcome.ok ? outcome.output || outcome.resultHead : `Error: ${outcome.output}`, ok: outcome.ok, endsTurn: false, view: done.value.view };
}

/** What the counterpart answered, in words the model can act on (the chat has only its action tokens). */
function offerOutcome(after: TeamView): string {
  const who = after.deal?.form?.counterpart ?? 'The counterpart';
  if (after.deal?.accepted) return `${who} accepted your offer: the deal is agreed and the task ends.`;
  const proposal = after.deal?.proposal;
  // After a rejection the only proposal shown is the counterpart's own, put back on the table (engine/dealAnswer.ts).
  if (!proposal) return `${who} rejected your offer. You can keep talking or offer another split.`;
  const list = (p: Record<string, number>) => Object.entries(p).map(([k, v]) => `${v} ${k}`).join(', ');
  return `${who} rejected your offer and put its own back on the table: you get ${list(proposal.youGet)}; ${who} gets ${list(proposal.theyGet)}. Call accept_deal to accept it, keep talking, or offer another split.`;
}
