import type http from 'node:http';

/**
 * Whether a request may proceed as far as its Origin is concerned.
 *
 * A present Origin must be one of `origins` (the bound address, or the lab's reverse proxy: externalOrigin.ts):
 * browsers always send it on cross-origin requests, on every POST and on every WebSocket handshake, so a foreign page (or a sandboxed one, `Origin: null`) is refused
 * even before the token is looked at. A missing Origin is allowed: browsers omit it only on same-origin
 * GET navigations and no-cors subresource loads (which reach only the static renderer, public anyway),
 * and non-browser clients (tests, the torture run, curl) never send it; every API call and the event
 * stream still need the token, which no other page can read.
 */
export function originAllowed(req: http.IncomingMessage, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return origins.includes(origin);
}
