import { createHash } from 'node:crypto';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import type { ReplayRound } from '../../shared/contract/replay.js';
import { EDIT_TOOLS, readEdit } from '../../shared/replay/editShapes.js';
import type { ActionTrigger } from '../../shared/replay/roundOrder.js';
import { lineDiff } from '../slackSeat/lineDiff.js';

/**
 * The workspace as it was at the end of each round: the starting files (from the task pack, checked against the
 * run's `hashes_before`), then every edit in order, in the shapes agents use (shared/replay/editShapes.ts). A
 * benchmark file carries only hashes of the starting files, so without the pack a file's content is unknown until the
 * run writes it whole; an edit that cannot be applied makes its file uncertain (never shown with the edit missing);
 * the last round also knows the run's `final_files`. Rounds are worked out when first asked for, in order, so opening
 * a long run parses none of its edits.
 */
export interface WorkspaceTimeline {
  from: 'pack' | 'file' | 'none';
  note: string;
  files(index: number): ReplayRound['files'];
  diffs(index: number): ReplayRound['diffs'];
  content(index: number, path: string): { content: string | null; note: string };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Snapshot {
  /** path → text, or null when not known (hash only, or uncertain). */
  text: Map<string, string | null>;
  /** path → the round index of its last edit. */
  edited: Map<string, number>;
  /** path → why its text is not known after an edit. */
  uncertain: Map<string, string>;
  /** This round's edits: text before and after (null: not known). */
  changes: Array<{ path: string; before: string | null; after: string | null; created: boolean }>;
}

/**
 * `hashesPending`: the run is a long file's first round, read before the file's `sandbox` (main/replay/openFile.ts),
 * so the pack's files cannot be checked yet: they are listed with no content, and the note says the check follows.
 * Showing them unchecked could show a file that differs from the run's (a mismatch is reported once the hashes are
 * read, by the whole run's timeline that replaces this one).
 */
export function buildTimeline(run: ParsedRun, pack: Record<string, string> | null, triggers: readonly ActionTrigger[] | null = null, hashesPending = false): WorkspaceTimeline {
  const { hashesBefore, finalFiles } = run.sandbox;
  const start = new Map<string, string | null>();
  const mismatched: string[] = [];
  const pending = hashesPending && pack !== null;
  for (const p of Object.keys(hashesBefore)) start.set(p, null);
  if (pack) {
    const checked = Object.keys(hashesBefore).length > 0;
    for (const [p, text] of Object.entries(pack)) {
      if (pending) {
        start.set(p, null);
        continue;
      }
      if (checked && !(p in hashesBefore)) continue;
      if (checked && hashesBefore[p] !== sha256(text)) {
        mismatched.push(p);
        continue;
      }
      start.set(p, text);
    }
  }
  const lastIndex = run.rounds.length - 1;
  const hasEdits = run.rounds.some((r) => r.edits);
  const snapshots: Snapshot[] = [];
  const first: Snapshot = { text: start, edited: new Map(), uncertain: new Map(), changes: [] };

  /** Works the rounds out up to `index` (each from the one before). */
  const snapshot = (index: number): Snapshot => {
    while (snapshots.length <= index) {
      const i = snapshots.length;
      const prev = snapshots[i - 1] ?? first;
      let next: Snapshot = { ...prev, changes: [] };
      if (run.rounds[i]?.edits) {
        next = { text: new Map(prev.text), edited: new Map(prev.edited), uncertain: new Map(prev.uncertain), changes: [] };
        for (const item of run.roundAt(i, triggers).items) {
          if (item.type !== 'tool' || !EDIT_TOOLS.has(item.name)) continue;
          const edit = readEdit(item.input);
          if (edit.path === null) continue;
          const had = next.text.has(edit.path);
          // A file the run creates starts empty; one known only by its hash (or uncertain) has no known text.
          const before = had ? next.text.get(edit.path)! : '';
          const result = 'apply' in edit ? edit.apply(before) : { uncertain: `${edit.unreadable} (round ${run.rounds[i]!.round})` };
          if ('content' in result) {
            next.text.set(edit.path, result.content);
            next.uncertain.delete(edit.path);
          } else {
            next.text.set(edit.path, null);
            next.uncertain.set(edit.path, result.uncertain);
          }
          next.edited.set(edit.path, i);
          next.changes.push({ path: edit.path, before, after: 'content' in result ? result.content : null, created: !had });
        }
      }
      if (i === lastIndex && Object.keys(finalFiles).length) {
        next = { ...next, text: new Map(next.text), uncertain: new Map(next.uncertain) };
        for (const [p, text] of Object.entries(finalFiles)) {
          if (next.text.get(p) == null) {
            next.text.set(p, text);
            next.uncertain.delete(p);
          }
        }
      }
      snapshots.push(next);
    }
    return snapshots[index]!;
  };

  // A pack whose every file differs from the run's hashes was still found: the note says which differ.
  const known = [...start.values()].filter((v) => v !== null).length;
  const from: WorkspaceTimeline['from'] = start.size === 0 && !hasEdits ? 'none' : pack && (known > 0 || pending || mismatched.length > 0) ? 'pack' : 'file';
  const note =
    from === 'none'
      ? 'This run has no workspace.'
      : pending
        ? 'Starting files come from the task pack once they are checked against the run’s hashes, which are further on in the file (still being read); until then their content is not shown.'
        : from === 'pack'
        ? `Starting files rebuilt from the task pack${Object.keys(hashesBefore).length ? ' (checked against the run’s hashes)' : ' (the file carries no hashes to check them against)'}` +
          (mismatched.length ? `; ${mismatched.join(', ')} ${mismatched.length === 1 ? 'differs' : 'differ'} from the pack and ${mismatched.length === 1 ? 'is' : 'are'} not shown before an edit.` : '.')
        : 'The task pack was not found: starting files are known only by their hash, so a file’s content is shown once the run writes it whole (and at the end, from final_files).';

  const at = (index: number) => Math.min(Math.max(index, 0), Math.max(lastIndex, 0));
  const snap = (index: number) => (lastIndex < 0 ? first : snapshot(at(index)));
  return {
    from,
    note,
    files(index) {
      const s = snap(index);
      const i = at(index);
      return [...s.text.keys()].sort().map((path) => {
        const when = s.edited.get(path);
        const status = when === undefined ? 'unchanged' : !start.has(path) ? 'created' : when === i ? 'edited_now' : 'edited';
        return { path, status, known: s.text.get(path) != null, uncertain: s.uncertain.get(path) ?? null };
      });
    },
    diffs(index) {
      return snap(index).changes.map((c) => {
        if (c.before === null || c.after === null) return { path: c.path, lines: null, truncated: false };
        const d = lineDiff(c.before, c.after);
        return { path: c.path, lines: d.lines, truncated: d.truncated };
      });
    },
    content(index, path) {
      const s = snap(index);
      if (!s.text.has(path)) return { content: null, note: `There is no file ${path} at this point of the run.` };
      const text = s.text.get(path);
      if (text != null) return { content: text, note: '' };
      const why = s.uncertain.get(path);
      if (why) return { content: null, note: `${path} is uncertain from here on: ${why}` };
      if (pending && pack && path in pack) return { content: null, note: `${path} is shown once it has been checked against the run’s hashes (the rest of the file is still being read).` };
      return { content: null, note: mismatched.includes(path) ? `${path} differs from the task pack (its hash does not match); not rebuilt.` : `Only the hash of ${path} is in the run; its content cannot be rebuilt before the run writes it whole.` };
    },
  };
}
