// npm run rejudge -- <session id>... [--data-dir <dir>]
// Re-judges finished team runs with their study's judge panel (study.yaml `labeller:`; Settings must allow panels)
// and writes one comparison per run under <data>/rejudging/<session id>/. The runs themselves are never changed.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createApp, DATABASE_FILE } from '../app/services.js';
import { silentLogger, type Logger } from '../app/logger.js';
import { findAppRoot } from '../appRoot.js';
import { defaultDataDir, resolveDataDir } from '../paths.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { rejudgeSession } from '../judge/rejudgeSession.js';

const USAGE = 'usage: npm run rejudge -- <session id>... [--data-dir <dir>]\n';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stderr.write(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const dataDir = resolveDataDir(argv, process.env, () => defaultDataDir());
  // Runs are only read here: a folder without a session database is a wrong --data-dir, never one to start.
  const database = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(database)) {
    process.stderr.write(`No Teamseat data at ${path.resolve(dataDir)}: ${database} does not exist. Give the data dir that holds the runs with --data-dir.\n`);
    return 2;
  }
  const log: Logger = { ...silentLogger, warn: (message, fields) => process.stderr.write(`warning: ${message} ${fields ? JSON.stringify(fields) : ''}\n`) };
  const app = createApp({ host: 'browser', version: 'rejudge', appRoot: findAppRoot(path.dirname(fileURLToPath(import.meta.url))), dataDir, settingsFactory: confSettingsFactory, log });
  let code = 0;
  try {
    for (const id of parsed.positionals) {
      const done = await rejudgeSession(app, id);
      if (!done.ok) {
        process.stderr.write(`${id}: ${done.error.message}\n`);
        code = 1;
        continue;
      }
      const { summary, judges } = done.value.report;
      const first = summary.first_difference === null ? 'no label differs' : `first difference at message ${summary.first_difference} (${summary.undetermined} later message(s) undetermined)`;
      process.stdout.write(`${id}: ${summary.same} of ${summary.labelled_messages} labels the same; ${first}\n  ${judges.prompt.line}\n  ${done.value.path}\n`);
    }
  } finally {
    await app.close();
  }
  return code;
}

process.exitCode = await main(process.argv.slice(2));
