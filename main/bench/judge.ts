import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app/services.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { createRulesLabeller, defaultLabelTemplate, type LabelRequest } from '../../shared/team/labeller/index.js';
import type { SessionEvent } from '../../shared/team/engine/events.js';
import { findTeamTask } from '../team/taskSource.js';
import { startChatStub } from '../judge/chatStub.testing.js';
import { studyLabeller, panelLabellerOf } from '../judge/studyLabeller.js';
import { readStudyPanel } from '../judge/studyPanel.js';
import { rejudgeRun } from '../judge/rejudge.js';
import { createFileSecretStore } from '../secrets/fileSecretStore.js';
import { quantile, type BenchRow } from './types.js';

const LABELS = 400;

/**
 * The judge panel against a stub that answers at once (127.0.0.1): our own time per labelled message (study file
 * read, prompt rendered, two raters asked in parallel, replies parsed, rule applied, record redacted) beside the
 * rules labeller in the same run; and re-judging a finished 40-message run.
 */
export async function benchJudge(appRoot: string): Promise<BenchRow[]> {
  const stub = await startChatStub();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-judge-'));
  const app = createApp({ host: 'browser', version: 'bench', appRoot, dataDir, settingsFactory: confSettingsFactory, log: silentLogger });
  try {
    for (const model of ['referee', 'second', 'third']) stub.on(model, () => ({ kind: 'text', content: 'other' }));
    const dir = path.join(dataDir, 'studies', 'bench-panel');
    fs.cpSync(path.join(appRoot, 'studies', 'team-demo'), dir, { recursive: true });
    const rater = (model: string) => `{ base_url: "${stub.baseUrl}", model: ${model}, key: none }`;
    fs.writeFileSync(
      path.join(dir, 'study.yaml'),
      `schema: teamseat/study@1\nid: bench-panel\ntitle: Bench\nkind: team\ntasks: [tasks/hidden-profile.yaml]\nlabeller:\n  referee: ${rater('referee')}\n  second: ${rater('second')}\n  third: ${rater('third')}\n`,
    );
    app.settings.update({ judge: { panels: true } });
    const found = findTeamTask(app.library, 'user:bench-panel', 'hidden-profile');
    if (!found.ok) throw new Error(found.error.message);
    const resolved = found.value.versions.manipulation;
    const history = Array.from({ length: 12 }, (_, i) => ({ round: 1 + Math.floor(i / 3), seat: i % 2 ? 'Kai' : 'you', to: 'team', text: `Message ${i} about the roads and the river level.` }));
    const request: LabelRequest = { task: resolved, version: 'manipulation', message: { round: 5, to: 'team', text: 'What do you all think we should do now?' }, history };

    const time = async (label: (r: LabelRequest) => Promise<unknown>): Promise<number[]> => {
      for (let i = 0; i < 20; i++) await label(request);
      const ms: number[] = [];
      for (let i = 0; i < LABELS; i++) {
        const t0 = performance.now();
        await label(request);
        ms.push(performance.now() - t0);
      }
      return ms.sort((a, b) => a - b);
    };
    const rules = createRulesLabeller();
    const panel = studyLabeller(app, 'user:bench-panel', createFileSecretStore(dataDir));
    const rulesMs = await time((r) => rules.label(r));
    // Our own work beside the wait on the endpoint: wall time less the slowest rater's round trip (as the client timed it).
    const localMs: number[] = [];
    const panelMs = await time(async (r) => {
      const t0 = performance.now();
      const d = await panel.label(r);
      const raters = (d.raw as { panel?: { raters: { latency_ms: number }[] } }).panel?.raters ?? [];
      localMs.push(performance.now() - t0 - Math.max(0, ...raters.map((x) => x.latency_ms)));
    });
    localMs.splice(0, 20);
    localMs.sort((a, b) => a - b);
    const rows: BenchRow[] = [
      {
        name: `judge panel: one labelled message, instant stub, p95 (${LABELS})`,
        value: quantile(panelMs, 0.95),
        unit: 'ms',
        target: '<= 20',
        baseline: { name: 'rules labeller p95', value: quantile(rulesMs, 0.95) },
      },
      { name: 'judge panel: our work outside the HTTP round trip, p95', value: quantile(localMs, 0.95), unit: 'ms', target: '<= 20' },
      { name: 'judge panel: one labelled message, instant stub, median', value: quantile(panelMs, 0.5), unit: 'ms', baseline: { name: 'rules labeller median', value: quantile(rulesMs, 0.5) } },
    ];

    // A finished run of 40 labelled messages (all agreed, so every one is asked: the longest re-judging there is).
    const events: SessionEvent[] = [{ type: 'session_started', task_id: 'hidden-profile', version: 'manipulation', seed: 1, participant: 'B01' }, { type: 'round_started', round: 1 }];
    for (let i = 0; i < 40; i++) {
      events.push({ type: 'participant_message', text: `Message ${i}: what about the bridge?`, to: 'team' }, { type: 'label_decided', label: 'other', source: 'rules', rule: 'default' });
    }
    events.push({ type: 'ended', how: 'submitted' });
    const study = readStudyPanel(dir).panel!;
    const t0 = performance.now();
    const report = await rejudgeRun({
      session: { id: 'bench', studyKey: 'user:bench-panel' },
      task: found.value.task,
      resolved,
      events,
      panel: panelLabellerOf(app, 'user:bench-panel', study, createFileSecretStore(dataDir)),
      template: defaultLabelTemplate,
      models: { referee: 'referee', second: 'second', third: 'third' },
    });
    const rejudgeMs = performance.now() - t0;
    if (report.summary.same !== 40) throw new Error(`re-judging bench: expected 40 same labels, got ${report.summary.same}`);
    rows.push({ name: 're-judging a finished 40-message run, instant stub', value: rejudgeMs, unit: 'ms' });
    return rows;
  } finally {
    await app.close();
    await stub.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
