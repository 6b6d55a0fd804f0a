import { isMessageTool, readChannelDump } from '../../../shared/replay/slackDump';

/** How much of a tool result is shown raw (the host keeps its head; the page shows its start). */
const RAW_CHARS = 600;

/**
 * A tool call's result in a replay. A Slack tool that returns messages (get_channel_history and its kin) is shown as
 * the messages it returned — author, time, text — instead of its raw dump; anything else, or a dump this cannot read,
 * as it was recorded. `text` hides names as the rest of the pane does (presenter view, names → roles).
 */
export function ToolResult({ name, head, text }: { name: string; head: string; text(s: string): string }) {
  const dump = isMessageTool(name) ? readChannelDump(head) : null;
  if (!dump) return <pre className="replay-tool-result" tabIndex={0}>{text(head.slice(0, RAW_CHARS))}</pre>;
  return (
    <div className="replay-slack-dump">
      {dump.summary ? <p className="replay-slack-summary">{text(dump.summary)}</p> : null}
      <ol className="replay-slack-msgs" aria-label={`Messages ${name} returned`} tabIndex={0}>
        {dump.messages.map((m, i) => (
          <li key={i} className="replay-slack-msg">
            <span className="replay-slack-author">{text(m.author)}</span>
            {m.time ? <time className="replay-slack-time">{m.time}</time> : null}
            {m.channel ? <span className="replay-slack-time">in {m.channel.startsWith('#') || /^[CDG][A-Z0-9]+$/.test(m.channel) ? m.channel : `#${m.channel}`}</span> : null}
            {m.replies ? <span className="replay-slack-time">{m.replies} {m.replies === 1 ? 'reply' : 'replies'}</span> : null}
            <span className="replay-slack-text">
              {text(m.text)}
              {m.cut ? <span className="replay-slack-cut"> … (the recorded result ends here)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
