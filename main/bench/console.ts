import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { openStream, participantCall } from './lab.js';
import { quantile, type BenchRow } from './types.js';

const PARTICIPANTS = 6;
/** Sends per participant: hidden-profile has six rounds; the last send would end the run. */
const SENDS = 5;
const STUDY_ID = 'console-bench';

type Screen = { screen: string; stepToken: string; run?: { runId: string } | null };
type Frame = { type: string; sessionId?: string; event?: { sessionId: string; kind: string } };

/** Resolves on the first frame of the experimenter's stream that matches, with the time it arrived. */
function nextFrame(socket: WebSocket, match: (f: Frame) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const on = (data: WebSocket.RawData) => {
      // One frame holds the events of one turn: one event, or several as an array.
      const parsed = JSON.parse(String(data)) as Frame | Frame[];
      if (!(Array.isArray(parsed) ? parsed : [parsed]).some(match)) return;
      socket.off('message', on);
      resolve(performance.now());
    };
    socket.on('message', on);
  });
}

function writeStudy(dataDir: string, appRoot: string): string {
  const dir = path.join(dataDir, 'studies', STUDY_ID);
  fs.cpSync(path.join(appRoot, 'studies/team-demo'), dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    [
      'schema: teamseat/study@1',
      `id: ${STUDY_ID}`,
      'title: Console bench',
      'kind: team',
      'tasks: [tasks/hidden-profile.yaml]',
      'labeller: { source: experimenter, timeout_sec: 600, on_timeout: rules }',
      'protocol:',
      `  participants: { generate: { pattern: "B{nn}", count: ${PARTICIPANTS} } }`,
      '  versions: [manipulation]',
      '  ordering: fixed',
      '  screens:',
      '    consent: { text: Bench., checkbox: I agree. }',
      '    debrief: { text: Thanks. }',
    ].join('\n'),
  );
  return `user:${STUDY_ID}`;
}

/** A participant through consent into their run, by their own link, as their kiosk page does. */
async function seat(host: HostProcess, studyKey: string, participantId: string): Promise<{ call: ReturnType<typeof participantCall>; sessionId: string }> {
  const must = mustOf(host);
  await must('studyStartParticipant', { studyKey, participantId });
  const { fragment } = await must<{ fragment: string }>('participantLink', { studyKey, participantId });
  const call = participantCall(host, fragment.slice('kiosk='.length));
  let screen = await call<Screen>('participantStep', { participantId });
  for (let guard = 0; screen.screen !== 'run' && guard < 10; guard++) {
    screen =
      screen.screen === 'consent'
        ? await call<Screen>('participantConsent', { participantId, stepToken: screen.stepToken, agree: true })
        : await call<Screen>('participantNext', { participantId, stepToken: screen.stepToken });
  }
  screen = await call<Screen>('participantStartRun', { participantId, stepToken: screen.stepToken });
  return { call, sessionId: screen.run!.runId };
}

/**
 * Issue 14: a participant's send → the message in the experimenter's console queue (the `console.queue` push on the
 * experimenter's stream, then the console's read of its view holding the message), p95. Beside it, in the same run
 * and the same sends: the plain event push (send → the participant's `participant_message` event on that stream).
 */
export async function benchConsole(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-console-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  const studyKey = writeStudy(dataDir, appRoot);
  const host = await spawnHost(appRoot, dataDir);
  const must = mustOf(host);
  const experimenter = await openStream(host, host.token);
  const queued: number[] = [];
  const pushed: number[] = [];
  try {
    const { participants } = await must<{ participants: { participantId: string }[] }>('studyParticipants', { studyKey });
    for (const { participantId } of participants) {
      const { call, sessionId } = await seat(host, studyKey, participantId);
      const consoleId = `bench-${participantId.slice(0, 12)}`;
      await must('consoleView', { sessionId, consoleId });
      for (let i = 0; i < SENDS; i++) {
        const text = `Message ${i + 1}: what do you know about the routes?`;
        const push = nextFrame(experimenter, (f) => f.type === 'session.event' && f.event?.sessionId === sessionId && f.event.kind === 'participant_message');
        const announced = nextFrame(experimenter, (f) => f.type === 'console.queue' && f.sessionId === sessionId);
        const t0 = performance.now();
        const sent = call('teamSend', { sessionId, to: 'team', text });
        pushed.push((await push) - t0);
        await announced;
        const view = await must<{ queue: { requestId: string; text: string }[] }>('consoleView', { sessionId, consoleId });
        const item = view.queue.find((q) => q.text === text);
        if (!item) throw new Error(`the console's queue did not hold "${text}" after its announcement`);
        queued.push(performance.now() - t0);
        await must('consoleDecide', { sessionId, consoleId, requestId: item.requestId, label: 'other' });
        await sent;
      }
    }
    const q = queued.sort((a, b) => a - b);
    const p = pushed.sort((a, b) => a - b);
    return [
      {
        name: `participant send → message in the console's queue, p95 (${q.length} sends)`,
        value: quantile(q, 0.95),
        unit: 'ms',
        target: '<= 100',
        baseline: { name: 'plain event push (send → participant_message on the stream) p95', value: quantile(p, 0.95) },
      },
      { name: "participant send → message in the console's queue, median", value: quantile(q, 0.5), unit: 'ms', baseline: { name: 'plain event push median', value: quantile(p, 0.5) } },
    ];
  } catch (error) {
    throw new Error(`console bench failed: ${String(error)}\nhost stderr:\n${host.stderr().slice(-3000)}`, { cause: error });
  } finally {
    experimenter.close();
    await host.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
