import type { CallContext } from '../../shared/contract/define.js';
import type { MessageViewDto, UserProfileView } from '../../shared/contract/slack.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { AppHandlers } from '../app/appServices.js';
import type { SlackCallScope, SlackModelTool, SlackToolArgs } from './slackTools.js';

/** The Slack seat's handlers the model's tools are answered by. */
export type SlackToolHandlers = Pick<
  AppHandlers,
  | 'slackConversations'
  | 'slackChannelPage'
  | 'slackJumpToDate'
  | 'slackThread'
  | 'slackUser'
  | 'slackUsers'
  | 'slackChannelMembers'
  | 'slackSearch'
  | 'slackStudyResources'
  | 'slackRepoTree'
  | 'slackRepoFile'
  | 'slackRepoCommits'
  | 'slackRepoCommit'
  | 'slackRepoSearch'
  | 'slackDocument'
>;

// What the model reads back: the fields an agent's Slack or GitHub server would give, as compact JSON lines.

const line = (o: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))));
const message = (m: MessageViewDto) =>
  line({ ts: m.ts, thread_ts: m.threadTs !== m.ts ? m.threadTs : null, user: m.userName, user_id: m.userId, text: m.text, reply_count: m.replyCount || null, files: m.files.length || null, subtype: m.subtype });
const user = (u: UserProfileView) => line({ id: u.id, name: u.name, real_name: u.realName, display_name: u.displayName, title: u.title, tz: u.tz, is_bot: u.isBot || null, deleted: u.isDeleted || null, known: u.known ? null : false });
const lines = (head: string, rows: string[]) => [head, ...rows].join('\n');

/** A Slack ts as the workspace's time key (microseconds), which channel pages take as their cursor. */
export function keyOfTs(ts: string): number {
  const [sec = '0', micro = ''] = ts.split('.');
  return Number(sec) * 1_000_000 + Number(micro.padEnd(6, '0').slice(0, 6));
}

/** `#general`, `general` or an id: the conversation's id, read from the same list list_channels gives. */
async function conversationId(h: SlackToolHandlers, ctx: CallContext, scope: SlackCallScope, idOrName: string): Promise<Result<string>> {
  // Unrecorded (no runId): resolving a name is not an action of the model's.
  const all = await h.slackConversations({ workspaceId: scope.workspaceId }, ctx);
  if (!all.ok) return all;
  const bare = idOrName.replace(/^#/, '');
  const found = all.value.find((c) => c.id === idOrName) ?? all.value.find((c) => c.name === bare);
  return found ? ok(found.id) : fail('not_found', `no conversation "${idOrName}"; list_channels gives the ids.`);
}

/** The repository a GitHub call names: the study's own, or `docs` for its documents. */
async function repoOf(h: SlackToolHandlers, ctx: CallContext, scope: SlackCallScope, repo: string): Promise<Result<'repo' | 'docs'>> {
  if (repo === 'docs' && scope.study.docsDir) return ok('docs');
  const resources = await h.slackStudyResources({ studyKey: scope.study.key }, ctx);
  if (!resources.ok) return resources;
  const name = resources.value.repository?.name;
  if (name && (repo === name || repo.endsWith(`/${name}`))) return ok('repo');
  const known = [name ? `${scope.study.id}/${name}` : null, scope.study.docsDir ? `${scope.study.id}/docs` : null].filter(Boolean);
  return fail('not_found', `no repository "${repo}"; the repositories are ${known.join(' and ') || 'none'}.`);
}

export async function slackView<K extends SlackModelTool>(h: SlackToolHandlers, ctx: CallContext, scope: SlackCallScope, tool: K, args: SlackToolArgs[K]): Promise<Result<string>> {
  const run = { runId: scope.runId, workspaceId: scope.workspaceId };
  const inStudy = { runId: scope.runId, studyKey: scope.study.key };
  const map = async <T>(r: Result<T> | Promise<Result<T>>, text: (v: T) => string): Promise<Result<string>> => {
    const done = await r;
    return done.ok ? ok(text(done.value)) : done;
  };
  const a = args as SlackToolArgs[SlackModelTool];
  switch (tool) {
    case 'list_channels': {
      const { types } = a as SlackToolArgs['list_channels'];
      return map(h.slackConversations({ ...run, ...(types ? { kinds: types } : {}) }, ctx), (list) =>
        lines(`${list.length} conversations`, list.map((c) => line({ id: c.id, name: c.name, kind: c.kind, topic: c.topic, purpose: c.purpose, archived: c.isArchived || null, members: c.members }))),
      );
    }
    case 'get_channel_history': {
      const x = a as SlackToolArgs['get_channel_history'];
      const id = await conversationId(h, ctx, scope, x.channel_id);
      if (!id.ok) return id;
      const page = { ...run, conversationId: id.value, limit: x.limit ?? 50, ...(x.latest ? { before: keyOfTs(x.latest) } : {}), ...(x.oldest ? { after: keyOfTs(x.oldest) } : {}) };
      return map(h.slackChannelPage(page, ctx), (p) =>
        lines(`${p.messages.length} messages, oldest first${p.olderCursor !== null ? ' (older ones exist: pass the first ts as latest)' : ''}`, p.messages.map(message)),
      );
    }
    case 'get_channel_members': {
      const id = await conversationId(h, ctx, scope, (a as SlackToolArgs['get_channel_members']).channel_id);
      if (!id.ok) return id;
      return map(h.slackChannelMembers({ ...run, conversationId: id.value }, ctx), (users) => lines(`${users.length} members`, users.map(user)));
    }
    case 'get_thread_replies': {
      const x = a as SlackToolArgs['get_thread_replies'];
      const id = await conversationId(h, ctx, scope, x.channel_id);
      if (!id.ok) return id;
      return map(h.slackThread({ ...run, conversationId: id.value, threadTs: x.thread_ts }, ctx), (ms) => lines(`${ms.length} messages`, ms.map(message)));
    }
    case 'get_user_info':
      return map(h.slackUser({ ...run, userId: (a as SlackToolArgs['get_user_info']).user_id }, ctx), user);
    case 'list_users':
      return map(h.slackUsers(run, ctx), (users) => lines(`${users.length} users`, users.map(user)));
    case 'search_messages': {
      const x = a as SlackToolArgs['search_messages'];
      return map(h.slackSearch({ ...run, query: x.query, sort: x.sort ?? 'newest', ...(x.cursor ? { cursor: x.cursor } : {}), limit: x.count ?? 20 }, ctx), (p) =>
        lines(
          `${p.hits.length} results${p.nextCursor ? `; more with cursor ${JSON.stringify(p.nextCursor)}` : ''}${p.problems.length ? `; ${p.problems.join('; ')}` : ''}`,
          p.hits.map((hit) => line({ channel: hit.message.conversationName, channel_id: hit.message.conversationId, ts: hit.message.ts, thread_ts: hit.message.threadTs, user: hit.message.userName, text: hit.message.text })),
        ),
      );
    }
    case 'get_file_contents': {
      const x = a as SlackToolArgs['get_file_contents'];
      const which = await repoOf(h, ctx, scope, x.repo);
      if (!which.ok) return which;
      const p = (x.path ?? '').replace(/^\/+|\/+$/g, '');
      if (which.value === 'docs') {
        if (!p) return map(h.slackStudyResources({ studyKey: scope.study.key }, ctx), (r) => lines(`${r.documents.length} documents`, r.documents.map((d) => line({ path: d.path, title: d.title, size: d.size }))));
        return map(h.slackDocument({ ...inStudy, path: p }, ctx), (d) => d.text);
      }
      const file = p ? await h.slackRepoFile({ ...inStudy, path: p, ...(x.ref ? { oid: x.ref } : {}) }, ctx) : null;
      if (file?.ok) return ok(file.value.text ?? `(binary file, ${file.value.size} bytes)`);
      // Not a file: a folder (as GitHub's contents API answers with a listing).
      const tree = await h.slackRepoTree({ ...inStudy, path: p }, ctx);
      if (!tree.ok) return file && !file.ok ? file : tree;
      return ok(lines(`${tree.value.length} entries in /${p}`, tree.value.map((e) => `${e.type === 'dir' ? `${e.path}/` : e.path}`)));
    }
    case 'search_code': {
      const q = (a as SlackToolArgs['search_code']).q.replace(/\b(repo|org|user|path|language):\S+/g, '').trim();
      if (!q) return fail('bad_request', 'search_code: q has no text to find besides qualifiers.');
      return map(h.slackRepoSearch({ ...inStudy, query: q }, ctx), (hits) => lines(`${hits.length} results`, hits.map((x) => `${x.path}:${x.line}: ${x.text.trim()}`)));
    }
    case 'list_commits': {
      const x = a as SlackToolArgs['list_commits'];
      const which = await repoOf(h, ctx, scope, x.repo);
      if (!which.ok) return which;
      if (which.value === 'docs') return fail('not_found', 'the documents have no commit history.');
      if (x.sha) {
        return map(h.slackRepoCommit({ ...inStudy, oid: x.sha }, ctx), (c) =>
          [`${c.oid} ${c.authorName} <${c.authorEmail}> ${c.date}`, c.message, ...c.diffs.flatMap((d) => [`--- ${d.change} ${d.path}${d.binary ? ' (binary)' : ''}`, ...d.lines.map((l) => `${l.op}${l.text}`), ...(d.truncated ? ['[diff cut]'] : [])])].join('\n'),
        );
      }
      return map(h.slackRepoCommits({ ...inStudy, ...(x.path ? { path: x.path } : {}), limit: x.perPage ?? 30 }, ctx), (cs) =>
        lines(`${cs.length} commits, newest first`, cs.map((c) => line({ sha: c.oid, author: c.authorName, date: c.date, message: c.message, files: c.files.map((f) => `${f.change} ${f.path}`) }))),
      );
    }
  }
  return fail('bad_request', `unknown tool "${tool}".`);
}
