import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * The same policy the Electron window sets: only our own scripts, no inline script, no remote origins. The event
 * stream may connect only to the address the host is bound to (loopback, or the lab address in lab mode) and to
 * the lab's reverse proxy when one is named (externalOrigin.ts gives the `streams`).
 */
export function contentSecurityPolicy(streamList: readonly string[] = ['ws://127.0.0.1:*', 'ws://localhost:*']): string {
  const streams = streamList.join(' ');
  return (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    `connect-src 'self' ${streams}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'`
  );
}
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Decodes a request path; undefined for a malformed escape (`/%`, `/a%zz`) or a NUL, which no file name has. */
function decodePath(urlPath: string): string | undefined {
  try {
    const rel = decodeURIComponent(urlPath.split('?')[0] ?? '/');
    return rel.includes('\0') ? undefined : rel;
  } catch {
    return undefined;
  }
}

/** Serves the built renderer. Paths are resolved inside `root`; anything else is a 404, a malformed path a 400. */
export function serveStatic(root: string, urlPath: string, res: http.ServerResponse, csp: string = CONTENT_SECURITY_POLICY): void {
  const rel = decodePath(urlPath);
  if (rel === undefined) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request path');
    return;
  }
  const file = path.resolve(root, '.' + (rel === '/' ? '/index.html' : rel));
  if (
    !file.startsWith(path.resolve(root) + path.sep) ||
    !fs.existsSync(file) ||
    !fs.statSync(file).isFile()
  ) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  });
  // A file removed between the check and the read must cost this response only.
  fs.createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
