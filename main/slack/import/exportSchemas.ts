import { z } from 'zod';

// Loose on purpose: exports carry many more fields than we read, and they change across Slack versions.
const text = z.string().nullish();

export const userSchema = z.looseObject({
  id: z.string().min(1),
  name: text,
  real_name: text,
  deleted: z.boolean().nullish(),
  is_bot: z.boolean().nullish(),
  tz: text,
  profile: z
    .looseObject({ real_name: text, display_name: text, title: text })
    .nullish(),
});
export type ExportUser = z.infer<typeof userSchema>;

const valueBlock = z.looseObject({ value: text }).nullish();

export const conversationSchema = z.looseObject({
  id: z.string().min(1),
  name: text,
  created: z.union([z.number(), z.string()]).nullish(),
  creator: text,
  is_archived: z.boolean().nullish(),
  is_general: z.boolean().nullish(),
  members: z.array(z.string()).nullish(),
  topic: valueBlock,
  purpose: valueBlock,
});
export type ExportConversation = z.infer<typeof conversationSchema>;

export function displayName(user: ExportUser): string {
  return user.profile?.display_name || user.real_name || user.profile?.real_name || user.name || user.id;
}
