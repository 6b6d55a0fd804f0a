import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../app/services.js';
import { consoleLogger } from '../../app/logger.js';
import { confSettingsFactory } from '../../settings/confFactory.js';
import { defaultDataDir, flagValue, resolveDataDir } from '../../paths.js';
import { appVersion, findAppRoot } from '../../appRoot.js';
import { startBrowserHost } from './server.js';
import { HEARTBEAT_EVERY_MS } from '../../../shared/contract/heartbeat.js';
import { ScopedHost } from '../../access/scopedHost.js';
import { logUnhandledRejections } from './lastResort.js';
import { chooseBind } from './bindAddress.js';
import { labLinks } from './labLinks.js';
import { startupMessage } from './startupMessage.js';
import { parseExternalOrigin } from './externalOrigin.js';
import { offsetClock } from './testClock.js';

/**
 * `npm run serve`: the browser host. Flags: --port N (or TEAMSEAT_PORT), --data-dir DIR (or TEAMSEAT_DATA_DIR);
 * lab mode: --lab [--bind ADDRESS] [--study KEY] listens on an address of this machine other than loopback and
 * prints the study's dashboard link and one link per participant. Behind the lab's own HTTPS reverse proxy:
 * --origin https://NAME[:PORT] is accepted too (Host, Origin, CSP) and the printed links use it.
 */
export async function serve(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const lab = argv.includes('--lab');
  const bind = chooseBind({ lab, bind: flagValue(argv, 'bind') });
  if (!bind.ok) {
    process.stderr.write(`${bind.message}\n`);
    process.exit(2);
  }
  const originFlag = flagValue(argv, 'origin');
  const external = originFlag === undefined ? undefined : parseExternalOrigin(originFlag);
  if (external && !external.ok) {
    process.stderr.write(`${external.message}\n`);
    process.exit(2);
  }
  const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
  const dataDir = resolveDataDir(argv, process.env, () => defaultDataDir());
  const port = Number(flagValue(argv, 'port') ?? process.env.TEAMSEAT_PORT ?? 5417);
  const log = consoleLogger('browser-host');
  logUnhandledRejections(log);
  const clockFile = process.env.TEAMSEAT_TEST_CLOCK_FILE;
  const app = createApp({
    host: 'browser',
    version: appVersion(appRoot),
    appRoot,
    dataDir,
    settingsFactory: confSettingsFactory,
    log,
    ...(clockFile ? { wallClock: offsetClock(clockFile) } : {}),
  });
  // Many participants on one host: the writes of one turn of the event loop share one commit (groupCommit.ts);
  // calls are answered and events sent only once their writes are on disk.
  const events = app.database.eventLog;
  const group = events?.groupCommits((error) => {
    log.error('the session database could not commit; stopping so every session is rebuilt from its log', { error: String(error) });
    process.exit(1);
  }, (problem) => log.warn(problem));
  if (group) app.bus.setGate((deliver) => group.afterCommit(deliver));
  let host;
  try {
    host = await startBrowserHost({
      handlers: app.handlers,
      bus: app.bus,
      log,
      rendererDir: path.join(appRoot, 'out', 'renderer'),
      port,
      bind: bind.value,
      ...(external?.ok ? { external: external.value } : {}),
      ...(events ? { durable: () => events.durable() } : {}),
      // A page tells a frozen host or a silently dropped stream from a quiet one by this beat (issue 25).
      heartbeatMs: HEARTBEAT_EVERY_MS,
      // The experimenter token and participant links are kept in the data dir: an old link works after a restart.
      scopes: {
        resolve: (token) => app.access.resolve(token),
        experimenterToken: app.access.experimenterToken,
        host: new ScopedHost(app.handlers, app.bus, app.ownership, log, 'browser'),
      },
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use. Start with another: npm run serve -- --port ${port + 1}\n`
        : `Could not start the browser host: ${(err as Error).message}\n`,
    );
    app.close();
    process.exit(1);
  }
  process.stdout.write(startupMessage({ url: host.url, externalUrl: host.externalUrl, dataDir }));
  // Behind a proxy, the links given out are the proxy's: the participants reach the host through it.
  if (lab || host.externalUrl) process.stdout.write(await labLinks(app.handlers, host.externalUrl ?? host.url, flagValue(argv, 'study')));
  const stop = () => {
    void host.close().then(() => {
      app.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
