import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findAppRoot } from '../appRoot.js';
import { flagValue } from '../paths.js';
import { meetsTarget, type BenchRow } from './types.js';
import { benchEventLog } from './eventLog.js';
import { benchColdStart } from './coldStart.js';
import { agreementBench } from './agreement.js';
import { benchPyodide } from './pyodide.js';
import { benchPyodideRunEnd } from './pyodideRunEnd.js';
import { generateForParent, importForParent, runSlackBench } from './slack.js';
import { benchTeamSend } from './teamSend.js';
import { benchSlackChannel } from './slackChannel.js';
import { benchScoring } from './scoring.js';
import { benchBundle } from './bundle.js';
import { benchComparison } from './comparison.js';
import { benchComparisonLarge } from './comparisonLarge.js';
import { benchKiosk } from './kiosk.js';
import { benchLab } from './lab.js';
import { benchCrowd } from './crowd.js';
import { benchDashboard } from './dashboard.js';
import { benchModelSeat } from './modelSeat.js';
import { benchReplay } from './replay.js';
import { benchPresenter } from './presenter.js';
import { benchJudge } from './judge.js';
import { benchConsole } from './console.js';
import { benchPartners } from './partners.js';
import { benchLintPacks } from './lintPacks.js';
import { benchAudit } from './audit.js';

/**
 * `npm run bench [-- --only=a,b]`: prints every number the issues ask for, each with its target and, where
 * one exists, a baseline measured in the same run. Speed lives here, never in timed unit tests.
 */
const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));

// The Slack suite generates its synthetic export in a child process of this same entry (see slack.ts).
const generate = process.argv.indexOf('--slack-generate');
if (generate >= 0) {
  const [dir, messages, channels] = process.argv.slice(generate + 1);
  generateForParent(dir!, Number(messages), Number(channels));
  process.exit(0);
}
const isolatedImport = process.argv.indexOf('--slack-import');
if (isolatedImport >= 0) {
  const [dbFile, exportDir, workDir] = process.argv.slice(isolatedImport + 1);
  await importForParent(dbFile!, exportDir!, workDir!);
  process.exit(0);
}
const suites: Record<string, () => Promise<BenchRow[]>> = {
  events: benchEventLog,
  coldstart: () => benchColdStart(appRoot),
  team: () => benchTeamSend(appRoot),
  agreement: () => agreementBench(),
  pyodide: () => benchPyodide(),
  runend: () => benchPyodideRunEnd(appRoot),
  slackchannel: () => benchSlackChannel(appRoot),
  scoring: () => benchScoring(),
  bundle: () => benchBundle(appRoot),
  comparison: () => benchComparison(appRoot),
  // Issue 28: the same screen with a 16,000-row final_results.json import beside the study's own rows.
  comparison16k: () => benchComparisonLarge(appRoot),
  kiosk: () => benchKiosk(appRoot),
  lab: () => benchLab(appRoot),
  crowd: () => benchCrowd(appRoot),
  dashboard: () => benchDashboard(appRoot),
  // An online study's crowd watched on the dashboard (issue 25): 200 participants, a message every 12.5 s.
  dashboard200: () => benchDashboard(appRoot, { participants: 200, thinkMs: 12_500 }),
  models: () => benchModelSeat(appRoot),
  replay: () => benchReplay(appRoot),
  presenter: () => benchPresenter(appRoot),
  judge: () => benchJudge(appRoot),
  console: () => benchConsole(appRoot),
  partners: () => benchPartners(appRoot),
  lintpacks: () => benchLintPacks(appRoot),
  audit: () => benchAudit(appRoot),
  // 1,000,000 messages in 500 channels unless --slack-messages says otherwise.
  slack: () =>
    runSlackBench({
      messages: Number(flagValue(process.argv.slice(2), 'slack-messages') ?? 1_000_000),
      generateInChild: true,
      log: (line) => process.stderr.write(`  ${line}\n`),
    }),
};

const only = flagValue(process.argv.slice(2), 'only')?.split(',');
let missed = 0;
for (const [name, run] of Object.entries(suites)) {
  if (only && !only.includes(name)) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  for (const row of await run()) {
    const ok = meetsTarget(row);
    if (ok === false) missed++;
    const base = row.baseline ? `  | ${row.baseline.name}: ${fmt(row.baseline.value)} ${row.unit}, ratio ${fmt(row.value / row.baseline.value)}×` : '';
    const target = row.target ? `  [target ${row.target} ${row.unit}: ${ok ? 'met' : 'MISSED'}]` : '';
    process.stdout.write(`${row.name.padEnd(62)} ${fmt(row.value).padStart(10)} ${row.unit}${target}${base}\n`);
  }
}
process.stdout.write(missed ? `\n${missed} target(s) missed.\n` : '\nAll targets met.\n');

function fmt(v: number): string {
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3);
}
