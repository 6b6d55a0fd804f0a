import { createHash } from 'node:crypto';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import type { ReplayRound } from '../../shared/contract/replay.js';
import { lineDiff } from '../slackSeat/lineDiff.js';

/**
 * The workspace as it was at the end of each round: the starting files (from the task pack, checked against the
 * run's `hashes_before`), then every edit_file call in order. A benchmark file carries only hashes of the starting
 * files, so without the pack a file's content is unknown until the run edits it; the last round also knows the
 * run's `final_files`.
 */
export interface WorkspaceTimeline {
  from: 'pack' | 'file' | 'none';
  note: string;
  files(index: number): ReplayRound['files'];
  diffs(index: number): ReplayRound['diffs'];
  content(index: number, path: string): { content: string | null; note: string };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function buildTimeline(run: ParsedRun, pack: Record<string, string> | null): WorkspaceTimeline {
  const { hashesBefore, finalFiles, edits } = run.sandbox;
  const start = new Map<string, string | null>();
  const mismatched: string[] = [];
  for (const p of Object.keys(hashesBefore)) start.set(p, null);
  if (pack) {
    const checked = Object.keys(hashesBefore).length > 0;
    for (const [p, text] of Object.entries(pack)) {
      if (checked && !(p in hashesBefore)) continue;
      if (checked && hashesBefore[p] !== sha256(text)) {
        mismatched.push(p);
        continue;
      }
      start.set(p, text);
    }
  }
  const lastIndex = run.rounds.length - 1;
  const editsAt = new Map<number, typeof edits>();
  for (const e of edits) editsAt.set(e.roundIndex, [...(editsAt.get(e.roundIndex) ?? []), e]);

  // One snapshot per round: a Map shares its strings, so even a long run costs a few pointers per file per round.
  const snapshots: Array<Map<string, string | null>> = [];
  const editedBy: Array<Map<string, number>> = [];
  let current = new Map(start);
  let edited = new Map<string, number>();
  for (let i = 0; i <= lastIndex; i++) {
    const round = editsAt.get(i);
    if (round?.length) {
      current = new Map(current);
      edited = new Map(edited);
      for (const e of round) {
        current.set(e.path, e.content);
        edited.set(e.path, i);
      }
    }
    if (i === lastIndex && Object.keys(finalFiles).length) {
      current = new Map(current);
      for (const [p, text] of Object.entries(finalFiles)) if (current.get(p) == null) current.set(p, text);
    }
    snapshots.push(current);
    editedBy.push(edited);
  }

  const known = [...start.values()].filter((v) => v !== null).length;
  const from: WorkspaceTimeline['from'] = start.size === 0 && edits.length === 0 ? 'none' : pack && known > 0 ? 'pack' : 'file';
  const note =
    from === 'none'
      ? 'This run has no workspace.'
      : from === 'pack'
        ? `Starting files rebuilt from the task pack${Object.keys(hashesBefore).length ? ' (checked against the run’s hashes)' : ' (the file carries no hashes to check them against)'}` +
          (mismatched.length ? `; ${mismatched.join(', ')} differ from the pack and are not shown before an edit.` : '.')
        : 'The task pack was not found: starting files are known only by their hash, so a file’s content is shown once the run edits it (and at the end, from final_files).';

  const at = (index: number) => Math.min(Math.max(index, 0), Math.max(lastIndex, 0));
  return {
    from,
    note,
    files(index) {
      const snap = snapshots[at(index)] ?? start;
      const by = editedBy[at(index)] ?? new Map<string, number>();
      return [...snap.keys()].sort().map((path) => {
        const when = by.get(path);
        const status = when === undefined ? 'unchanged' : !start.has(path) ? 'created' : when === at(index) ? 'edited_now' : 'edited';
        return { path, status, known: snap.get(path) != null };
      });
    },
    diffs(index) {
      const i = at(index);
      const before = new Map(i > 0 ? snapshots[i - 1] : start);
      return (editsAt.get(i) ?? []).map((e) => {
        const had = before.has(e.path);
        const old = had ? before.get(e.path)! : '';
        before.set(e.path, e.content);
        if (old === null) return { path: e.path, lines: null, truncated: false };
        const d = lineDiff(old, e.content);
        return { path: e.path, lines: d.lines, truncated: d.truncated };
      });
    },
    content(index, path) {
      const snap = snapshots[at(index)] ?? start;
      if (!snap.has(path)) return { content: null, note: `There is no file ${path} at this point of the run.` };
      const text = snap.get(path);
      if (text == null) return { content: null, note: mismatched.includes(path) ? `${path} differs from the task pack (its hash does not match); not rebuilt.` : `Only the hash of ${path} is in the run; its content cannot be rebuilt before an edit.` };
      return { content: text, note: '' };
    },
  };
}
