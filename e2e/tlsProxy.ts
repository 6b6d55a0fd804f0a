import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import os from 'node:os';
import path from 'node:path';

/**
 * The README's HTTPS reverse proxy (section "Remote participants"), in the test process: TLS ends here with a
 * certificate made at test time, and everything is forwarded to the host on loopback as the README's nginx block
 * does: HTTP/1.1, the browser's Host header unchanged (`$http_host`), the WebSocket's Upgrade and Connection set
 * for the upgrade and `Connection: close` otherwise (`map $http_upgrade $connection_upgrade`), Origin untouched,
 * no X-Forwarded-* headers (nginx adds none unless told).
 */
export interface TlsProxy {
  /** `https://127.0.0.1:PORT`: what the host is started with as `--origin`. */
  origin: string;
  /** Where to forward; set once the host listens (it is started after the proxy, with the proxy's origin). */
  target: { port: number };
  /** Requests and WebSocket upgrades forwarded, with the Host and Origin the host received. */
  forwarded: Array<{ kind: 'http' | 'upgrade'; url: string; host: string | undefined; origin: string | undefined; status?: number }>;
  close(): Promise<void>;
}

/** Why a self-signed certificate cannot be made here, or null when `openssl` is on the PATH. */
export function opensslMissing(): string | null {
  const r = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  return r.error || r.status !== 0 ? `the openssl CLI is needed for the proxy's self-signed certificate (${r.error?.message ?? r.stderr})` : null;
}

function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-tls-'));
  try {
    const r = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
        '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`openssl could not make a certificate: ${r.stderr}`);
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Hop-by-hop headers are the proxy's own (RFC 9110 §7.6.1); nginx does not pass them on.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardedHeaders(req: http.IncomingMessage, upgrade: boolean): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name) && value !== undefined) out[name] = value;
  // proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection $connection_upgrade;
  if (upgrade) {
    out.upgrade = req.headers.upgrade;
    out.connection = 'upgrade';
  } else out.connection = 'close';
  return out;
}

export async function startTlsProxy(): Promise<TlsProxy> {
  const target = { port: 0 };
  const forwarded: TlsProxy['forwarded'] = [];
  const sockets = new Set<Duplex>();
  const server = https.createServer(selfSigned(), (req, res) => {
    const entry: TlsProxy['forwarded'][number] = { kind: 'http', url: req.url ?? '/', host: req.headers.host, origin: req.headers.origin };
    forwarded.push(entry);
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: forwardedHeaders(req, false) },
      (up) => {
        entry.status = up.statusCode;
        const headers = Object.fromEntries(Object.entries(up.headers).filter(([name]) => !HOP.has(name)));
        res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const entry: TlsProxy['forwarded'][number] = { kind: 'upgrade', url: req.url ?? '/', host: req.headers.host, origin: req.headers.origin };
    forwarded.push(entry);
    const upstream = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: forwardedHeaders(req, true) });
    upstream.on('upgrade', (up, upSocket, upHead) => {
      entry.status = up.statusCode;
      sockets.add(upSocket);
      upSocket.on('close', () => sockets.delete(upSocket));
      upSocket.on('error', () => socket.destroy());
      const lines = [`HTTP/1.1 ${up.statusCode} ${up.statusMessage}`];
      for (let i = 0; i < up.rawHeaders.length; i += 2) lines.push(`${up.rawHeaders[i]}: ${up.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(socket);
      socket.pipe(upSocket);
      socket.on('close', () => upSocket.destroy());
      upSocket.on('close', () => socket.destroy());
    });
    // A refused handshake (403, 401) is passed back as it came, then the connection closes.
    upstream.on('response', (up) => {
      entry.status = up.statusCode;
      socket.end(`HTTP/1.1 ${up.statusCode} ${up.statusMessage}\r\nConnection: close\r\n\r\n`);
    });
    upstream.on('error', () => socket.destroy());
    upstream.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    target,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
