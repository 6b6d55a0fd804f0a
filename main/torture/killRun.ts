import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiOf, mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { labellingDriver, rng, slackDriver, teamDriver, type Tracks } from './drivers.js';
import { diskVsLog, verifyAfterRestart, type StoredEvent } from './verify.js';
import type { Api } from './drivers.js';

export interface KillRunResult {
  kills: number;
  /** Acknowledged events checked after each restart (summed over restarts). */
  checkedEvents: number;
  checkedFiles: number;
  lost: string[];
  disagreements: string[];
  /** Disk-vs-log differences as the restart found them, before a session was reopened. */
  disagreementsBeforeReopen: string[];
  unopenable: string[];
  /** Driver failures that were not the kill (a refused setup call, a host that died by itself). */
  driverErrors: string[];
  hostDiedByItself: number;
  /** Positive control: a file planted in a workspace at the end is reported as a disagreement. */
  controlDetected: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForSlackWorkspace(host: HostProcess, deadline: number) {
  const must = mustOf(host);
  let status = await must<{ workspaceId: string; status: string; error: string | null }>(
    'slackOpenStudyWorkspace',
    { studyKey: 'built-in:slack-demo' },
  );
  while (status.status === 'importing' || status.status === 'not_imported') {
    if (Date.now() > deadline) throw new Error('the Slack demo workspace did not finish importing in time');
    await sleep(250);
    status = await must('slackWorkspaceStatus', { workspaceId: status.workspaceId });
  }
  if (status.status !== 'ready')
    throw new Error(`the Slack demo workspace is ${status.status}: ${status.error}`);
}

/**
 * N times: scripted clients drive team sessions (chat and workspace edits), a Slack query run and a labelling
 * session over HTTP; the host is SIGKILLed at a random moment; it is restarted over the same data dir and
 * what the clients saw acknowledged is compared with what the log gives back, and each workspace on disk
 * with its log.
 */
export async function killRun(
  appRoot: string,
  opts: { kills: number; seed: number; budgetMs: number; log: (line: string) => void },
): Promise<KillRunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-torture-kill-'));
  const r = rng(opts.seed);
  const tracks: Tracks = { team: [], slack: [], labels: [] };
  const result: KillRunResult = {
    kills: 0,
    checkedEvents: 0,
    checkedFiles: 0,
    lost: [],
    disagreements: [],
    disagreementsBeforeReopen: [],
    unopenable: [],
    driverErrors: [],
    hostDiedByItself: 0,
    controlDetected: false,
  };
  const end = Date.now() + opts.budgetMs;
  let host = await spawnHost(appRoot, dataDir);
  try {
    await waitForSlackWorkspace(host, Date.now() + 60_000);
    while (result.kills < opts.kills && Date.now() < end) {
      const plain = apiOf(host);
      // TORTURE_DEBUG=1 prints every call the scripted clients make.
      const api: typeof plain = process.env.TORTURE_DEBUG
        ? async <T = unknown>(method: string, args: unknown) => {
            const t = Date.now();
            const r = await plain<T>(method, args);
            opts.log(`    ${method} ${r.ok ? 'ok' : r.error?.message} ${Date.now() - t} ms`);
            return r;
          }
        : plain;
      let stopped = false;
      let killing = false;
      const stop = () => stopped;
      const drive = (name: string, run: () => Promise<void>) =>
        run().catch((err: Error) => {
          // A fetch that fails because the host is being killed is the expected end of a driver.
          if (!killing)
            result.driverErrors.push(
              `${name}: ${err.message} ${String((err.cause as Error | undefined)?.message ?? '')}`,
            );
        });
      const drivers = [
        drive('team workspace', () => teamDriver(api, tracks, r, 'TW', 'impossible-tests', stop)),
        drive('team chat', () => teamDriver(api, tracks, r, 'TC', 'hidden-profile', stop)),
        drive('slack', () => slackDriver(api, tracks, r, 'S1', stop)),
        drive('labelling', () => labellingDriver(api, tracks, r, stop)),
      ];
      // Calls take 0.1–2.5 s on a busy 2-core machine: a window long enough for each driver to have work acknowledged and in flight.
      await sleep(4000 + r.int(8000));
      // Half of the kills aim at the write itself: a few ms after the next workspace edit goes out.
      if (r.next() < 0.5) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 3000);
          tracks.onEditSent = () => {
            clearTimeout(timer);
            setTimeout(resolve, r.int(40));
          };
        });
        tracks.onEditSent = undefined;
      }
      if (!host.alive()) result.hostDiedByItself += 1;
      killing = true;
      await host.kill();
      result.kills += 1;
      await Promise.all(drivers);
      stopped = true;

      host = await spawnHost(appRoot, dataDir);
      const { beforeReopen, findings } = await verifyAfterRestart(apiOf(host), tracks);
      result.checkedEvents += findings.checked.events;
      result.checkedFiles += findings.checked.files;
      result.lost.push(...findings.lost.map((x) => `kill ${result.kills}: ${x}`));
      result.disagreements.push(...findings.disagreements.map((x) => `kill ${result.kills}: ${x}`));
      result.disagreementsBeforeReopen.push(...beforeReopen.map((x) => `kill ${result.kills}: ${x}`));
      result.unopenable.push(...findings.unopenable.map((x) => `kill ${result.kills}: ${x}`));
      opts.log(
        `  kill ${result.kills}: ${tracks.team.length} team sessions, ${findings.checked.events} acknowledged events checked, ` +
          `${findings.lost.length} lost, ${findings.disagreements.length} disk≠log (${beforeReopen.length} before reopening)`,
      );
    }
    result.controlDetected = await plantedFileIsReported(apiOf(host), tracks);
  } finally {
    await host.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Without this, 0 disagreements could also mean a check that never looks: plant a stray file and expect it found. */
async function plantedFileIsReported(api: Api, tracks: Tracks): Promise<boolean> {
  const track = tracks.team.find((t) => t.edits.length > 0);
  if (!track) return false;
  const events = await api<StoredEvent[]>('replaySession', { sessionId: track.sessionId });
  const root = events.ok
    ? (events.value.find((e) => e.kind === 'workspace_created')?.payload.root as string | undefined)
    : undefined;
  if (!root || !events.ok) return false;
  const planted = path.join(root, 'planted-by-torture.txt');
  fs.writeFileSync(planted, 'no event explains this');
  try {
    return diskVsLog(events.value, 'control').some((d) => d.includes('planted-by-torture.txt'));
  } finally {
    fs.rmSync(planted, { force: true });
  }
}
