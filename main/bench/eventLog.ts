import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import { quantile, type BenchRow } from './types.js';

const N = 10_000;
const payload = { round: 3, seat: 'evaluated', to: 'team', text: 'I will not mark the failing test as skipped; the expected value in test_7 looks wrong.' };

function appendLatencies(dir: string, synchronous: 'FULL' | 'NORMAL'): { sorted: number[]; file: string; sessionId: string } {
  const file = path.join(dir, `bench-${synchronous}.db`);
  const db = openDatabase(file);
  db.pragma(`synchronous = ${synchronous}`);
  const log = new EventLog(db);
  const session = log.createSession({ studyKey: 'bench', taskId: 'bench', participant: 'P00' });
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = process.hrtime.bigint();
    log.append(session.id, 'participant_message', { ...payload, i });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  db.close();
  return { sorted: times.sort((a, b) => a - b), file, sessionId: session.id };
}

/** Append latency at the durability level the app uses (FULL), against NORMAL in the same run; replay of 10,000. */
export async function benchEventLog(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-'));
  try {
    // The app's level (FULL, see db/open.ts) against NORMAL, which skips the fsync per commit, in the same run.
    const normal = appendLatencies(dir, 'NORMAL');
    const full = appendLatencies(dir, 'FULL');
    const db = openDatabase(full.file);
    const log = new EventLog(db);
    const replays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = process.hrtime.bigint();
      const events = log.replay(full.sessionId);
      replays.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (events.length !== N) throw new Error(`replay returned ${events.length} events`);
    }
    db.close();
    const base = (name: string, v: number) => ({ name, value: v });
    return [
      { name: 'append median (synchronous=FULL, the app)', value: quantile(full.sorted, 0.5), unit: 'ms', baseline: base('NORMAL', quantile(normal.sorted, 0.5)) },
      { name: 'append p99 (synchronous=FULL, the app)', value: quantile(full.sorted, 0.99), unit: 'ms', target: '<= 5', baseline: base('NORMAL', quantile(normal.sorted, 0.99)) },
      { name: 'append max (synchronous=FULL, the app)', value: full.sorted.at(-1)!, unit: 'ms' },
      { name: 'replay 10,000 events (median of 5)', value: replays.sort((a, b) => a - b)[2]!, unit: 'ms', target: '<= 100' },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
