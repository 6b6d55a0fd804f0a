import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostileCorpus } from '../hosts/browser/testing/hostileCorpus.js';
import { apiOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';

export interface CorpusRunResult {
  requests: number;
  /** Cases after which the host process had exited or no longer answered. */
  crashes: string[];
  /** Cases answered with another status than the corpus expects (not a crash; listed for the record). */
  unexpected: string[];
}

async function answers(host: HostProcess): Promise<boolean> {
  if (!host.alive()) return false;
  try {
    const r = await apiOf(host)('appInfo', {});
    return r.ok;
  } catch {
    return false;
  }
}

/** The browser host's malformed-request corpus, `rounds` times, against the built host process. */
export async function corpusRun(appRoot: string, rounds: number): Promise<CorpusRunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-torture-corpus-'));
  const result: CorpusRunResult = { requests: 0, crashes: [], unexpected: [] };
  let host = await spawnHost(appRoot, dataDir);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const c of hostileCorpus) {
        result.requests += 1;
        const reply = await c.send({ port: host.port, token: host.token });
        if (c.expect && !c.expect.includes(reply.status ?? -1) && round === 0)
          result.unexpected.push(`${c.name}: ${reply.status ?? 'no answer'}`);
        if (!(await answers(host))) {
          result.crashes.push(`${c.name}: ${host.stderr().split('\n').filter(Boolean).slice(-1)[0] ?? ''}`);
          await host.kill();
          host = await spawnHost(appRoot, dataDir);
        }
      }
    }
  } finally {
    await host.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}
