import path from 'node:path';
import { crossCheck } from '../../../shared/team/pack/validate.js';
import type { ResolvedTask } from '../../../shared/team/pack/resolve.js';
import { teamTaskSchema } from '../../../shared/team/pack/schema.js';
import type { TaskVersion, TeamTask } from '../../../shared/team/pack/schema.js';
import { formatPath } from '../../../shared/problems.js';
import type { Problem } from '../../../shared/problems.js';
import { locate, parseLocated, parsePath } from './yamlLocation.js';
import { resolvePackFile } from '../../packs/insidePack.js';
import { readPackText } from '../../packs/readPackText.js';

/** A problem with the line (1-based) it sits on, when the YAML has one. */
export interface LocatedProblem extends Problem {
  line?: number;
  col?: number;
}

export interface LoadedTask {
  file: string;
  task: TeamTask;
  versions: Record<TaskVersion, ResolvedTask>;
}

export type TaskLoad = { ok: true; value: LoadedTask } | { ok: false; problems: LocatedProblem[] };

/**
 * Reads one task file: YAML → schema → `from:` files read (relative to the task file; their real path,
 * links followed, never outside `packDir`) → cross-reference checks. Every problem names the file, the path inside it and its line.
 */
export function loadTaskFile(file: string, packDir = path.dirname(file)): TaskLoad {
  const read = readPackText(file);
  if (!read.ok) return { ok: false, problems: [{ file, path: '', message: read.message }] };
  const text = read.text;
  const tabs = tabIndents(text);
  const located = parseLocated(text);
  // A tab in the indentation sends the parser into a cascade of errors; the tab is the one to fix.
  if (tabs.length > 0 && located.doc.errors.length > 0) {
    return { ok: false, problems: tabs.map((line) => ({ file, path: '', message: 'YAML: a tab character in the indentation; indent with spaces', line, col: 1 })) };
  }
  if (located.doc.errors.length > 0) {
    return {
      ok: false,
      problems: located.doc.errors.map((err) => ({
        file,
        path: '',
        message: `YAML: ${err.message.split('\n')[0] ?? err.message}`,
        ...located.lines.linePos(err.pos[0]),
      })),
    };
  }
  const withLine = (p: Problem): LocatedProblem => {
    const at = locate(located, parsePath(p.path));
    return at ? { ...p, line: at.line, col: at.col } : p;
  };

  let data: unknown;
  try {
    data = located.doc.toJS();
  } catch (e) {
    // An alias with no anchor, or aliases multiplying past yaml's limit (a "billion laughs" file), throw here.
    return { ok: false, problems: [{ file, path: '', message: `YAML: ${(e as Error).message}` }] };
  }
  const parsed = teamTaskSchema.safeParse(data);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => withLine({ file, path: formatPath(issue.path), message: issue.message })),
    };
  }
  const task = parsed.data;
  const fileProblems = readReferencedFiles(task, file, packDir);
  if (fileProblems.length > 0) return { ok: false, problems: fileProblems.map(withLine) };

  const checked = crossCheck(task, file);
  if (!checked.ok) return { ok: false, problems: checked.problems.map(withLine) };
  return { ok: true, value: { file, task, versions: checked.versions } };
}

/** Fills `text` of every `from:` file in place; a `from` outside the pack or missing is a problem. */
function readReferencedFiles(task: TeamTask, file: string, packDir: string): Problem[] {
  const problems: Problem[] = [];
  const visit = (entry: { text?: string | undefined; from?: string | undefined }, at: PropertyKey[]): void => {
    if (entry.from === undefined) return;
    const where = formatPath([...at, 'from']);
    const found = resolvePackFile(packDir, path.dirname(file), entry.from);
    if (!found.ok) return void problems.push({ file, path: where, message: found.message });
    const read = readPackText(found.realPath);
    if (read.ok) entry.text = read.text;
    else if (read.reason === 'too_large') problems.push({ file, path: where, message: `"${entry.from}": ${read.message}` });
    else problems.push({ file, path: where, message: `cannot read "${entry.from}" (looked for ${found.realPath})` });
  };
  type Entry = { text?: string | undefined; from?: string | undefined };
  const visitWorkspace = (ws: { files?: Entry[] | undefined; hidden_tests?: Entry[] | undefined } | undefined, at: PropertyKey[]): void => {
    ws?.files?.forEach((f, i) => visit(f, [...at, 'files', i]));
    ws?.hidden_tests?.forEach((f, i) => visit(f, [...at, 'hidden_tests', i]));
  };
  visitWorkspace(task.workspace, ['workspace']);
  task.inherited?.edits.forEach((e, i) => visit(e, ['inherited', 'edits', i]));
  for (const version of ['alone', 'control', 'manipulation'] as const) {
    const o = task.versions[version];
    visitWorkspace(o.workspace, ['versions', version, 'workspace']);
    o.inherited?.edits.forEach((e, i) => visit(e, ['versions', version, 'inherited', 'edits', i]));
  }
  return problems;
}

/** 1-based lines whose indentation holds a tab. */
function tabIndents(text: string): number[] {
  const out: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^[ ]*\t/.test(line)) out.push(i + 1);
  });
  return out;
}

export function formatLocated(p: LocatedProblem): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ''} ${p.path || '(file)'}: ${p.message}`;
}

