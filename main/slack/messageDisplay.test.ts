import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSlackExport } from './import/importExport.js';
import { openWorkspaceDb, type WorkspaceDb } from './openWorkspaceDb.js';
import { channelPage, threadReplies } from './queries.js';
import { searchMessages } from './search.js';

// How messages leave the workspace for the channel view, the thread pane and search, on shapes real exports carry
// (the file comment and bot_add lines are as in slack-export-viewer's test archive).

let dir: string;
let db: WorkspaceDb;
const ts = (n: number) => `${1704067200 + n * 60}.000100`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackdisplay-'));
  const files: Record<string, unknown> = {
    'users.json': [
      { id: 'U1', name: 'ada', real_name: 'Ada Lovelace' },
      { id: 'U2', name: 'bob', real_name: 'Bob Stone' },
      { id: 'UB', name: 'ci', is_bot: true },
    ],
    'channels.json': [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }],
    'general/2024-01-01.json': [
      { type: 'message', subtype: 'bot_add', user: 'U1', bot_id: 'B1', text: 'added an integration to this channel: <https://x.slack.com/services/B1|github>', ts: ts(0) },
      { type: 'message', subtype: 'bot_message', bot_id: 'B1', username: 'github', text: 'build passed', ts: ts(1) },
      { type: 'message', user: 'UB', text: 'nightly job done', ts: ts(2) },
      {
        type: 'message',
        subtype: 'file_comment',
        text: '<@U2> commented on <@U1>’s file <https://x.slack.com/files/U1/F1/plan|plan>: looks good',
        comment: { id: 'Fc1', user: 'U2', comment: 'looks good' },
        ts: ts(3),
      },
      // The export says four replies; one of them is not in it.
      { type: 'message', user: 'U1', text: 'thread parent', ts: ts(4), thread_ts: ts(4), reply_count: 4 },
      { type: 'message', user: 'U2', text: 'reply one', ts: ts(5), thread_ts: ts(4) },
      { type: 'message', user: 'U1', text: 'reply two', ts: ts(6), thread_ts: ts(4) },
      { type: 'message', subtype: 'thread_broadcast', user: 'U2', text: 'reply three, also sent to the channel', ts: ts(7), thread_ts: ts(4) },
      { type: 'message', user: 'U1', text: 'see the report', ts: ts(8), attachments: [{ title: 'Weekly report', text: 'The turbidity sensor at Riverside failed twice.' }] },
    ],
  };
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'export', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'export', name), JSON.stringify(value));
  }
  const opened = openWorkspaceDb(path.join(dir, 'ws.sqlite'));
  if (!opened.ok) throw new Error(opened.error.message);
  db = opened.value;
  await importSlackExport(db, { source: path.join(dir, 'export') });
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const byText = (prefix: string) => channelPage(db, { conversationId: 'C1' }).messages.find((m) => m.text.startsWith(prefix))!;

describe('messages as the screens show them', () => {
  it('names the author of a file comment', () => {
    expect(byText('<@U2> commented')).toMatchObject({ userId: 'U2', userName: 'Bob Stone', isBot: false });
  });

  it("badges apps as APP but not a person's 'added an integration' line", () => {
    expect(byText('added an integration')).toMatchObject({ userId: 'U1', userName: 'Ada Lovelace', isBot: false });
    expect(byText('build passed')).toMatchObject({ isBot: true });
    expect(byText('nightly job done')).toMatchObject({ isBot: true });
  });

  it('counts the replies the workspace holds, in the channel and in the thread alike', () => {
    const parent = byText('thread parent');
    const thread = threadReplies(db, 'C1', parent.ts);
    expect(thread.length - 1).toBe(3);
    expect(parent.replyCount).toBe(3);
    expect(thread[0]?.replyCount).toBe(3);
    expect(byText('reply three').replyCount).toBe(0);
  });

  it("highlights a search match that is in an attachment, in the attachment's text", () => {
    const [hit] = searchMessages(db, 'turbidity').hits;
    expect(hit?.message.text).toBe('see the report');
    const [start, end] = hit!.snippet.highlights[0]!;
    expect(hit!.snippet.text.slice(start, end)).toBe('turbidity');
    // A match in the message's own text still comes from the text itself.
    const [own] = searchMessages(db, 'report').hits;
    expect(own!.snippet.text.startsWith('see the report')).toBe(true);
  });
});
