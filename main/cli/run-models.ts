// npm run run-models -- --study <id> [--model <name>]… [--concurrency N] [--data-dir DIR]
// Plays every counted task × version × seed of a team study (or every counted query of a Slack study) with each model
// configured under `models:` in its study.yaml, into <data dir>/results/<study id>/ (team: transcripts/…/<model dir>/…;
// Slack: a Harbor job at models/<model dir>/slack/; errors under excluded/error/).
// Resumable: run it again after a crash or Ctrl-C and it plays only what is not finished, retrying errored runs.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app/services.js';
import { silentLogger, type Logger } from '../app/logger.js';
import { findAppRoot } from '../appRoot.js';
import { defaultDataDir, resolveDataDir } from '../paths.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { runBatch, type BatchProgress } from '../modelSeat/batch.js';
import { chatPostFor, loadModelStudy, pickModels } from '../modelSeat/modelConfig.js';

const USAGE = 'usage: npm run run-models -- --study <study id> [--model <name>]… [--concurrency N] [--data-dir DIR]\n';

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        study: { type: 'string' },
        model: { type: 'string', multiple: true },
        concurrency: { type: 'string', default: '2' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help || !values.study) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    process.stderr.write(`--concurrency must be a whole number from 1 to 64, not "${values.concurrency}"\n`);
    return 2;
  }
  const dataDir = resolveDataDir(argv, process.env, () => defaultDataDir());
  const warnings: Logger = { ...silentLogger, warn: (message, fields) => process.stderr.write(`warning: ${message} ${fields ? JSON.stringify(fields) : ''}\n`) };
  const app = createApp({ host: 'browser', version: 'run-models', appRoot: findAppRoot(path.dirname(fileURLToPath(import.meta.url))), dataDir, settingsFactory: confSettingsFactory, log: warnings });
  try {
    const summary = app.library.list().find((s) => s.id === values.study || s.key === values.study);
    if (!summary) {
      process.stderr.write(`No study "${values.study}" in ${dataDir}/studies or the built-in studies.\n`);
      return 1;
    }
    const study = loadModelStudy(app.library, summary.key);
    if (!study.ok) {
      process.stderr.write(`${study.error.message}\n`);
      return 1;
    }
    const models = pickModels(study.value, values.model ?? []);
    if (!models.ok) {
      process.stderr.write(`${models.error.message}\n`);
      return 1;
    }
    const tty = process.stderr.isTTY === true;
    const report = await runBatch({
      s: app,
      studyKey: summary.key,
      studyId: study.value.studyId,
      models: models.value,
      cells: study.value.cells,
      queries: study.value.queries,
      concurrency,
      postFor: (m) => chatPostFor(m),
      onProgress: (p) => process.stderr.write(tty ? `\r${bar(p)}\x1b[K` : `${bar(p)}\n`),
    });
    if (tty) process.stderr.write('\n');
    if (!report.ok) {
      process.stderr.write(`${report.error.message}\n`);
      return 1;
    }
    const r = report.value;
    process.stdout.write(
      `${r.done - r.skipped} run(s) played (${r.skipped} already finished, ${r.interrupted} interrupted earlier), ${r.errors} error(s) → ${r.dir}\n` +
        Object.entries(r.usage)
          .map(([name, u]) => `  ${name} (${u.model_id}): ${u.finished} finished, ${u.errors} errored, ${u.total_tokens} tokens${u.cost_usd !== null ? `, $${u.cost_usd.toFixed(4)} (${u.cost_source})` : ''}\n`)
          .join(''),
    );
    return r.errors > 0 ? 3 : 0;
  } finally {
    await app.close();
  }
}

function bar(p: BatchProgress): string {
  const width = 24;
  const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
  const last = p.last ? ` — ${p.last.model} ${p.last.cell}: ${p.last.outcome}` : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${p.done}/${p.total} done, ${p.errors} error(s), ${p.running} running${last}`;
}

process.exitCode = await main(process.argv.slice(2));
