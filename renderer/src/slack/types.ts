import type { MessageViewDto } from '../../../shared/contract/slack';

/** The message as the Slack screens read it: the contract's message (names resolved, JSON columns parsed). */
export type SlackMessage = MessageViewDto;

export interface FileLink {
  name: string;
  url: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function fileLinks(m: SlackMessage): FileLink[] {
  return m.files.map((f) => {
    const r = rec(f);
    return { name: str(r.title) ?? str(r.name) ?? 'file', url: str(r.url) ?? str(r.permalink) ?? str(r.url_private) };
  });
}

export interface AttachmentView {
  pretext: string | null;
  title: string | null;
  titleLink: string | null;
  text: string | null;
}

export function attachmentViews(m: SlackMessage): AttachmentView[] {
  return m.attachments
    .map(rec)
    .map((a) => ({
      pretext: str(a.pretext),
      title: str(a.title),
      titleLink: str(a.title_link) ?? str(a.from_url),
      text: str(a.text) ?? (str(a.title) || str(a.pretext) ? null : str(a.fallback)),
    }))
    .filter((a) => a.pretext ?? a.title ?? a.text);
}

/** A Slack ts ("1452837318.000006") as a Date. */
export const tsDate = (ts: string): Date => new Date(Number(ts.split('.')[0]) * 1000);

/** Join, leave, topic, purpose and rename lines: shown as a muted line, not as a message bubble. */
const SYSTEM_SUBTYPES = new Set([
  'channel_join', 'channel_leave', 'channel_topic', 'channel_purpose', 'channel_name', 'channel_archive',
  'channel_unarchive', 'group_join', 'group_leave', 'group_topic', 'group_purpose', 'group_name', 'pinned_item',
]);
export const isSystemLine = (m: SlackMessage): boolean => m.subtype !== null && SYSTEM_SUBTYPES.has(m.subtype);
