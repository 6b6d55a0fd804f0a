import { ok, type Result } from '../../shared/result.js';
import type { BenchmarkTool } from '../../shared/harbor/tools.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { WorkspaceDb } from '../slack/openWorkspaceDb.js';
import { channelMembers, channelPage, jumpToDate, listConversations, listUsers, threadReplies, userProfile } from '../slack/queries.js';
import { searchMessages } from '../slack/search.js';
import { head, messagesHead, namesHead, pageHead, tsOfKey } from './resultHeads.js';
import type { SlackRuns } from './runs.js';
import type { SlackWorkspaces } from './workspaces.js';

type BrowseMethods =
  | 'slackConversations'
  | 'slackChannelPage'
  | 'slackJumpToDate'
  | 'slackThread'
  | 'slackUser'
  | 'slackUsers'
  | 'slackChannelMembers'
  | 'slackSearch';

/**
 * The sidebar's channel list is loaded by the page, not asked for by the person: every reload or host restart would
 * otherwise add another identical `list_channels` to the trajectory. The list is static for a workspace, so the first
 * one stands for all.
 */
const sameArguments = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The workspace browser. With a runId each call is first checked against the run (running, same workspace), then
 * answered, then written to the run's log as the benchmark's tool call, and only then returned.
 */
export function setupBrowseHandlers(
  _s: AppServices,
  workspaces: SlackWorkspaces,
  runs: SlackRuns,
): Pick<AppHandlers, BrowseMethods> {
  function browse<T>(
    where: { workspaceId: string; runId?: string },
    tool: BenchmarkTool,
    args: Record<string, unknown>,
    answer: (db: WorkspaceDb) => T,
    resultHead: (value: T) => string,
  ): Result<T> {
    let seen = false;
    if (where.runId) {
      const gate = runs.gate(where.runId, { workspaceId: where.workspaceId });
      if (!gate.ok) return gate;
      seen = tool === 'list_channels' && gate.value.actions.some((c) => c.tool === tool && sameArguments(c.arguments, args));
    }
    const db = workspaces.db(where.workspaceId);
    if (!db.ok) return db;
    const value = answer(db.value);
    if (where.runId && !seen) runs.record(where.runId, { tool, arguments: args, resultHead: resultHead(value) });
    return ok(value);
  }
  const withoutUndefined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

  return {
    slackConversations: (a) =>
      browse(a, 'list_channels', withoutUndefined({ types: a.kinds }), (db) => listConversations(db, a.kinds), (list) =>
        namesHead('conversations', list.map((c) => (c.kind === 'channel' || c.kind === 'private' ? `#${c.name}` : c.name))),
      ),
    slackChannelPage: (a) =>
      browse(
        a,
        'get_channel_history',
        withoutUndefined({
          channel_id: a.conversationId,
          latest: a.before === undefined ? undefined : tsOfKey(a.before),
          oldest: a.after === undefined ? undefined : tsOfKey(a.after),
          limit: a.limit ?? 50,
        }),
        (db) => channelPage(db, { conversationId: a.conversationId, before: a.before, after: a.after, limit: a.limit }),
        pageHead,
      ),
    slackJumpToDate: (a) =>
      browse(
        a,
        'get_channel_history',
        { channel_id: a.conversationId, oldest: a.day, limit: 50 },
        (db) => jumpToDate(db, a.conversationId, a.day, a.tzOffsetMinutes ?? 0),
        pageHead,
      ),
    slackThread: (a) =>
      browse(a, 'get_thread_replies', { channel_id: a.conversationId, thread_ts: a.threadTs }, (db) => threadReplies(db, a.conversationId, a.threadTs), messagesHead),
    slackUser: (a) =>
      browse(a, 'get_user_info', { user_id: a.userId }, (db) => userProfile(db, a.userId), (u) =>
        head(u.known ? `${u.name} (${u.realName ?? u.displayName ?? u.name})${u.title ? `, ${u.title}` : ''}` : `${u.id}: no profile in the export`),
      ),
    slackUsers: (a) => browse(a, 'list_users', {}, (db) => listUsers(db), (users) => namesHead('users', users.map((u) => u.name))),
    slackChannelMembers: (a) =>
      browse(
        a,
        'get_channel_members',
        { channel_id: a.conversationId },
        (db) => channelMembers(db, a.conversationId).map((id) => userProfile(db, id)),
        (users) => namesHead('members', users.map((u) => u.name)),
      ),
    slackSearch: (a) =>
      browse(
        a,
        'search_messages',
        withoutUndefined({ query: a.query, sort: a.sort, cursor: a.cursor ?? undefined, count: a.limit ?? 20 }),
        (db) => searchMessages(db, a.query, { sort: a.sort, cursor: a.cursor, limit: a.limit, tzOffsetMinutes: a.tzOffsetMinutes }),
        (page) => head(`${page.hits.length} results${page.hits.length ? '\n' : ''}${page.hits.map((h) => `#${h.message.conversationName} ${h.message.userName}: ${h.snippet.text}`).join('\n')}`),
      ),
  };
}
