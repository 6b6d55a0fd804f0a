import crypto from 'node:crypto';
import type { ApiAnswer } from '../hosts/browser/hostProcess.js';

export type Api = <T = unknown>(method: string, args: unknown) => Promise<ApiAnswer<T>>;

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A deterministic pseudo-random source, so a torture run can be repeated with --seed. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

/** What the scripted clients saw acknowledged, kept across kills, checked against what the log recovers. */
export interface TeamTrack {
  /** The driver that owns it. */
  who: string;
  sessionId: string;
  /** Participant messages the host answered ok. */
  said: string[];
  /** path → sha256 of every edit the host answered ok, in order. */
  edits: { path: string; sha: string }[];
}
export interface SlackTrack {
  who: string;
  runId: string;
  workspaceId: string;
  acked: number;
  /** actionCount the host reported with the last acknowledged action. */
  lastCount: number;
}
export interface LabelTrack {
  rater: string;
  sessionId: string;
  answered: Set<string>;
}

export interface Tracks {
  /** Called as a workspace edit goes out: the kill can then land inside the host's write of it. */
  onEditSent?: () => void;
  team: TeamTrack[];
  slack: SlackTrack[];
  labels: LabelTrack[];
}

interface TeamView {
  sessionId: string;
  status: string;
  channels: string[];
  workspace: { tools: string[] } | null;
}

const LINES = [
  'What do you know about the routes out of the village?',
  'Kai, why do you think North Hill is best?',
  'Can you check the tests before we ship?',
  'I will fix the function and run the tests.',
  'Let me look at the spec again.',
];

/** Runs until `stop()` is true or the host goes away (a fetch throws). Returns nothing; records into tracks. */
export async function teamDriver(
  api: Api,
  tracks: Tracks,
  r: Rng,
  participant: string,
  taskId: string,
  stop: () => boolean,
) {
  let track = tracks.team.filter((t) => t.who === participant).at(-1);
  let view: TeamView | undefined;
  if (track) {
    const v = await api<TeamView>('teamView', { sessionId: track.sessionId });
    if (v.ok && v.value.status !== 'ended') view = v.value;
  }
  let n = 0;
  while (!stop()) {
    // A submitted run being checked (issue 13) is over for its participant too.
    if (!view || view.status === 'ended' || view.status === 'checking') {
      const versions = await api<{ version: string; seeds: number[] }[]>('teamVersions', {
        studyKey: 'built-in:team-demo',
        taskId,
      });
      if (!versions.ok) throw new Error(`teamVersions: ${versions.error?.message}`);
      const v = r.pick(versions.value);
      const started = await api<TeamView>('teamStart', {
        studyKey: 'built-in:team-demo',
        taskId,
        participant: `${participant}${tracks.team.length}`,
        version: v.version,
        seed: r.pick(v.seeds),
      });
      if (!started.ok) throw new Error(`teamStart: ${started.error?.message}`);
      view = started.value;
      track = { who: participant, sessionId: view.sessionId, said: [], edits: [] };
      tracks.team.push(track);
    }
    n += 1;
    const roll = r.next();
    if (view.workspace && roll < 0.6) {
      const path = r.pick(['plateau.py', 'notes.md', `scratch/n${r.int(4)}.txt`]);
      const content = `# edit ${n} by ${participant}\n${'x = 1\n'.repeat(1 + r.int(20_000))}`;
      const sent = api<{ result: { ok: boolean }; view: TeamView }>('teamTool', {
        sessionId: view.sessionId,
        name: 'edit_file',
        input: { path, content },
      });
      tracks.onEditSent?.();
      const res = await sent;
      if (res.ok && res.value.result.ok) {
        track!.edits.push({ path, sha: sha256(content) });
        view = res.value.view;
      }
    } else if (view.workspace && roll < 0.7) {
      const res = await api<{ view: TeamView }>('teamTool', {
        sessionId: view.sessionId,
        name: 'grep',
        input: { pattern: r.pick(['def', '^(a+)+$', 'x = 1', '(x|x)*y']), regex: r.next() < 0.5 },
      });
      if (res.ok) view = res.value.view;
    } else {
      const text = `${r.pick(LINES)} (#${n})`;
      const to = r.pick(view.channels);
      const res = await api<TeamView>('teamSend', { sessionId: view.sessionId, to, text });
      if (res.ok) {
        track!.said.push(text);
        view = res.value;
      } else if (res.error?.code !== 'conflict') {
        // Not your turn yet, ended, etc.: move on to another action.
        view = (await api<TeamView>('teamView', { sessionId: view.sessionId })).value;
      }
    }
  }
}

interface RunView {
  runId: string;
  workspaceId: string;
  actionCount: number;
  status: string;
}

export async function slackDriver(
  api: Api,
  tracks: Tracks,
  r: Rng,
  participant: string,
  stop: () => boolean,
) {
  let track = tracks.slack.find((t) => t.who === participant);
  if (!track) {
    const queries = await api<{ id: string }[]>('slackListQueries', { studyKey: 'built-in:slack-demo' });
    if (!queries.ok || !queries.value.length)
      throw new Error(`slackListQueries: ${queries.error?.message ?? 'no queries'}`);
    const q = r.pick(queries.value);
    const ws = await api('slackOpenStudyWorkspace', { studyKey: 'built-in:slack-demo', queryId: q.id });
    if (!ws.ok) throw new Error(`slackOpenStudyWorkspace: ${ws.error?.message}`);
    const run = await api<RunView>('slackStartRun', {
      studyKey: 'built-in:slack-demo',
      queryId: q.id,
      participant,
    });
    if (!run.ok) throw new Error(`slackStartRun: ${run.error?.message}`);
    track = {
      who: participant,
      runId: run.value.runId,
      workspaceId: run.value.workspaceId,
      acked: 0,
      lastCount: run.value.actionCount,
    };
    tracks.slack.push(track);
  }
  while (!stop()) {
    const res = await api('slackSearch', {
      workspaceId: track.workspaceId,
      runId: track.runId,
      query: r.pick(['release', 'deploy', 'bug', 'meeting', 'the']),
    });
    if (!res.ok) continue;
    track.acked += 1;
    const view = await api<RunView>('slackRunView', { runId: track.runId });
    if (view.ok) track.lastCount = view.value.actionCount;
  }
}

interface LabellingView {
  sessionId: string;
  resumeAt: string | null;
  answers: Record<string, unknown>;
  queue: { item: { id: string; kind: string; labels?: { label: string }[] } }[];
}

export async function labellingDriver(api: Api, tracks: Tracks, r: Rng, stop: () => boolean) {
  for (const rater of ['R1', 'R2']) {
    const opened = await api<LabellingView>('openLabelling', {
      studyKey: 'built-in:judge-validation-demo',
      rater,
    });
    if (!opened.ok) throw new Error(`openLabelling: ${opened.error?.message}`);
    let view = opened.value;
    let track = tracks.labels.find((t) => t.rater === rater);
    if (!track) tracks.labels.push((track = { rater, sessionId: view.sessionId, answered: new Set() }));
    let at = view.resumeAt;
    while (at && !stop()) {
      const item = view.queue.find((q) => q.item.id === at)!.item;
      const label = item.labels?.length ? r.pick(item.labels).label : undefined;
      const res = label
        ? await api<{ answers: Record<string, unknown> }>('giveLabel', {
            sessionId: view.sessionId,
            itemId: at,
            label,
            ms: 500 + r.int(5000),
          })
        : await api<{ answers: Record<string, unknown> }>('skipItem', {
            sessionId: view.sessionId,
            itemId: at,
            note: 'torture skip',
          });
      if (!res.ok) {
        const retry = await api<{ answers: Record<string, unknown> }>('skipItem', {
          sessionId: view.sessionId,
          itemId: at,
          note: 'torture skip',
        });
        if (!retry.ok) throw new Error(`labelling ${at}: ${res.error?.message} / ${retry.error?.message}`);
      }
      track.answered.add(at);
      view = (
        await api<LabellingView>('openLabelling', { studyKey: 'built-in:judge-validation-demo', rater })
      ).value;
      at = view.resumeAt;
    }
    if (stop()) return;
  }
}
