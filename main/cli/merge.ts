// npm run merge -- a.zip b.zip [c.zip …] -o merged.zip [--allow-versions]
// Merges study bundles written at several stations (one study) into one and re-scores it. Refuses another study id,
// a study version the first bundle lacks (unless --allow-versions: each run keeps its own, all are listed), one
// session id with two different logs, and two counted attempts of one participant's plan cell (both are named).
// The inputs are only read, within caps (main/bundle/readZip.ts: per file, per bundle, file count); the output is
// written atomically.
import { parseArgs } from 'node:util';
import { mergeBundles } from '../bundle/merge.js';

const USAGE =
  'usage: npm run merge -- <bundle.zip> <bundle.zip> [more.zip …] -o <merged.zip> [--allow-versions]\n';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        'allow-versions': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length < 2 || !values.out) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const merged = await mergeBundles(positionals, values.out, {
    allowVersions: values['allow-versions'] ?? false,
  });
  if (!merged.ok) {
    process.stderr.write(`${merged.error.message}\n`);
    return 1;
  }
  const m = merged.value;
  process.stdout.write(
    `${m.out}: ${m.bundles} bundles from stations ${m.stations.join(', ')}; ${m.sessions} sessions (${m.duplicateSessions} duplicates dropped), ${m.runs} runs; ` +
      `study versions ${m.studyVersions.join(', ') || 'none'}; ${(m.bytes / 1e6).toFixed(2)} MB\n`,
  );
  if (m.final) {
    // Every run the re-score could not use is named, as `npm run score` names it (it is also under `problems`).
    for (const p of m.final.problems) process.stderr.write(`problem: ${p}\n`);
    for (const w of m.final.warnings ?? []) process.stderr.write(`warning: ${w}\n`);
    if (m.final.skipped) process.stderr.write(`${m.final.skipped} run files were not scored (named above and under problems in final_results.json).\n`);
    for (const model of m.final.models) {
      const o = m.final.overall[model]!;
      process.stdout.write(
        `  ${model}: overall ${o.score === null ? '–' : o.score.toFixed(3)} [${o.ci.map((x) => (x === null ? '–' : x.toFixed(3))).join(', ')}]\n`,
      );
    }
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
