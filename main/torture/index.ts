import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findAppRoot } from '../appRoot.js';
import { flagValue } from '../paths.js';
import { killRun, type KillRunResult } from './killRun.js';
import { corpusRun, type CorpusRunResult } from './corpusRun.js';
import { fuzzPacks, type FuzzResult } from './fuzz.js';
import { xssRun, type XssResult } from './xss.js';
import { sandboxRun, type SandboxRunResult } from './sandboxRun.js';

/**
 * `npm run torture`: kill -9 of the built browser host under scripted sessions, the malformed-request corpus,
 * a pack and item-set fuzzer, and an XSS corpus rendered in Chromium. Loopback only; bounded in time.
 * Flags: --kills N, --seed S, --kill-budget-s S, --fuzz-cases N, --corpus-rounds N, --only kill,corpus,fuzz,xss,sandbox,
 * --chromium PATH. Exits 1 when any headline figure is not 0.
 */
async function main(argv = process.argv.slice(2)) {
  const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
  const num = (name: string, dflt: number) => Number(flagValue(argv, name) ?? dflt);
  const seed = num('seed', Math.floor(Math.random() * 2 ** 31));
  const only = new Set((flagValue(argv, 'only') ?? 'kill,corpus,fuzz,xss,sandbox').split(','));
  const log = (l: string) => process.stdout.write(l + '\n');
  const started = Date.now();
  log(`Teamseat torture run (seed ${seed}; repeat with --seed ${seed})`);

  let kill: KillRunResult | undefined;
  let corpus: CorpusRunResult | undefined;
  let fuzz: FuzzResult | undefined;
  let xss: XssResult | undefined;
  let sandbox: SandboxRunResult | undefined;
  if (only.has('kill')) {
    log('\n(a) kill -9 of the browser host during team, Slack and labelling sessions');
    kill = await killRun(appRoot, {
      kills: num('kills', 10),
      seed,
      budgetMs: num('kill-budget-s', 150) * 1000,
      log,
    });
  }
  if (only.has('corpus')) {
    log('\n(b) malformed-request corpus against the built host');
    corpus = await corpusRun(appRoot, num('corpus-rounds', 2));
  }
  if (only.has('fuzz')) {
    log('\n(c) fuzzer over team packs and labelling item sets');
    fuzz = fuzzPacks(appRoot, num('fuzz-cases', 100), seed);
  }
  if (only.has('xss')) {
    log('\n(d) XSS corpus rendered in Chromium');
    xss = await xssRun(appRoot, { chromiumPath: flagValue(argv, 'chromium') ?? '/usr/bin/chromium', log });
  }

  if (only.has('sandbox')) {
    log('\n(e) escapes from and forged verdicts in the Python sandbox');
    sandbox = await sandboxRun(log);
  }

  const details = (title: string, items: string[] | undefined) => {
    if (!items?.length) return;
    log(`\n${title} (${items.length}):`);
    for (const i of items.slice(0, 15)) log(`  - ${i}`);
    if (items.length > 15) log(`  … ${items.length - 15} more`);
  };
  details('Lost acknowledged events', kill?.lost);
  details('Disk vs log disagreements after reopening', kill?.disagreements);
  details(
    'Disk vs log disagreements as the restart found them (before reopening)',
    kill?.disagreementsBeforeReopen,
  );
  details('Sessions that could not be reopened', kill?.unopenable);
  details('Driver errors (not the kill)', kill?.driverErrors);
  details('Host crashes from the corpus', corpus?.crashes);
  details('Corpus answers other than expected (not crashes)', corpus?.unexpected);
  details('Loader exceptions', fuzz?.exceptions);
  details('Loader errors naming no file or place', fuzz?.unnamedErrors);
  details('XSS executions', xss?.executions);
  details('XSS blocked by the CSP (markup reached the DOM)', xss?.cspBlocked);
  details('XSS markup in the DOM', xss?.injectedMarkup);
  details('XSS screens not reached', xss?.missed);
  details('Sandbox escapes', sandbox?.escapes);
  details('Forged verdicts', sandbox?.forged);

  const row = (name: string, value: number | string, of: string) =>
    log(`| ${name.padEnd(44)} | ${String(value).padStart(6)} | ${of.padEnd(52)} |`);
  log(
    '\n| figure                                       |  value | out of                                               |',
  );
  log(`|${'-'.repeat(46)}|${'-'.repeat(8)}|${'-'.repeat(54)}|`);
  if (kill) {
    row(
      'lost acknowledged events',
      kill.lost.length,
      `${kill.checkedEvents} checked over ${kill.kills} kill -9s`,
    );
    row(
      'disk-vs-log disagreements (after reopen)',
      kill.disagreements.length,
      `${kill.checkedFiles} workspace files checked`,
    );
    row(
      'disk-vs-log disagreements (before reopen)',
      kill.disagreementsBeforeReopen.length,
      'as each restart found the disk',
    );
    row('sessions not reopenable after a kill', kill.unopenable.length, '');
    row('host died by itself during sessions', kill.hostDiedByItself, `${kill.kills} rounds`);
    row(
      'disk-vs-log check self-test',
      kill.controlDetected ? 'passed' : 'FAILED',
      'a planted stray file must be reported',
    );
  }
  if (corpus)
    row('crashes (malformed-request corpus)', corpus.crashes.length, `${corpus.requests} hostile requests`);
  if (fuzz) {
    row('loader exceptions (fuzzer)', fuzz.exceptions.length, `${fuzz.cases} mutated packs/item sets`);
    row(
      'errors naming no file/place (fuzzer)',
      fuzz.unnamedErrors.length,
      `${fuzz.loaded} loaded, ${fuzz.namedErrors} named errors`,
    );
  }
  if (xss) {
    row('XSS executions', xss.executions.length, `${xss.payloads} payloads on ${xss.screens.length} screens`);
    row(
      'XSS payloads seen on screen as text',
      xss.shownAsText,
      `tripwire self-test ${xss.tripwireWorks ? 'passed' : 'FAILED'}`,
    );
    row(
      'XSS blocked by CSP / markup in DOM',
      `${xss.cspBlocked.length}/${xss.injectedMarkup.length}`,
      'injection that reached the DOM',
    );
    row('XSS screens not reached', xss.missed.length, '');
  }
  if (sandbox) {
    row(
      'sandbox escapes',
      sandbox.escapes.length,
      `${sandbox.attempts} attempts; network: ${sandbox.network}`,
    );
    row('forged verdicts', sandbox.forged.length, `${sandbox.attempts} attempts`);
  }
  log(`\nTook ${Math.round((Date.now() - started) / 1000)} s.`);
  const total =
    (kill ? kill.lost.length + kill.disagreements.length : 0) +
    (corpus?.crashes.length ?? 0) +
    (fuzz?.exceptions.length ?? 0) +
    (xss?.executions.length ?? 0) +
    (sandbox ? sandbox.escapes.length + sandbox.forged.length : 0);
  process.exitCode = total > 0 ? 1 : 0;
}

main().catch((err: Error) => {
  process.stderr.write(`torture run failed: ${err.stack ?? err.message}\n`);
  process.exitCode = 2;
});
