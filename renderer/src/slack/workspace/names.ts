import type { ConversationView, UserProfileView } from '../../../../shared/contract/slack';
import { mrkdwnToPlainText } from '../../../../shared/slack/plainText';
import type { MrkdwnNames } from '../mrkdwn/Mrkdwn';

export const userLabel = (u: UserProfileView): string => u.displayName || u.realName || u.name;

export function namesOf(users: readonly UserProfileView[], conversations: readonly ConversationView[]): MrkdwnNames {
  const byUser = new Map(users.map((u) => [u.id, userLabel(u)]));
  const byConv = new Map(conversations.map((c) => [c.id, c.name]));
  return { user: (id) => byUser.get(id), channel: (id) => byConv.get(id) };
}

/** How a conversation reads in the sidebar: `#name` for channels, the other people's names for direct messages. */
export function conversationLabel(c: ConversationView, names: MrkdwnNames): string {
  if (c.kind === 'channel' || c.kind === 'private') return c.name;
  const people = c.members.map((m) => names.user(m) ?? m);
  return people.length ? people.join(', ') : c.name;
}

/** A topic or purpose as one line of plain text: Slack stores them escaped (`&amp;`) with `<@U…>` mentions. */
export const plainLine = (text: string, names: MrkdwnNames): string =>
  mrkdwnToPlainText(text, { user: names.user, conversation: names.channel });
