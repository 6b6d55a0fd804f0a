// npm run score -- <results dir> [-o final_results.json] [--force] [--allow-skips] [--design within|between] [--gate <rate>] [--study <pack dir>]
// Writes final_results.json for a folder in the benchmark layout (<dir>/transcripts/<dimension>/<scenario>/<model-dir>/
// <version>_seed<k>.json), by the rule in shared/team/export/README.md. Runs under excluded/ never count (they are
// counted on stdout by reason). Strict only on what scoring reads: a run that fails there, a run present twice
// (seed1 beside seed01) and a JSON file outside the layout are skipped, named on stderr and in `problems`, and the
// exit status is 1 unless --allow-skips (the file is written either way); fields scoring does not read only warn.
// A folder with no run files exits 1. Nothing in the folder changes. Without -o, a final_results.json already beside
// the transcripts with other content is kept (refused) unless --force.
// With --study, every transcript is also re-checked against that pack's checker (hidden tests in Pyodide): each
// disagreement is printed and written under `recheck` in the file; the recorded scores are the ones used.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Design } from '../../shared/team/export/resultTypes.js';
import { writeFinalResults } from '../scoring/scoreFolder.js';
import { excludedRecords, LAYOUT, transcriptsRoot } from '../scoring/readResults.js';

const USAGE =
  'usage: npm run score -- <results dir> [-o final_results.json] [--force] [--allow-skips] [--design within|between] [--gate <alone pass rate 0–1>] [--study <team study dir>]\n';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string', short: 'o' }, force: { type: 'boolean' }, 'allow-skips': { type: 'boolean' }, design: { type: 'string' }, gate: { type: 'string' }, study: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  let design: Design = 'within';
  let gate: number | null = null;
  if (values.study) {
    // Loaded only with --study: the pack loader and the Python re-check are most of the bundle's start-up cost.
    const { studyDesign } = await import('../scoring/studyDesign.js');
    const found = studyDesign(values.study);
    design = found.design;
    gate = found.poolGateAtLeast;
    if (found.note) process.stderr.write(`${values.study}: ${found.note}\n`);
  }
  if (values.design !== undefined) {
    if (values.design !== 'within' && values.design !== 'between') {
      process.stderr.write(`--design must be within or between, not "${values.design}"\n`);
      return 2;
    }
    design = values.design;
  }
  if (values.gate !== undefined) {
    gate = Number(values.gate);
    if (!Number.isFinite(gate) || gate < 0 || gate > 1) {
      process.stderr.write(`--gate must be a rate between 0 and 1, not "${values.gate}"\n`);
      return 2;
    }
  }
  const dir = positionals[0]!;
  const root = transcriptsRoot(dir);
  if (!root.ok) {
    process.stderr.write(`${root.error.message}\n`);
    return 1;
  }
  if (!hasAnyFile(root.value)) {
    process.stderr.write(`${root.value} holds no run files (${LAYOUT}): nothing to score, nothing written.\n`);
    return 1;
  }
  const recheck = values.study ? await (await import('../scoring/recheckFolder.js')).recheckFolder(dir, values.study) : undefined;
  const written = writeFinalResults(dir, { design, poolGateAtLeast: gate, ...(recheck ? { recheck } : {}), ...(values.out ? { out: path.resolve(values.out) } : {}), force: values.force ?? false });
  if (!written.ok) {
    process.stderr.write(`${written.error.message}\n`);
    return 1;
  }
  const r = written.value.results;
  for (const p of r.problems) process.stderr.write(`problem: ${p}\n`);
  for (const w of r.warnings ?? []) process.stderr.write(`warning: ${w}\n`);
  if (recheck) {
    for (const d of recheck.disagreements) {
      process.stderr.write(
        `re-check disagrees: ${d.file}: recorded ${d.recorded.pass ? 'pass' : 'fail'} (${d.recorded.outcome}), the pack's checker says ` +
          `${d.rechecked.pass ? 'pass' : 'fail'} (${d.rechecked.reason}); the recorded score is used\n`,
      );
    }
    process.stdout.write(
      `re-checked ${recheck.rechecked} runs against ${values.study}: ${recheck.disagreements.length} disagree, ${recheck.not_rechecked.length} could not be re-checked ` +
        `(the recorded scores are used)\n`,
    );
  }
  process.stdout.write(
    `${written.value.files} run files, ${r.models.length} rows (${design} design), ${r.skipped ?? 0} skipped, ${r.problems.length} problems, ` +
      `${r.warnings?.length ?? 0} kinds of warning, ${r.missing_runs.length} missing runs → ${written.value.out}\n`,
  );
  if (written.value.files === 0) {
    process.stderr.write(`${written.value.root} holds no run files named as in ${LAYOUT} (see the problems above): nothing was scored.\n`);
    return 1;
  }
  const excluded = excludedRecords(written.value.root);
  if (excluded.size > 0) {
    process.stdout.write(
      `not scored, by design: ${[...excluded].map(([reason, n]) => `${n} files under excluded/${reason}/`).join(', ')}` +
        (excluded.has('error') ? ' (excluded/error/ holds model runs stopped by an endpoint error: each one\'s cell stays unscored and is listed in missing_runs where a plan or another model names it)' : '') +
        '.\n',
    );
  }
  if (r.skipped) {
    const allowed = values['allow-skips'] ?? false;
    process.stderr.write(
      `${r.skipped} run file${r.skipped === 1 ? ' was' : 's were'} skipped (named above and under problems): the scores leave ${r.skipped === 1 ? 'it' : 'them'} out. ` +
        (allowed ? 'Accepted (--allow-skips).\n' : 'Exit status 1; fix them, or give --allow-skips to accept the scores without them.\n'),
    );
    if (!allowed) return 1;
  }
  return 0;
}

/** Whether a transcripts folder holds anything at all (files outside the layout are still reported, not "empty"). */
function hasAnyFile(dir: string): boolean {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'excluded') continue;
    if (e.isFile() || (e.isDirectory() && hasAnyFile(path.join(dir, e.name)))) return true;
  }
  return false;
}

process.exitCode = await main(process.argv.slice(2));
