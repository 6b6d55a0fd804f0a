import fs from 'node:fs';
import path from 'node:path';
import type { RecheckReport } from '../../shared/team/export/resultTypes.js';
import { benchmarkTranscriptSchema, type Version } from '../../shared/team/export/transcriptSchema.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { PyodideTestRunner } from '../pyodide/testRunner.js';
import { transcriptsRoot } from './readResults.js';
import { recheckTranscript, type HiddenTestRunner } from './recheck.js';

const RUN_FILE = /^([^/]+)\/([^/]+)\/([^/]+)\/(alone|control|manipulation)_seed(\d+)\.json$/;

/** Every run file under a transcripts folder as `<dimension>/<scenario>/<model-dir>/<file>`, excluded/ left out, sorted. */
export function runFilesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      if (d.name.startsWith('.') || (rel === '' && d.name === 'excluded')) continue;
      const next = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(path.join(dir, d.name), next);
      else if (d.isFile() && RUN_FILE.test(next)) out.push(next);
    }
  };
  walk(root, '');
  return out.sort();
}

/**
 * Re-runs the pack's checker on every transcript's final state (hidden tests in a fresh Pyodide interpreter each)
 * and reports where it disagrees with the recorded `score`, which stays the one used. Reads only.
 */
export async function recheckFolder(dir: string, packDir: string, runTests?: HiddenTestRunner): Promise<RecheckReport> {
  const report: RecheckReport = { pack: packDir, used: 'recorded', rechecked: 0, disagreements: [], not_rechecked: [] };
  const root = transcriptsRoot(dir);
  if (!root.ok) return report;
  const tasks = new Map(loadTeamPack(packDir).tasks.map((t) => [t.task.id, t]));
  let python: PyodideTestRunner | null = null;
  const run: HiddenTestRunner =
    runTests ??
    (async (files, testPath, testText) => {
      python ??= new PyodideTestRunner();
      const r = await python.run({ files, tests: { [testPath]: testText }, fresh: true, sessionKey: 'recheck' });
      return r.ok ? r.value : { status: 'crashed', passed: 0, failed: 0, errors: 1 };
    });
  try {
    for (const rel of runFilesUnder(root.value)) {
      const file = `transcripts/${rel}`;
      const m = RUN_FILE.exec(rel)!;
      const task = tasks.get(m[2]!)?.versions[m[4] as Version];
      if (!task) {
        report.not_rechecked.push({ file, why: `the pack has no task ${m[2]}` });
        continue;
      }
      let parsed;
      try {
        parsed = benchmarkTranscriptSchema.safeParse(JSON.parse(fs.readFileSync(path.join(root.value, ...rel.split('/')), 'utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        report.not_rechecked.push({ file, why: 'not a valid transcript (listed in problems)' });
        continue;
      }
      const t = parsed.data;
      const r = await recheckTranscript(task, t, run);
      if (r.status === 'not_rechecked') {
        report.not_rechecked.push({ file, why: r.why });
        continue;
      }
      report.rechecked++;
      if (r.status === 'disagrees') {
        report.disagreements.push({ file, recorded: { pass: t.score.pass, outcome: t.score.outcome }, rechecked: { pass: r.pass, outcome: r.outcome, reason: r.reason } });
      }
    }
  } finally {
    await (python as PyodideTestRunner | null)?.dispose();
  }
  return report;
}
