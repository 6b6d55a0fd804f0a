// Usage: npm run lint-packs [-- [--train] studies/<pack> …]   (default: every team pack in studies/)
// --train: only the train half of each label test set, with the messages the rules got wrong (for tuning the rules
// without reading the held-out half); the held-out numbers are not printed.
// The pack linter: loads each task as validate-pack does, then asks for a source, three versions that differ,
// every stated fact traced to a quoted passage or marked fictional, and plays each declared path through the
// engine and checker (hidden tests in one Pyodide worker). Prints `file:line path: message`; exits 1 on any.
// Then each task's rules labeller over its label test set (label-tests/<task id>.yaml): held-out accuracy, train
// accuracy, held-out recall per label, the confusion matrix, n per half; and the mean held-out accuracy.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatLocated } from '../team/pack/loadTask.js';
import { isTeamPack, lintPack, sharedHiddenRunner } from '../team/pack/lintPack.js';
import { PyodideTestRunner } from '../pyodide/testRunner.js';
import { labelReportLines, labelSummaryLine, trainReportLines } from '../../shared/team/labelTests/report.js';

export function teamPacksIn(studiesDir: string): string[] {
  return fs
    .readdirSync(studiesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(studiesDir, d.name))
    .filter(isTeamPack)
    .sort();
}

export async function lintPacksCommand(args: string[], cwd = process.cwd()): Promise<{ code: number; out: string[]; err: string[] }> {
  const trainOnly = args.includes('--train');
  const dirs = args.filter((a) => a !== '--train');
  const packs = dirs.length > 0 ? dirs.map((d) => path.resolve(cwd, d)) : teamPacksIn(path.resolve(cwd, 'studies'));
  const python = new PyodideTestRunner();
  const out: string[] = [];
  const err: string[] = [];
  try {
    const runHidden = sharedHiddenRunner(python);
    const measured: Parameters<typeof labelSummaryLine>[0][number][] = [];
    for (const dir of packs) {
      const label = path.relative(cwd, dir) || '.';
      const lint = await lintPack(dir, runHidden);
      const rel = (p: string): string => path.relative(cwd, p);
      for (const p of lint.problems) err.push(formatLocated({ ...p, file: rel(p.file) }));
      const runs = lint.played.length;
      if (lint.problems.length === 0) out.push(`${label}: ${lint.tasks === 1 ? '1 task passes' : `${lint.tasks} tasks pass`} the linter (${runs} declared runs played)`);
      else err.push(`${lint.problems.length} problem${lint.problems.length === 1 ? '' : 's'} in ${label}`);
      for (const t of lint.labelTests) out.push(...(trainOnly ? trainReportLines(t.task, t.status) : labelReportLines(t.task, t.status)));
      measured.push(...lint.labelTests);
    }
    if (measured.length > 0 && !trainOnly) out.push(labelSummaryLine(measured));
  } finally {
    await python.dispose();
  }
  return { code: err.length > 0 ? 1 : 0, out, err };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  void lintPacksCommand(process.argv.slice(2)).then(({ code, out, err }) => {
    for (const line of out) console.log(line);
    for (const line of err) console.error(line);
    process.exitCode = code;
  });
}
