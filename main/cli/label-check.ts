// npm run label-check -- --study <study id or key> [--data-dir <dir>]
// Runs every team task's label test set (label-tests/<task id>.yaml) through the study's judge panel (study.yaml
// `labeller:`; Settings must allow panels) and prints the panel's and each judge's accuracy per task, so a lab can
// check its llama.cpp or Ollama judges before its first participant. Nothing is recorded.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app/services.js';
import { silentLogger, type Logger } from '../app/logger.js';
import { findAppRoot } from '../appRoot.js';
import { defaultDataDir, resolveDataDir } from '../paths.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { labelCheckLines, labelCheckStudy } from '../judge/labelCheck.js';

const USAGE = 'usage: npm run label-check -- --study <study id or key> [--data-dir <dir>]\n';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { study: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help || !parsed.values.study) {
    process.stderr.write(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const dataDir = resolveDataDir(argv, process.env, () => defaultDataDir());
  const log: Logger = { ...silentLogger, warn: (message, fields) => process.stderr.write(`warning: ${message} ${fields ? JSON.stringify(fields) : ''}\n`) };
  const app = createApp({ host: 'browser', version: 'label-check', appRoot: findAppRoot(path.dirname(fileURLToPath(import.meta.url))), dataDir, settingsFactory: confSettingsFactory, log });
  try {
    const wanted = parsed.values.study;
    const study = app.library.list().find((s) => s.key === wanted || s.id === wanted);
    if (!study) {
      process.stderr.write(`No study "${wanted}" in the library (give its id, e.g. team-demo, or its key, e.g. built-in:team-demo).\n`);
      return 1;
    }
    const report = await labelCheckStudy(app, study.key);
    if (!report.ok) {
      process.stderr.write(`${report.error.message}\n`);
      return 1;
    }
    for (const line of labelCheckLines(report.value)) process.stdout.write(`${line}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
