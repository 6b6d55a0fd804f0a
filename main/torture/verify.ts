import fs from 'node:fs';
import path from 'node:path';
import { sha256, type Api, type Tracks } from './drivers.js';

export interface StoredEvent {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
}

export interface Findings {
  /** Acknowledged events (messages, edits, Slack actions, labels) the log did not give back. */
  lost: string[];
  /** Workspace files whose content on disk is not what the log says (or files only one side has). */
  disagreements: string[];
  /** Sessions whose log could not be read or reopened after the restart. */
  unopenable: string[];
  checked: { events: number; files: number };
}

const emptyFindings = (): Findings => ({
  lost: [],
  disagreements: [],
  unopenable: [],
  checked: { events: 0, files: 0 },
});

/** Every file under `root`, including temp files an interrupted write may have left. */
function filesOnDisk(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else out.set(r, sha256(fs.readFileSync(path.join(root, r), 'utf8')));
    }
  };
  if (fs.existsSync(root)) walk('');
  return out;
}

/** What the log says each workspace file should hold: the starting hashes, then each `file_edited` in order. */
function filesFromLog(events: StoredEvent[]): { root: string; files: Map<string, string> } | null {
  const created = events.find((e) => e.kind === 'workspace_created')?.payload as
    { root?: string; hashes_before?: Record<string, string> } | undefined;
  if (!created?.root) return null;
  const files = new Map(Object.entries(created.hashes_before ?? {}));
  for (const e of events)
    if (e.kind === 'file_edited') files.set(String(e.payload.path), String(e.payload.after));
  return { root: created.root, files };
}

export function diskVsLog(events: StoredEvent[], label: string): string[] {
  const log = filesFromLog(events);
  if (!log) return [];
  const disk = filesOnDisk(log.root);
  const out: string[] = [];
  for (const [p, sha] of log.files) {
    const d = disk.get(p);
    if (d === undefined) out.push(`${label}: ${p} is in the log but not on disk`);
    else if (d !== sha) out.push(`${label}: ${p} on disk differs from the log`);
  }
  for (const p of disk.keys())
    if (!log.files.has(p)) out.push(`${label}: ${p} is on disk but no event explains it`);
  return out;
}

/**
 * After a restart: every acknowledged event must be recovered (an extra, unacknowledged one is fine: the
 * kill can land after the commit and before the answer), and each workspace on disk must match its log,
 * both as the restart finds it and after the session is reopened.
 */
export async function verifyAfterRestart(
  api: Api,
  tracks: Tracks,
): Promise<{ beforeReopen: string[]; findings: Findings }> {
  const f = emptyFindings();
  const beforeReopen: string[] = [];
  for (const t of tracks.team) {
    const label = `team ${t.sessionId.slice(0, 8)}`;
    const first = await api<StoredEvent[]>('replaySession', { sessionId: t.sessionId });
    if (!first.ok) {
      f.unopenable.push(`${label}: ${first.error?.message}`);
      continue;
    }
    beforeReopen.push(...diskVsLog(first.value, label));
    const view = await api('teamView', { sessionId: t.sessionId });
    if (!view.ok) f.unopenable.push(`${label}: teamView: ${view.error?.message}`);
    const events =
      (await api<StoredEvent[]>('replaySession', { sessionId: t.sessionId })).value ?? first.value;
    f.checked.events += t.said.length + t.edits.length;
    const said = new Set(
      events.filter((e) => e.kind === 'participant_message').map((e) => String(e.payload.text)),
    );
    for (const text of t.said) if (!said.has(text)) f.lost.push(`${label}: message "${text}"`);
    const edits = events
      .filter((e) => e.kind === 'file_edited')
      .map((e) => `${String(e.payload.path)}@${String(e.payload.after)}`);
    let from = 0;
    for (const e of t.edits) {
      // In order: each acknowledged edit must appear after the previous one.
      const at = edits.indexOf(`${e.path}@${e.sha}`, from);
      if (at < 0) f.lost.push(`${label}: edit of ${e.path}`);
      else from = at + 1;
    }
    const d = diskVsLog(events, label);
    f.checked.files += filesFromLog(events)?.files.size ?? 0;
    f.disagreements.push(...d);
  }
  for (const s of tracks.slack) {
    const view = await api<{ actionCount: number }>('slackRunView', { runId: s.runId });
    if (!view.ok) {
      f.unopenable.push(`slack run ${s.runId}: ${view.error?.message}`);
      continue;
    }
    f.checked.events += s.lastCount;
    if (view.value.actionCount < s.lastCount)
      f.lost.push(`slack run ${s.runId}: ${s.lastCount - view.value.actionCount} action(s)`);
  }
  for (const l of tracks.labels) {
    const view = await api<{ answers: Record<string, unknown> }>('openLabelling', {
      studyKey: 'built-in:judge-validation-demo',
      rater: l.rater,
    });
    if (!view.ok) {
      f.unopenable.push(`labelling ${l.rater}: ${view.error?.message}`);
      continue;
    }
    f.checked.events += l.answered.size;
    for (const id of l.answered)
      if (!(id in view.value.answers)) f.lost.push(`labelling ${l.rater}: answer on ${id}`);
  }
  return { beforeReopen, findings: f };
}
