import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app/services.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { openDatabase } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { quantile, type BenchRow } from './types.js';

const SESSIONS = 40;
// Messages that reach the scripted teammate (each is labelled by the rules labeller and answered).
const LINES = [
  'What do you know about the routes out of the village?',
  'Rosa, what did you see on the east road this morning?',
  'I am not sure North Hill is right; what about the trails?',
  'Kai, why do you think North Hill is best?',
];

/**
 * Send → scripted reply persisted: the whole teamSend call (participant message appended, labelled by the
 * rules labeller, engine run, replies appended), typing delay off (it is display only). The baseline is
 * one plain event append in the same run, so the ratio shows what labelling and the engine add.
 */
export async function benchTeamSend(appRoot: string): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-team-'));
  const app = createApp({ host: 'browser', version: 'bench', appRoot, dataDir, settingsFactory: confSettingsFactory, log: silentLogger });
  try {
    const call = async <T>(method: string, args: unknown): Promise<T> => {
      const r = await dispatch(app.handlers, method, args, { host: 'browser' }, silentLogger);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as T;
    };
    const times: number[] = [];
    for (let s = 0; s < SESSIONS; s++) {
      const view = await call<TeamView>('teamStart', { studyKey: 'built-in:team-demo', taskId: 'hidden-profile', participant: `B${s}`, version: 'manipulation', seed: 1 + (s % 3) });
      for (const text of LINES) {
        const t0 = process.hrtime.bigint();
        const after = await call<TeamView>('teamSend', { sessionId: view.sessionId, to: 'team', text });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (after.status === 'ended') break;
      }
    }
    const sorted = times.sort((a, b) => a - b);
    const baseline = plainAppendP95(dataDir);
    return [
      { name: `send → scripted reply persisted, p95 (${sorted.length} sends)`, value: quantile(sorted, 0.95), unit: 'ms', target: '<= 30', baseline: { name: 'one plain event append p95', value: baseline } },
      { name: 'send → scripted reply persisted, median', value: quantile(sorted, 0.5), unit: 'ms' },
    ];
  } finally {
    app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function plainAppendP95(dir: string): number {
  const db = openDatabase(path.join(dir, 'baseline.db'));
  const log = new EventLog(db);
  const session = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = process.hrtime.bigint();
    log.append(session.id, 'participant_message', { text: LINES[i % LINES.length] });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  db.close();
  return quantile(times.sort((a, b) => a - b), 0.95);
}
