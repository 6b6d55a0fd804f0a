import { isNum, sourceKey, sourcesOf, type MethodsDoc, type Source } from './doc.js';

/** Markdown: a number is followed by a footnote naming its file and field; the footnotes close the text. */
export function methodsMarkdown(doc: MethodsDoc): string {
  const sources = sourcesOf(doc);
  const index = new Map(sources.map((s, i) => [sourceKey(s), i + 1]));
  const lines = [`# ${escapeMarkdown(doc.title)}`, ''];
  for (const s of doc.sections) {
    const body = s.parts
      .map((p) =>
        isNum(p) ? `${escapeMarkdown(p.text)}[^${index.get(sourceKey(p.source))}]` : escapeMarkdown(p),
      )
      .join('');
    lines.push(`**${escapeMarkdown(s.heading)}.** ${body}`, '');
  }
  for (const [i, s] of sources.entries()) lines.push(`[^${i + 1}]: ${code(s.file)} → ${code(s.field)}`);
  return lines.join('\n') + '\n';
}

/** Characters Markdown would read as markup (emphasis, links, HTML, tables, code), shown as themselves. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

/** A code span that holds any text: fenced by one more backtick than the longest run inside it. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * LaTeX to `\input` into a paper (article class; needs only `\usepackage[T1]{fontenc}` and the UTF-8 input every
 * LaTeX since 2018 reads by default): each number carries a bracketed superscript to the list of sources after it.
 * With `standalone`, a whole document that compiles by itself.
 */
export function methodsLatex(doc: MethodsDoc, options: { standalone?: boolean } = {}): string {
  const sources = sourcesOf(doc);
  const index = new Map(sources.map((s, i) => [sourceKey(s), i + 1]));
  const lines: string[] = [];
  if (options.standalone)
    lines.push('\\documentclass{article}', '\\usepackage[T1]{fontenc}', '\\begin{document}', '');
  lines.push(
    `% ${escapeLatex(doc.title)} (written by Teamseat from a study bundle; every number's source is listed below).`,
  );
  for (const s of doc.sections) {
    const body = s.parts
      .map((p) =>
        isNum(p)
          ? `${escapeLatex(p.text)}\\textsuperscript{[${index.get(sourceKey(p.source))}]}`
          : escapeLatex(p),
      )
      .join('');
    lines.push(`\\paragraph{${escapeLatex(s.heading)}.} ${body}`, '');
  }
  if (sources.length) {
    lines.push('\\paragraph{Sources.}', '\\begin{enumerate}\\small');
    for (const [i, s] of sources.entries()) lines.push(`  \\item[{[${i + 1}]}] ${sourceLatex(s)}`);
    lines.push('\\end{enumerate}');
  }
  if (options.standalone) lines.push('', '\\end{document}');
  return lines.join('\n') + '\n';
}

const sourceLatex = (s: Source) =>
  `\\texttt{${escapeLatex(s.file)}} $\\rightarrow$ \\texttt{${escapeLatex(s.field)}}`;

/** Characters with a meaning in LaTeX, and typographic ones pdfLaTeX may not know, as commands that print them. */
const LATEX: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '"': "''",
  '−': '$-$',
  '–': '--',
  '—': '---',
  '→': '$\\rightarrow$',
  '×': '$\\times$',
  '≥': '$\\geq$',
  '≤': '$\\leq$',
  '±': '$\\pm$',
  '…': '\\ldots{}',
  '“': '``',
  '”': "''",
  '‘': '`',
  '’': "'",
  '\u00a0': '~',
};

/**
 * Text as LaTeX that prints it: specials escaped, known symbols as commands, Latin-1 letters kept (T1 prints them);
 * any other character, which pdfLaTeX would stop at, is written as its code point so nothing is lost silently.
 */
export function escapeLatex(text: string): string {
  let out = '';
  for (const c of text) {
    const mapped = LATEX[c];
    if (mapped !== undefined) out += mapped;
    else if (c === '\n' || c === '\r' || c === '\t') out += ' ';
    else if (c.codePointAt(0)! < 0x20 || c.codePointAt(0) === 0x7f) out += '';
    else if (
      c.codePointAt(0)! < 0x80 ||
      (c.codePointAt(0)! >= 0xc0 && c.codePointAt(0)! <= 0xff && c !== '×' && c !== '÷')
    )
      out += c;
    else out += `\\texttt{[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]}`;
  }
  return out;
}
