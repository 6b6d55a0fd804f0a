import path from 'node:path';

/**
 * What `npm run serve` prints once it listens. The experimenter token in the link is kept in access.json, so the
 * same link opens the app after every restart: the message says so, and that the link is to be kept private.
 */
export function startupMessage(a: { url: string; externalUrl?: string | undefined; dataDir: string }): string {
  const proxied = a.externalUrl ? `  Through the reverse proxy: ${a.externalUrl}\n` : '';
  return (
    `\nTeamseat is running in browser mode.\n  Open: ${a.url}\n${proxied}  Data: ${a.dataDir}\n` +
    `The link carries the experimenter's access token, kept in ${path.join(a.dataDir, 'access.json')}: the same link ` +
    `works after a restart, so keep it private. Other pages cannot use the app without it. Ctrl+C stops.\n\n`
  );
}
