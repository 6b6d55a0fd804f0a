import type { BindChoice } from './bindAddress.js';

/**
 * The public address of the lab's own HTTPS reverse proxy in front of this host (`--origin https://…`): pages
 * reached through it send this Origin, and the proxy may pass its own Host on.
 */
export interface ExternalOrigin {
  /** `https://name[:port]`, as a browser sends it in the Origin header. */
  origin: string;
  /** `name[:port]`, as a browser sends it in the Host header (the default port left out). */
  host: string;
}

const EXAMPLE = 'e.g. --origin https://teamseat.lab.example.org';

/** Checks `--origin`: an https address with a name and at most a port, nothing else. */
export function parseExternalOrigin(value: string): { ok: true; value: ExternalOrigin } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `--origin ${value}: not an address; give the reverse proxy's https address (${EXAMPLE}).` };
  }
  if (url.protocol !== 'https:') {
    return { ok: false, message: `--origin ${value}: the reverse proxy must serve HTTPS (${EXAMPLE}); plain HTTP on a lab network is --lab --bind ADDRESS.` };
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    return { ok: false, message: `--origin ${value}: give only https://, the name and a port if any: no path, query, fragment or user (${EXAMPLE}).` };
  }
  return { ok: true, value: { origin: url.origin, host: url.host } };
}

/** What the host accepts and what its page may connect to. */
export interface AllowList {
  /** Host header values. */
  hosts: string[];
  /** Origin header values. */
  origins: string[];
  /** The event stream's addresses for the page's CSP connect-src. */
  streams: string[];
}

/**
 * Derived from the address the host is bound to (loopback, or the lab address), on its port, over http, plus the
 * reverse proxy's https origin when one is named. Nothing else is accepted: not 0.0.0.0, not any name.
 */
export function allowList(bind: BindChoice, port: number | '*', external?: ExternalOrigin): AllowList {
  const own = bind.hostNames.map((h) => `${h}:${port}`);
  return {
    hosts: [...own, ...(external ? [external.host] : [])],
    origins: [...own.map((h) => `http://${h}`), ...(external ? [external.origin] : [])],
    streams: [...own.map((h) => `ws://${h}`), ...(external ? [`wss://${external.host}`] : [])],
  };
}
