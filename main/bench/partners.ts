import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app/services.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { startChatStub } from '../judge/chatStub.testing.js';
import { PARTNER_REPLY, type PartnerReplyRecord } from '../partners/partnerRecord.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { quantile, type BenchRow } from './types.js';

const SESSIONS = 30;
// Direct messages to the two partners of hidden-profile: each one is answered (by the endpoint, or by the script).
const LINES: [string, string][] = [
  ['Rosa', 'What do you know about East Town?'],
  ['Ben', 'Is North Hill reachable?'],
  ['Rosa', 'Anything else about the roads?'],
  ['Ben', 'thanks'],
];

/**
 * A live partner's answer against an instant chat-completions stub on 127.0.0.1 beside the scripted partner's answer
 * to the same messages, in the same run (sessions interleaved): the whole teamSend call each time. "Our time" is the
 * live send less the endpoint's own round trip (the record's latency_ms): prompt, fact check, commit.
 */
export async function benchPartners(appRoot: string): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-partners-'));
  const stub = await startChatStub();
  stub.on('partner-m', () => ({ kind: 'text', content: 'I heard a massive fire has blocked the supply truck.' }));
  const study = path.join(dataDir, 'studies', 'bench-partners');
  fs.cpSync(path.join(appRoot, 'studies', 'team-demo'), study, { recursive: true });
  fs.writeFileSync(
    path.join(study, 'study.yaml'),
    `schema: teamseat/study@1\nid: bench-partners\ntitle: Live partners\nkind: team\ntasks: [tasks/hidden-profile.yaml]\npartners:\n  endpoint: { base_url: "${stub.baseUrl}", model: partner-m }\n`,
  );
  const app = createApp({ host: 'browser', version: 'bench', appRoot, dataDir, settingsFactory: confSettingsFactory, log: silentLogger });
  try {
    const call = async <T>(method: string, args: unknown): Promise<T> => {
      const r = await dispatch(app.handlers, method, args, { host: 'browser' }, silentLogger);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as T;
    };
    await call('updateSettings', { livePartners: true });
    const live: number[] = [];
    const scripted: number[] = [];
    const ours: number[] = [];
    for (let s = 0; s < SESSIONS; s++) {
      for (const studyKey of ['user:bench-partners', 'built-in:team-demo']) {
        const view = await call<TeamView>('teamStart', { studyKey, taskId: 'hidden-profile', participant: `BP${s}`, version: 'manipulation', seed: 1 + (s % 3) });
        for (const [to, text] of LINES) {
          const t0 = process.hrtime.bigint();
          await call<TeamView>('teamSend', { sessionId: view.sessionId, to, text });
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          if (studyKey === 'built-in:team-demo') {
            scripted.push(ms);
            continue;
          }
          const record = app.database.eventLog!.replay(view.sessionId).findLast((e) => e.kind === PARTNER_REPLY)?.payload as PartnerReplyRecord | undefined;
          if (record?.status !== 'live') throw new Error(`the live partner did not answer live: ${record?.fallback_reason ?? 'no record'}`);
          live.push(ms);
          ours.push(ms - (record.latency_ms ?? 0));
        }
      }
    }
    const p95 = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.95);
    return [
      { name: `send → live partner's answer persisted, p95 (${live.length} sends, instant stub)`, value: p95(live), unit: 'ms', baseline: { name: 'scripted partner p95', value: p95(scripted) } },
      { name: 'send → live partner: our time outside the HTTP round trip, p95', value: p95(ours), unit: 'ms', baseline: { name: 'scripted partner p95', value: p95(scripted) } },
      { name: 'send → live partner, median', value: quantile([...live].sort((a, b) => a - b), 0.5), unit: 'ms' },
    ];
  } finally {
    app.close();
    await stub.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
