import type { ReactNode } from 'react';
import { parseMrkdwn, type MrkdwnNode } from '../../../../shared/slack/mrkdwn';
import { emojiChar } from './emoji';

/** How ids in a message become names; an id the lookup does not know is shown as the id. */
export interface MrkdwnNames {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
}

export interface MrkdwnHandlers {
  /** Clicking a mention: the user profile popover, anchored at the clicked element. */
  onUser?(id: string, anchor: HTMLElement): void;
  onChannel?(id: string): void;
  /** A link that points into the study's repository or documents opens inside the app; others open outside. */
  inAppLink?(url: string): (() => void) | undefined;
}

interface Props extends MrkdwnHandlers {
  text: string;
  names: MrkdwnNames;
}

/** Slack mrkdwn as React elements. Text only ever becomes text nodes: there is no HTML path at all. */
export function Mrkdwn({ text, names, ...handlers }: Props) {
  return <>{renderNodes(parseMrkdwn(text), names, handlers, 'm')}</>;
}

function renderNodes(nodes: MrkdwnNode[], names: MrkdwnNames, h: MrkdwnHandlers, prefix: string): ReactNode[] {
  return nodes.map((n, i) => renderNode(n, names, h, `${prefix}.${i}`));
}

function dateText(timestamp: number, fallback: string): string {
  if (fallback) return fallback;
  return Number.isFinite(timestamp) ? new Date(timestamp * 1000).toUTCString() : '';
}

function renderNode(n: MrkdwnNode, names: MrkdwnNames, h: MrkdwnHandlers, key: string): ReactNode {
  switch (n.type) {
    case 'text':
      return n.text;
    case 'lineBreak':
      return <br key={key} />;
    case 'user': {
      const name = names.user(n.id) ?? n.label?.replace(/^@/, '') ?? n.id;
      return (
        <button
          key={key}
          type="button"
          className="sk-mention"
          data-user={n.id}
          onClick={(e) => h.onUser?.(n.id, e.currentTarget)}
        >
          @{name}
        </button>
      );
    }
    case 'channel': {
      const name = names.channel(n.id) ?? n.label ?? n.id;
      return (
        <button key={key} type="button" className="sk-mention sk-channel-link" onClick={() => h.onChannel?.(n.id)}>
          #{name}
        </button>
      );
    }
    case 'broadcast':
      return (
        <span key={key} className="sk-mention sk-broadcast">
          @{n.range}
        </span>
      );
    case 'usergroup':
      return (
        <span key={key} className="sk-mention">
          {n.label ?? `@${n.id}`}
        </span>
      );
    case 'date': {
      const valid = Number.isFinite(n.timestamp);
      return (
        <time key={key} className="sk-date" {...(valid ? { dateTime: new Date(n.timestamp * 1000).toISOString() } : {})}>
          {dateText(n.timestamp, n.fallback)}
        </time>
      );
    }
    case 'link':
      return renderLink(n, h, key);
    case 'emoji': {
      const char = emojiChar(n.name);
      return char ? (
        <span key={key} className="sk-emoji" role="img" aria-label={n.name} title={`:${n.name}:`}>
          {char}
        </span>
      ) : (
        <span key={key} className="sk-emoji-name">{`:${n.name}:`}</span>
      );
    }
    case 'code':
      return (
        <code key={key} className="sk-code">
          {n.text}
        </code>
      );
    case 'pre':
      return (
        <pre key={key} className="sk-pre">
          {n.text}
        </pre>
      );
    case 'quote':
      return (
        <blockquote key={key} className="sk-quote">
          {renderNodes(n.children, names, h, key)}
        </blockquote>
      );
    case 'bold':
      return <strong key={key}>{renderNodes(n.children, names, h, key)}</strong>;
    case 'italic':
      return <em key={key}>{renderNodes(n.children, names, h, key)}</em>;
    case 'strike':
      return <s key={key}>{renderNodes(n.children, names, h, key)}</s>;
  }
}

function renderLink(n: Extract<MrkdwnNode, { type: 'link' }>, h: MrkdwnHandlers, key: string): ReactNode {
  const label = n.label ?? n.url;
  // An unsafe address (javascript:, data:, file:) is shown as inert text so the reader still sees what was posted.
  if (!n.safe) {
    return (
      <span key={key} className="sk-link-unsafe" title="This link was not opened: only http, https and mailto links are.">
        {label}
      </span>
    );
  }
  const inApp = h.inAppLink?.(n.url);
  return (
    <a
      key={key}
      href={n.url}
      target="_blank"
      rel="noreferrer"
      className={inApp ? 'sk-link sk-link-inapp' : 'sk-link'}
      title={inApp ? `${n.url} (opens in the app)` : n.url}
      onClick={
        inApp
          ? (e) => {
              e.preventDefault();
              inApp();
            }
          : undefined
      }
    >
      {label}
    </a>
  );
}
