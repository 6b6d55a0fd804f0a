import { z } from 'zod';
import type { CallContext } from '../../shared/contract/define.js';
import { conversationKinds } from '../../shared/contract/slack.js';
import type { Result } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { FunctionTool, WireToolCall } from '../judge/toolChat.js';
import { parseArguments } from '../judge/toolChat.js';
import { setupRepoHandlers } from '../slackSeat/repoHandlers.js';
import type { SlackStudy } from '../slackSeat/slackStudy.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
import { slackWorkspacesOf } from '../slackSeat/slackWorkspacesOf.js';
import { setupBrowseHandlers } from '../slackSeat/workspaceHandlers.js';
import { slackView, type SlackToolHandlers } from './slackToolViews.js';

/**
 * SlackBench's read-only Slack and GitHub tools (FORMATS.md §3) as function tools, answered by the same handlers a
 * person's clicks go through: each call is checked against the run (running, its workspace, its study), answered,
 * and recorded in the run's log under the benchmark's name before the model sees it. A bad call (unknown tool,
 * arguments that are not JSON or fail the schema, a run whose time is up) goes back to the model as the tool's result.
 */

const fn = (name: string, description: string, properties: Record<string, unknown>, required: string[]): FunctionTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});
const str = (description: string) => ({ type: 'string', description });
const int = (description: string, maximum: number) => ({ type: 'integer', minimum: 1, maximum, description });

const SLACK: FunctionTool[] = [
  fn('list_channels', 'List the conversations of the workspace: channels, private channels, DMs and group DMs, with ids, topics and members.', { types: { type: 'array', items: { type: 'string', enum: [...conversationKinds] } } }, []),
  fn(
    'get_channel_history',
    'Messages of one conversation, oldest first: the newest page, or the page before `latest` / after `oldest` (Slack ts).',
    { channel_id: str('A conversation id from list_channels (a channel name also works)'), latest: str('Only messages before this ts'), oldest: str('Only messages after this ts'), limit: int('How many messages (default 50)', 200) },
    ['channel_id'],
  ),
  fn('get_channel_members', 'The members of one conversation.', { channel_id: str('A conversation id or channel name') }, ['channel_id']),
  fn('get_thread_replies', 'A thread: its parent message and every reply.', { channel_id: str('A conversation id or channel name'), thread_ts: str("The parent message's ts") }, ['channel_id', 'thread_ts']),
  fn('get_user_info', "One user's profile.", { user_id: str('A user id, e.g. U012AB3CD') }, ['user_id']),
  fn('list_users', 'Everyone in the workspace.', {}, []),
  fn(
    'search_messages',
    'Search messages. Slack modifiers work: in:#channel, from:@name, before:/after:/on:YYYY-MM-DD, has:link, "exact phrase".',
    { query: str('What to search for'), sort: { type: 'string', enum: ['newest', 'relevance'] }, count: int('How many results (default 20)', 100), cursor: str('The next_cursor of an earlier search') },
    ['query'],
  ),
];

const repoArgs = { owner: str('The owner, e.g. the study id'), repo: str('The repository name ("docs" for the documents)') };
const GITHUB: FunctionTool[] = [
  fn('get_file_contents', 'A file or a folder listing of a repository (the documents are the "docs" repository).', { ...repoArgs, path: str("A path in the repository; '' for the root"), ref: str('A commit id (default: the latest)') }, ['owner', 'repo']),
  fn('search_code', 'Search the code of the repository for a text (case-insensitive).', { q: str('The text to find; a repo:owner/name qualifier is allowed') }, ['q']),
  fn('list_commits', "A repository's commits, newest first, with the files each changed; with `sha`, that one commit and its diff.", { ...repoArgs, path: str('Only commits touching this path'), sha: str('One commit id'), perPage: int('How many commits (default 30)', 500) }, ['owner', 'repo']),
];

/** What a model is offered on a query: the Slack tools, and the GitHub tools when the study has a repository or documents. */
export function slackToolsFor(study: SlackStudy): FunctionTool[] {
  return study.repoDir || study.docsDir ? [...SLACK, ...GITHUB] : SLACK;
}

const channel = z.string().trim().min(1).max(200);
const ts = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'expected a Slack ts such as 1725960000.000100');
const argSchemas = {
  list_channels: z.strictObject({ types: z.array(z.enum(conversationKinds)).optional() }),
  get_channel_history: z.strictObject({ channel_id: channel, latest: ts.optional(), oldest: ts.optional(), limit: z.number().int().min(1).max(200).optional() }),
  get_channel_members: z.strictObject({ channel_id: channel }),
  get_thread_replies: z.strictObject({ channel_id: channel, thread_ts: ts }),
  get_user_info: z.strictObject({ user_id: z.string().trim().min(1).max(100) }),
  list_users: z.strictObject({}),
  search_messages: z.strictObject({ query: z.string().trim().min(1).max(1000), sort: z.enum(['newest', 'relevance']).optional(), count: z.number().int().min(1).max(100).optional(), cursor: z.string().max(200).optional() }),
  get_file_contents: z.strictObject({ owner: z.string(), repo: z.string().min(1), path: z.string().max(1000).optional(), ref: z.string().max(100).optional() }),
  search_code: z.strictObject({ q: z.string().trim().min(1).max(300) }),
  list_commits: z.strictObject({ owner: z.string(), repo: z.string().min(1), path: z.string().max(1000).optional(), sha: z.string().regex(/^[0-9a-f]{4,40}$/, 'expected a commit id').optional(), perPage: z.number().int().min(1).max(500).optional() }),
} as const;
export type SlackModelTool = keyof typeof argSchemas;
export type SlackToolArgs = { [K in SlackModelTool]: z.infer<(typeof argSchemas)[K]> };

// The handlers a person's clicks call, over the app's one SlackRuns (keyed by the bus, as slackRunsOf is).
const perApp = new WeakMap<AppServices['bus'], SlackToolHandlers>();
function handlersOf(s: AppServices): SlackToolHandlers {
  let h = perApp.get(s.bus);
  if (!h) {
    const runs = slackRunsOf(s);
    h = { ...setupBrowseHandlers(s, slackWorkspacesOf(s), runs), ...setupRepoHandlers(s, runs) } satisfies Partial<AppHandlers>;
    perApp.set(s.bus, h);
  }
  return h;
}

export interface SlackToolOutcome {
  content: string;
  ok: boolean;
}

export interface SlackCallScope {
  runId: string;
  workspaceId: string;
  study: SlackStudy;
}

/** The model's tool calls are the experimenter's own (no participant link), made by the app itself. */
const CTX: CallContext = { host: 'browser' };

/** Carries out one tool call through the Slack seat's handlers; what went wrong comes back as the tool's result. */
export async function callSlackTool(s: AppServices, scope: SlackCallScope, call: WireToolCall): Promise<SlackToolOutcome> {
  const name = call.function.name;
  const offered = slackToolsFor(scope.study).map((t) => t.function.name);
  if (!offered.includes(name) || !(name in argSchemas)) return { content: `Error: unknown tool "${name}"; the tools are ${offered.join(', ')}.`, ok: false };
  const args = parseArguments(call.function.arguments);
  if (!args.ok) return { content: `Error: ${name}: ${args.error.message}.`, ok: false };
  const parsed = argSchemas[name as SlackModelTool].safeParse(args.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { content: `Error: ${name}: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'bad arguments'}.`, ok: false };
  }
  const answered: Result<string> = await slackView(handlersOf(s), CTX, scope, name as SlackModelTool, parsed.data as never);
  return answered.ok ? { content: answered.value, ok: true } : { content: `Error: ${answered.error.message}`, ok: false };
}
