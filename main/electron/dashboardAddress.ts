import { fileURLToPath } from 'node:url';

/**
 * Whether `raw` is our own page opened on the live dashboard (`index.html#/dashboard?key=…`): the one address a
 * desktop page may open in a second window. No Electron here, so it is tested in plain Node.
 */
export function isDashboardAddress(raw: string, indexFile: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'file:' || url.search !== '') return false;
  return fileURLToPath(url) === indexFile && /^#\/dashboard\?key=[^&#]+$/.test(url.hash);
}
