import type { NameResolver } from '../../shared/slack/plainText.js';
import type { WorkspaceDb } from './openWorkspaceDb.js';

export interface WorkspaceNames extends NameResolver {
  /** User ids whose handle, display name or real name equals `name` (case-insensitive), or whose id is `name`. */
  usersNamed(name: string): string[];
  /** Conversation ids named `name` (or with that id). */
  conversationsNamed(name: string): string[];
  /** Direct-message conversations (dm and mpim) that `userId` belongs to. */
  directWith(userId: string): string[];
}

const cache = new WeakMap<WorkspaceDb, { stamp: string; names: WorkspaceNames }>();

/** Names of users and conversations, loaded once per database state (they are small next to the messages). */
export function workspaceNames(db: WorkspaceDb): WorkspaceNames {
  const stamp = db
    .prepare("SELECT (SELECT count(*) FROM users) || ':' || (SELECT count(*) FROM conversations) || ':' || (SELECT count(*) FROM conversation_members)")
    .pluck()
    .get() as string;
  const hit = cache.get(db);
  if (hit?.stamp === stamp) return hit.names;
  const users = db.prepare('SELECT id, name, real_name, display_name FROM users').all() as Array<{
    id: string;
    name: string;
    real_name: string | null;
    display_name: string | null;
  }>;
  const conversations = db.prepare('SELECT id, name, kind FROM conversations').all() as Array<{
    id: string;
    name: string;
    kind: string;
  }>;
  const direct = db
    .prepare("SELECT m.user_id, m.conversation_id FROM conversation_members m JOIN conversations c ON c.id = m.conversation_id WHERE c.kind IN ('dm', 'mpim')")
    .all() as Array<{ user_id: string; conversation_id: string }>;
  const display = new Map(users.map((u) => [u.id, u.display_name || u.real_name || u.name]));
  const convName = new Map(conversations.map((c) => [c.id, c.name]));
  const lower = (s: string | null) => (s ?? '').toLowerCase();
  const names: WorkspaceNames = {
    user: (id) => display.get(id),
    conversation: (id) => convName.get(id),
    usersNamed: (name) => {
      const n = name.toLowerCase();
      return users
        .filter((u) => u.id.toLowerCase() === n || [u.name, u.display_name, u.real_name].some((v) => lower(v) === n))
        .map((u) => u.id);
    },
    conversationsNamed: (name) => {
      const n = name.toLowerCase();
      return conversations.filter((c) => c.id.toLowerCase() === n || c.name.toLowerCase() === n).map((c) => c.id);
    },
    directWith: (userId) => direct.filter((d) => d.user_id === userId).map((d) => d.conversation_id),
  };
  cache.set(db, { stamp, names });
  return names;
}
