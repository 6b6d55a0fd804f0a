import type { ReactNode } from 'react';
import { isSafeUrl } from '../../../../shared/slack/mrkdwn';

// Markdown for lab documents, rendered as React elements: headings, paragraphs, lists, quotes, fenced code, tables,
// and inline code, bold, italic and links. Embedded HTML is shown as text, and only http(s)/mailto links are live.

type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'para'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'quote'; text: string }
  | { type: 'code'; text: string }
  | { type: 'table'; head: string[]; rows: string[][] }
  | { type: 'rule' };

const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
const LIST = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;

export function parseMarkdownBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').startsWith('```')) body.push(lines[i++] ?? '');
      i++;
      out.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      out.push({ type: 'heading', level: h[1]!.length, text: h[2] ?? '' });
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push({ type: 'rule' });
      i++;
      continue;
    }
    if (line.trim().startsWith('|') && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('|')) rows.push(cells(lines[i++] ?? ''));
      out.push({ type: 'table', head, rows });
      continue;
    }
    if (line.startsWith('>')) {
      const body: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('>')) body.push((lines[i++] ?? '').replace(/^>\s?/, ''));
      out.push({ type: 'quote', text: body.join(' ') });
      continue;
    }
    const li = LIST.exec(line);
    if (li) {
      const ordered = li[2] !== undefined;
      const items: string[] = [];
      while (i < lines.length) {
        const m = LIST.exec(lines[i] ?? '');
        if (m) items.push(m[3] ?? '');
        else if (/^\s{2,}\S/.test(lines[i] ?? '') && items.length) items[items.length - 1] += ` ${(lines[i] ?? '').trim()}`;
        else break;
        i++;
      }
      out.push({ type: 'list', ordered, items });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() && !/^(#{1,6}\s|```|>|\s*\|)/.test(lines[i] ?? '') && !LIST.exec(lines[i] ?? '')) {
      para.push((lines[i++] ?? '').trim());
    }
    out.push({ type: 'para', text: para.join(' ') });
  }
  return out;
}

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|__([^_]+)__|(?<![\w*])\*([^*\s][^*]*)\*|(?<![\w_])_([^_\s][^_]*)_(?!\w)|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s)<]+)/g;

export function inlineMarkdown(text: string, key = 'i', link?: (url: string) => (() => void) | undefined): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  let n = 0;
  for (const m of text.matchAll(new RegExp(INLINE.source, 'g'))) {
    if (m.index > at) out.push(text.slice(at, m.index));
    at = m.index + m[0].length;
    const k = `${key}.${n++}`;
    if (m[1] !== undefined) out.push(<code key={k}>{m[1]}</code>);
    else if (m[2] !== undefined || m[3] !== undefined) out.push(<strong key={k}>{inlineMarkdown(m[2] ?? m[3] ?? '', k, link)}</strong>);
    else if (m[4] !== undefined || m[5] !== undefined) out.push(<em key={k}>{inlineMarkdown(m[4] ?? m[5] ?? '', k, link)}</em>);
    else {
      const url = m[7] ?? m[8] ?? '';
      const label = m[6] ?? url;
      const inApp = link?.(url);
      out.push(
        isSafeUrl(url) ? (
          <a key={k} href={url} target="_blank" rel="noreferrer" onClick={inApp ? (e) => (e.preventDefault(), inApp()) : undefined}>
            {label}
          </a>
        ) : (
          <span key={k} className="sk-link-unsafe">
            {label}
          </span>
        ),
      );
    }
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export function Markdown({ source, link }: { source: string; link?: (url: string) => (() => void) | undefined }) {
  return (
    <div className="sk-markdown">
      {parseMarkdownBlocks(source).map((b, i) => {
        const k = String(i);
        const inl = (t: string) => inlineMarkdown(t, k, link);
        switch (b.type) {
          case 'heading': {
            const H = `h${Math.min(6, b.level + 1)}` as 'h2';
            return <H key={k}>{inl(b.text)}</H>;
          }
          case 'para':
            return <p key={k}>{inl(b.text)}</p>;
          case 'quote':
            return <blockquote key={k}>{inl(b.text)}</blockquote>;
          case 'code':
            return (
              <pre key={k} tabIndex={0}>
                {b.text}
              </pre>
            );
          case 'rule':
            return <hr key={k} />;
          case 'list': {
            const L = b.ordered ? 'ol' : 'ul';
            return (
              <L key={k}>
                {b.items.map((t, j) => (
                  <li key={j}>{inlineMarkdown(t, `${k}.${j}`, link)}</li>
                ))}
              </L>
            );
          }
          case 'table':
            return (
              <table key={k} className="sk-md-table">
                <thead>
                  <tr>
                    {b.head.map((c, j) => (
                      <th key={j}>{inl(c)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {b.rows.map((r, j) => (
                    <tr key={j}>
                      {r.map((c, x) => (
                        <td key={x}>{inlineMarkdown(c, `${k}.${j}.${x}`, link)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
        }
      })}
    </div>
  );
}
