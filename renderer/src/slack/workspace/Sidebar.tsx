import type { ConversationView } from '../../../../shared/contract/slack';
import type { MrkdwnNames } from '../mrkdwn/Mrkdwn';
import { conversationLabel, plainLine } from './names';

interface Props {
  title: string;
  conversations: ConversationView[];
  names: MrkdwnNames;
  active: string | undefined;
  onOpen(id: string): void;
  hasRepo: boolean;
  documents: Array<{ path: string; title: string }>;
  activeResource: string | undefined;
  onRepo(): void;
  onDoc(path: string): void;
}

/** Slack's left column: channels, then direct and group messages, then the study's repository and documents. */
export function Sidebar(p: Props) {
  const channels = p.conversations.filter((c) => c.kind === 'channel' || c.kind === 'private');
  const direct = p.conversations.filter((c) => c.kind === 'dm' || c.kind === 'mpim');
  const item = (c: ConversationView) => (
    <li key={c.id}>
      <button
        className={`sk-side-item${p.active === c.id ? ' sk-side-active' : ''}${c.isArchived ? ' sk-archived' : ''}`}
        aria-current={p.active === c.id}
        data-conversation={c.id}
        onClick={() => p.onOpen(c.id)}
        title={c.isArchived ? 'Archived channel' : c.topic ? plainLine(c.topic, p.names) : undefined}
      >
        <span className="sk-side-sigil" aria-hidden="true">
          {c.kind === 'channel' ? '#' : c.kind === 'private' ? '🔒' : c.kind === 'dm' ? '●' : '◆'}
        </span>
        <span className="sk-side-name">{conversationLabel(c, p.names)}</span>
      </button>
    </li>
  );
  return (
    <nav className="sk-sidebar" aria-label="Conversations">
      <div className="sk-ws-title">{p.title}</div>
      <h3>Channels</h3>
      <ul>{channels.map(item)}</ul>
      {direct.length ? (
        <>
          <h3>Direct messages</h3>
          <ul>{direct.map(item)}</ul>
        </>
      ) : null}
      {p.hasRepo || p.documents.length ? <h3>Linked</h3> : null}
      <ul>
        {p.hasRepo ? (
          <li>
            <button className={`sk-side-item${p.activeResource === 'repo' ? ' sk-side-active' : ''}`} onClick={p.onRepo}>
              <span className="sk-side-sigil" aria-hidden="true">⎇</span>
              <span className="sk-side-name">Repository</span>
            </button>
          </li>
        ) : null}
        {p.documents.map((d) => (
          <li key={d.path}>
            <button className={`sk-side-item${p.activeResource === `doc:${d.path}` ? ' sk-side-active' : ''}`} onClick={() => p.onDoc(d.path)}>
              <span className="sk-side-sigil" aria-hidden="true">▤</span>
              <span className="sk-side-name">{d.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
