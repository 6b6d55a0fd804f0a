import type { StoredEvent } from '../../shared/contract/schemas.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { Effect } from '../../shared/team/engine/effects.js';
import type { SessionEvent } from '../../shared/team/engine/events.js';
import type { WorkspaceToolName } from '../../shared/team/pack/schema.js';
import { parseToolInput } from '../workspace/toolDispatch.js';
import { editHead, errorHead } from '../workspace/resultHeads.js';
import type { WorkspaceJournal } from '../workspace/workspaceJournal.js';
import type { WorkspaceTools } from '../workspace/tools.js';
import type { SessionWorkspace } from '../workspace/sessionWorkspace.js';
import { rebuildWorkspace } from '../workspace/rebuildWorkspace.js';
import { inputHead } from './inputHead.js';

/** What a workspace tool call shows the participant: its output, and the head the log records for it. */
export interface ToolOutcome {
  ok: boolean;
  output: string;
  resultHead: string;
  files?: string[];
}

/** How an edit records into its team session: events the journal committed, or one event left pending there. */
export interface EditRecorder {
  persist(event: SessionEvent): void;
  absorb(stored: readonly StoredEvent[]): void;
}

type Workspace = { tools: WorkspaceTools; journal: WorkspaceJournal };

/**
 * The participant's edit_file: the content, its tool call and file_edited are committed by the journal in one
 * transaction, then written to disk. A refused edit (bad input, a submitted run) still records its tool call.
 */
export function participantEdit(ws: Workspace, seat: string, input: Record<string, unknown>, record: EditRecorder): { outcome: ToolOutcome } {
  const args = parseToolInput('edit_file', input);
  const refused = !args.ok ? args : ws.tools.submitted ? fail('conflict', 'The run has been submitted; the workspace can no longer be edited.') : null;
  const journaled =
    refused ??
    ws.journal.write(args.ok ? args.value.path : '', args.ok ? args.value.content : '', (w) => [
      { kind: 'tool_call', payload: { type: 'tool_call', name: 'edit_file', input: { ...input }, result_head: editHead(w) } },
      { kind: 'file_edited', payload: { type: 'file_edited', seat, path: w.path, before: w.before_sha256, after: w.after_sha256 } },
    ]);
  if (!journaled.ok) {
    const head = errorHead(journaled.error);
    record.persist({ type: 'tool_call', name: 'edit_file', input: inputHead(input), result_head: head });
    return { outcome: describeTool('edit_file', journaled, head) };
  }
  record.absorb(journaled.value.stored);
  const { diskError } = journaled.value;
  if (diskError) return { outcome: { ok: false, output: diskError, resultHead: errorHead({ code: 'internal', message: diskError }) } };
  const head = editHead(journaled.value.write);
  return { outcome: describeTool('edit_file', ok(journaled.value.write), head) };
}

/** A scripted teammate (or the previous model) changes a file: committed by the journal with its file_edited. */
export function teammateEdit(ws: Workspace, effect: Extract<Effect, { type: 'edit_file' }>, record: EditRecorder): void {
  const before = ws.journal.files()[effect.path] ?? '';
  const content = effect.content ?? (effect.replace ? before.replace(effect.replace.find, effect.replace.with) : before);
  const written = ws.journal.write(effect.path, content, (w) => [
    { kind: 'file_edited', payload: { type: 'file_edited', seat: effect.seat, path: w.path, before: w.before_sha256, after: w.after_sha256 } },
  ]);
  if (!written.ok) throw new Error(`${effect.seat} could not edit ${effect.path}: ${written.error.message}`);
  record.absorb(written.value.stored);
}

export function describeTool(name: WorkspaceToolName, result: Result<unknown>, head: string): ToolOutcome {
  if (!result.ok) return { ok: false, output: result.error.message, resultHead: head };
  const v = result.value as Record<string, unknown>;
  switch (name) {
    case 'list_files':
      return { ok: true, output: (v.files as string[]).join('\n'), resultHead: head, files: v.files as string[] };
    case 'read_file':
      return { ok: true, output: String(v.content), resultHead: head };
    case 'grep':
      return { ok: true, output: ((v.matches as { path: string; line: number; text: string }[]) ?? []).map((m) => `${m.path}:${m.line}: ${m.text}`).join('\n'), resultHead: head };
    case 'run_tests':
      return { ok: true, output: String(v.output_head ?? ''), resultHead: head };
    default:
      return { ok: true, output: head, resultHead: head };
  }
}

/** A session's workspace as an export reads it. */
export interface ExportedWorkspace {
  root: string;
  hashesBefore: Record<string, string>;
  finalFiles: Record<string, string>;
}

/**
 * `finalFiles` is derived from the log; the folder on disk is first made to agree with it, so a writer reading
 * `root` reads the same files.
 */
export function exportedWorkspace(ws: { space: SessionWorkspace; journal: WorkspaceJournal }): ExportedWorkspace {
  const finalFiles = ws.journal.files();
  const rebuilt = rebuildWorkspace(ws.space.root, finalFiles);
  if (!rebuilt.ok) throw new Error(rebuilt.error.message);
  return { root: ws.space.root, hashesBefore: { ...ws.space.hashesBefore }, finalFiles };
}
