import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './host.js';

// The lab-session spec's instruments: the host as lab mode starts it, a watcher of the dashboard's rows, and the
// event → cell timing from what the dashboard's stream delivered and what its rows showed.

const ENDED = new Set(['done', 'excluded', 'abandoned', 'void']);

export interface LabHost {
  child: ChildProcess;
  exited: Promise<unknown>;
  out(): string;
}

/** `npm run serve -- --lab --bind 127.0.0.2 …` as the lab starts it (the built host). */
export function serveLab(dataDir: string, port: number, extra: string[] = []): LabHost {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'out/main/serve.mjs'),
      '--data-dir',
      dataDir,
      '--port',
      String(port),
      '--lab',
      '--bind',
      '127.0.0.2',
      ...extra,
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TEAMSEAT_DATA_DIR: '' },
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)), out: () => out };
}

/** One dashboard row as drawn, with the page's clock (not the time text: it moves on every read). */
export interface RowSnap {
  t: number;
  code: string;
  pstatus: string;
  now: string;
  cells: { cell: string; status: string; task: string | null; round: number | null; runId: string | null }[];
}

/** Reports every change of a dashboard row to the test, stamped with the page's Date.now() (the host's clock: same machine). */
export const ROW_OBSERVER = `(() => {
  const seen = new Map();
  const scan = () => {
    for (const tr of document.querySelectorAll('tr[data-participant]')) {
      const code = tr.getAttribute('data-participant');
      const cells = [...tr.querySelectorAll('td[data-cell-status]')].map((td) => {
        const round = /round (\\d+)\\//.exec(td.querySelector('.dashboard-round')?.textContent ?? '');
        const link = td.querySelector('a[href*="replay"]');
        const run = /run=s:([^&]+)/.exec(decodeURIComponent(link ? link.getAttribute('href') : ''));
        const task = td.querySelector('.dashboard-cell-task');
        return { cell: td.getAttribute('data-cell'), status: td.getAttribute('data-cell-status'), task: task ? task.textContent.replace(/:\\s*$/, '') : null, round: round ? Number(round[1]) : null, runId: run ? run[1] : null };
      });
      const snap = { code, pstatus: tr.getAttribute('data-status'), now: (tr.querySelector('td.dashboard-now')?.textContent ?? '').trim(), cells };
      const key = JSON.stringify(snap);
      if (seen.get(code) !== key) {
        seen.set(code, key);
        window.__labRow({ t: Date.now(), ...snap });
      }
    }
  };
  const start = () => {
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    scan();
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})()`;

/** A committed event as the dashboard's stream delivered it. */
export interface HeardEvent {
  sessionId: string;
  kind: string;
  wallTime: string;
  payload: Record<string, unknown>;
}

export interface Timed {
  kind: string;
  code: string;
  /** From the event's commit (its wallTime) to the first drawing of its row that shows it; null: never shown. */
  ms: number | null;
}

/** Each event the dashboard heard whose effect a row shows (consent, a run started, a round, a withdrawal, an end), timed. */
export function timeEventsToCells(
  heard: readonly HeardEvent[],
  snaps: readonly RowSnap[],
  codeOf: ReadonlyMap<string, string>,
): Timed[] {
  const runOwner = (runId: string) => snaps.find((s) => s.cells.some((c) => c.runId === runId))?.code;
  const effect = (e: HeardEvent): { code: string; shows(s: RowSnap): boolean } | null => {
    const p = e.payload;
    const byPid = typeof p.participantId === 'string' ? codeOf.get(p.participantId) : undefined;
    const runCell = (s: RowSnap, runId: string) => s.cells.find((c) => c.runId === runId);
    if (e.kind === 'consent_given' && byPid) return { code: byPid, shows: (s) => s.now !== 'consent' };
    if (e.kind === 'run_started' && byPid)
      return { code: byPid, shows: (s) => runCell(s, String(p.runId)) !== undefined };
    if (e.kind === 'participant_withdrawn' && byPid)
      return { code: byPid, shows: (s) => s.pstatus === 'withdrawn' };
    const owner = runOwner(e.sessionId);
    if (!owner) return null;
    if (e.kind === 'round_started')
      return {
        code: owner,
        shows: (s) => {
          const c = runCell(s, e.sessionId);
          return !!c && ((c.round ?? 0) >= Number(p.round) || ENDED.has(c.status));
        },
      };
    if (e.kind === 'ended')
      return { code: owner, shows: (s) => ENDED.has(runCell(s, e.sessionId)?.status ?? '') };
    return null;
  };
  return heard.flatMap((e) => {
    const fx = effect(e);
    if (!fx) return [];
    const at = Date.parse(e.wallTime);
    const mine = snaps.filter((s) => s.code === fx.code);
    // A row already showing it when the event was stamped (a read after the commit, drawn in the same ms) counts 0.
    const before = mine.filter((s) => s.t < at).at(-1);
    if (before && fx.shows(before)) return [{ kind: e.kind, code: fx.code, ms: 0 }];
    const seen = mine.find((s) => s.t >= at && fx.shows(s));
    return [{ kind: e.kind, code: fx.code, ms: seen ? seen.t - at : null }];
  });
}

const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)] ?? NaN;

/** p50, p95 and max per event kind and for all, one line each. */
export function latencyLines(timed: readonly Timed[]): string[] {
  return [...new Set(timed.map((x) => x.kind)), 'all'].map((kind) => {
    const xs = timed
      .filter((x) => kind === 'all' || x.kind === kind)
      .flatMap((x) => (x.ms === null ? [] : [x.ms]))
      .sort((a, b) => a - b);
    return `  ${kind.padEnd(22)} n=${String(xs.length).padStart(3)}  p50 ${pct(xs, 0.5)} ms  p95 ${pct(xs, 0.95)} ms  max ${xs.at(-1)} ms`;
  });
}
