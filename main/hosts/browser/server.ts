import crypto from 'node:crypto';
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppContract } from '../../../shared/contract/methods.js';
import type { Handlers } from '../../../shared/contract/define.js';
import type { EventBus } from '../../app/eventBus.js';
import { dispatch } from '../../app/dispatch.js';
import type { Logger } from '../../app/logger.js';
import { serveStatic } from './staticFiles.js';

export interface BrowserHostOptions {
  handlers: Handlers<AppContract>;
  bus: EventBus;
  log: Logger;
  rendererDir: string;
  port: number;
  /** Fixed only in tests; normally a fresh random token per start. */
  token?: string;
}

export interface BrowserHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
export const WS_PROTOCOL = 'teamseat';

/**
 * The same handlers as the desktop app, over HTTP (calls) and a WebSocket (the event stream), bound to
 * 127.0.0.1 only. A random per-start token, sent as a bearer header or WebSocket subprotocol, keeps other
 * pages in the same browser from driving it; the Host check stops DNS-rebinding pages.
 */
export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const token = opts.token ?? crypto.randomBytes(24).toString('base64url');
  const tokenOk = (candidate: string | undefined) =>
    !!candidate &&
    candidate.length === token.length &&
    crypto.timingSafeEqual(Buffer.from(candidate), Buffer.from(token));
  let port = opts.port;
  const hostOk = (h: string | undefined) => !!h && [`127.0.0.1:${port}`, `localhost:${port}`].includes(h);

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!hostOk(req.headers.host)) return reject(res, 403, 'wrong host', opts.log, url);
    if (!url.startsWith('/api/')) {
      if (req.method !== 'GET') return reject(res, 405, 'method not allowed', opts.log, url);
      return serveStatic(opts.rendererDir, url, res);
    }
    if (req.method !== 'POST') return reject(res, 405, 'method not allowed', opts.log, url);
    const auth = req.headers.authorization;
    if (!tokenOk(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined)) return reject(res, 401, 'missing or wrong token', opts.log, url);
    readBody(req)
      .then(async (body) => {
        const name = url.slice('/api/'.length);
        const result = await dispatch(opts.handlers, name, body, { host: 'browser' }, opts.log);
        const status = result.ok ? 200 : result.error.code === 'bad_request' ? 400 : result.error.code === 'not_found' ? 404 : 200;
        send(res, status, result);
      })
      .catch((err: Error & { status?: number }) => reject(res, err.status ?? 400, err.message, opts.log, url));
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const presented = offered.find((p) => p.startsWith('token.'))?.slice('token.'.length);
    if (req.url !== '/events' || !hostOk(req.headers.host) || !offered.includes(WS_PROTOCOL) || !tokenOk(presented)) {
      opts.log.warn('rejected event-stream connection', { url: req.url });
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, opts.bus));
  });
  wss.on('headers', () => {});

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function attach(ws: WebSocket, bus: EventBus) {
  const unsubscribe = bus.subscribe((event) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
  });
  ws.on('close', unsubscribe);
  ws.on('message', () => ws.close(1008, 'the event stream is one-way'));
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error('request body too large'), { status: 413 }));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        reject(Object.assign(new Error('request body is not JSON'), { status: 400 }));
      }
    });
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function reject(res: http.ServerResponse, status: number, why: string, log: Logger, url: string) {
  log.warn('rejected request', { status, why, url: url.split('?')[0] });
  send(res, status, { ok: false, error: { code: status === 401 ? 'unauthorized' : 'bad_request', message: why } });
}
