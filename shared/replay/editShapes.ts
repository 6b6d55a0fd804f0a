import { isRecord } from './parsedRun.js';

/**
 * The edit a tool call makes to one workspace file, in the shapes agents commonly use (FORMATS.md §1 names the tool
 * `edit_file` but does not fix its input): the whole new text (`content`, `file_text`, `text`, `new_content`), a
 * replacement (`old_str`/`new_str`, `old_string`/`new_string`, optionally `replace_all`), a list of replacements
 * (`edits`), or an insertion after a line (`insert_line` + `new_str`). The path is `path`, `file_path`, `file` or
 * `filename`. Anything else (a patch, an unknown shape) is not guessed at: the file is marked uncertain from there on.
 */
export type EditResult = { content: string } | { uncertain: string };
export interface ReadEdit {
  path: string;
  /** The file's text after this edit, from its text before (null when that is not known). */
  apply(before: string | null): EditResult;
}

export const EDIT_TOOLS: ReadonlySet<string> = new Set([
  'edit_file', 'write_file', 'create_file', 'str_replace_editor', 'str_replace_based_edit_tool', 'str_replace', 'apply_patch',
  'Edit', 'Write', 'MultiEdit',
]);

const WHOLE = ['content', 'file_text', 'text', 'new_content'] as const;
const PATHS = ['path', 'file_path', 'file', 'filename'] as const;
const str = (v: unknown): v is string => typeof v === 'string';

function replaceOnce(before: string, oldStr: string, newStr: string, all: boolean, path: string): EditResult {
  if (oldStr === '') return { uncertain: `an edit of ${path} replaces an empty text; not applied.` };
  const at = before.indexOf(oldStr);
  if (at < 0) return { uncertain: `an edit of ${path} replaces text the file does not hold at that point; not applied.` };
  if (all) return { content: before.split(oldStr).join(newStr) };
  if (before.indexOf(oldStr, at + 1) >= 0) return { uncertain: `an edit of ${path} replaces text that occurs more than once; not applied.` };
  return { content: before.slice(0, at) + newStr + before.slice(at + oldStr.length) };
}

/** The edit `input` describes, or null when it names no file (then nothing in the workspace can be marked). */
export function readEdit(input: Record<string, unknown>): ReadEdit | { path: string | null; unreadable: string } {
  const path = PATHS.map((k) => input[k]).find(str) ?? null;
  if (!path) return { path: null, unreadable: 'an edit that names no file (expected path or file_path)' };
  const command = str(input.command) ? input.command : null;
  const whole = WHOLE.map((k) => input[k]).find(str);
  if (whole !== undefined && command !== 'str_replace' && command !== 'insert') return { path, apply: () => ({ content: whole }) };
  const oldStr = str(input.old_str) ? input.old_str : str(input.old_string) ? input.old_string : undefined;
  const newStr = str(input.new_str) ? input.new_str : str(input.new_string) ? input.new_string : undefined;
  const all = input.replace_all === true;
  if (command === 'insert' || (typeof input.insert_line === 'number' && newStr !== undefined && oldStr === undefined)) {
    const line = input.insert_line;
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 0 || newStr === undefined) return { path, unreadable: `an insert into ${path} without insert_line and new_str` };
    return {
      path,
      apply: (before) => {
        if (before === null) return { uncertain: `${path} was not known before an insertion into it.` };
        const lines = before.split('\n');
        if (line > lines.length) return { uncertain: `an insertion after line ${line} of ${path}, which has ${lines.length} lines; not applied.` };
        const added = newStr.endsWith('\n') ? newStr.slice(0, -1) : newStr;
        return { content: [...lines.slice(0, line), ...added.split('\n'), ...lines.slice(line)].join('\n') };
      },
    };
  }
  if (oldStr !== undefined && newStr !== undefined) {
    return { path, apply: (before) => (before === null ? { uncertain: `${path} was not known before a replacement in it.` } : replaceOnce(before, oldStr, newStr, all, path)) };
  }
  if (Array.isArray(input.edits) && input.edits.length > 0) {
    const steps = input.edits.map((e) => {
      if (!isRecord(e)) return null;
      const o = str(e.old_str) ? e.old_str : str(e.old_string) ? e.old_string : null;
      const n = str(e.new_str) ? e.new_str : str(e.new_string) ? e.new_string : null;
      return o !== null && n !== null ? { o, n, all: e.replace_all === true } : null;
    });
    if (steps.some((s) => s === null)) return { path, unreadable: `an edit of ${path} whose edits list holds an entry without old and new text` };
    return {
      path,
      apply: (before) => {
        if (before === null) return { uncertain: `${path} was not known before the replacements in it.` };
        let text = before;
        for (const s of steps) {
          const r = replaceOnce(text, s!.o, s!.n, s!.all, path);
          if ('uncertain' in r) return r;
          text = r.content;
        }
        return { content: text };
      },
    };
  }
  const keys = Object.keys(input).filter((k) => !PATHS.includes(k as (typeof PATHS)[number]));
  return { path, unreadable: `an edit of ${path} in a shape the viewer cannot apply (fields ${keys.join(', ') || 'none'})` };
}
