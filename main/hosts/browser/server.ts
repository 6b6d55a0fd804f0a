import crypto from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppContract } from '../../../shared/contract/methods.js';
import type { Handlers } from '../../../shared/contract/define.js';
import type { EventBus } from '../../app/eventBus.js';
import { dispatch } from '../../app/dispatch.js';
import type { Logger } from '../../app/logger.js';
import { contentSecurityPolicy, serveStatic } from './staticFiles.js';
import { LOOPBACK, type BindChoice } from './bindAddress.js';
import { originAllowed } from './origin.js';
import { allowList, type ExternalOrigin } from './externalOrigin.js';
import { lastResort } from './lastResort.js';
import { guardSocket, guardedUpgrade } from './wsGuard.js';
import { BodyError, answerThenDrain, readJsonBody } from './requestBody.js';
import type { AccessScope } from '../../../shared/contract/access.js';
import type { AppEvent } from '../../../shared/contract/events.js';
import type { ScopedHost } from '../../access/scopedHost.js';
import { heartbeatFrame, SILENT_BEATS } from '../../../shared/contract/heartbeat.js';

export interface BrowserHostOptions {
  handlers: Handlers<AppContract>;
  bus: EventBus;
  log: Logger;
  rendererDir: string;
  port: number;
  /** Fixed only in tests; normally a fresh random token per start. */
  token?: string;
  /**
   * Scoped access (main/access/): tokens resolve to the experimenter, a participant or a rater, and calls and
   * events go through that scope's guard. Without it the one token is the experimenter's (host tests).
   */
  scopes?: { resolve(token: string | undefined): AccessScope | null; experimenterToken: string; host: ScopedHost };
  /** With group commit (main/db/groupCommit.ts): resolves once the call's writes are on disk; answered only then. */
  durable?: () => Promise<void>;
  /** Where to listen: loopback unless lab mode named an address (bindAddress.ts); Host, Origin and CSP follow it. */
  bind?: BindChoice;
  /** The lab's HTTPS reverse proxy in front of this host (`--origin`): also accepted, and the links use it. */
  external?: ExternalOrigin;
  /**
   * The event stream's heartbeat (shared/contract/heartbeat.ts): a frame and a ping on every stream this often, and a
   * stream that misses SILENT_BEATS pongs is dropped. The real host always beats (serve.ts); host tests of other
   * things leave it off so their frames are only events.
   */
  heartbeatMs?: number;
}

export interface BrowserHost {
  url: string;
  /** The experimenter's link through the lab's reverse proxy, when `external` is set. */
  externalUrl?: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export const WS_PROTOCOL = 'teamseat';

/**
 * The same handlers as the desktop app, over HTTP (calls) and a WebSocket (the event stream), bound to
 * 127.0.0.1 only. A random per-start token, sent as a bearer header or WebSocket subprotocol, keeps other
 * pages in the same browser from driving it; the Host check stops DNS-rebinding pages, and the Origin check
 * (see origin.ts) refuses other pages before the token is even compared.
 */
export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const token = opts.scopes?.experimenterToken ?? opts.token ?? crypto.randomBytes(24).toString('base64url');
  const expected = Buffer.from(token);
  // Compared as bytes: a header of the same length in characters but not in bytes (latin1) must not throw.
  const tokenOk = (candidate: string | undefined) => {
    const given = Buffer.from(candidate ?? '');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };
  const scopeOf = (candidate: string | undefined): AccessScope | null =>
    opts.scopes ? opts.scopes.resolve(candidate) : tokenOk(candidate) ? { kind: 'experimenter' } : null;
  let port = opts.port;
  const bind = opts.bind ?? LOOPBACK;
  // Recomputed once the port is known (port 0 asks the system for one).
  let allowed = allowList(bind, port, opts.external);
  const hostOk = (h: string | undefined) => !!h && allowed.hosts.includes(h);
  let csp = contentSecurityPolicy(allowList(bind, '*', opts.external).streams);

  const server = http.createServer(
    lastResort(async (req, res) => {
      const url = req.url ?? '/';
      if (!hostOk(req.headers.host)) return reject(res, 403, 'wrong host', opts.log, url);
      if (!originAllowed(req, allowed.origins)) return reject(res, 403, 'wrong origin', opts.log, url);
      if (!url.startsWith('/api/')) {
        if (req.method !== 'GET') return reject(res, 405, 'method not allowed', opts.log, url);
        return serveStatic(opts.rendererDir, url, res, csp);
      }
      if (req.method !== 'POST') return reject(res, 405, 'method not allowed', opts.log, url);
      const auth = req.headers.authorization;
      const scope = scopeOf(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined);
      if (!scope) return reject(res, 401, 'missing or wrong token', opts.log, url);
      let body: unknown;
      try {
        body = await readJsonBody(req);
      } catch (err) {
        if (!(err instanceof BodyError)) throw err;
        opts.log.warn('rejected request', { status: err.status, why: err.message, url: url.split('?')[0] });
        return answerThenDrain(
          req,
          res,
          err.status,
          JSON.stringify({ ok: false, error: { code: 'bad_request', message: err.message } }),
        );
      }
      const method = url.slice('/api/'.length);
      const result = opts.scopes
        ? await opts.scopes.host.call(scope, method, body)
        : await dispatch(opts.handlers, method, body, { host: 'browser' }, opts.log);
      await opts.durable?.();
      const status = result.ok
        ? 200
        : result.error.code === 'bad_request'
          ? 400
          : result.error.code === 'not_found'
            ? 404
            : result.error.code === 'unauthorized'
              ? 403
              : 200;
      send(res, status, result);
    }, opts.log),
  );

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  // Pongs not yet answered, per stream: a browser answers pings by itself, so a stream that stops is dead (its page
  // closed without a word, a proxy dropped it) and is dropped rather than kept open forever.
  const missed = new WeakMap<WebSocket, number>();
  const beating = opts.heartbeatMs === undefined ? null : setInterval(() => beat(opts.heartbeatMs!), opts.heartbeatMs);
  beating?.unref();
  const beat = (everyMs: number) => {
    const frame = heartbeatFrame(everyMs);
    for (const ws of wss.clients) {
      const count = missed.get(ws) ?? 0;
      if (count >= SILENT_BEATS) {
        ws.terminate();
        continue;
      }
      missed.set(ws, count + 1);
      if (ws.readyState !== ws.OPEN) continue;
      ws.ping();
      ws.send(frame);
    }
  };
  server.on(
    'upgrade',
    guardedUpgrade((req, socket, head) => {
      if (!originAllowed(req, allowed.origins)) {
        opts.log.warn('rejected event-stream connection', { url: req.url, why: 'wrong origin' });
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
      const presented = offered.find((p) => p.startsWith('token.'))?.slice('token.'.length);
      if (
        req.url !== '/events' ||
        !hostOk(req.headers.host) ||
        !offered.includes(WS_PROTOCOL) ||
        !scopeOf(presented)
      ) {
        opts.log.warn('rejected event-stream connection', { url: req.url });
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        guardSocket(ws, opts.log);
        missed.set(ws, 0);
        ws.on('pong', () => missed.set(ws, 0));
        const scope = scopeOf(presented);
        if (opts.scopes && scope) attachScoped(ws, opts.scopes.host, scope);
        else attach(ws, opts.bus);
      });
    }, opts.log),
  );
  wss.on('headers', () => {});
  // Without a listener Node drops CONNECT silently; say why instead.
  server.on('connect', (_req, socket: Duplex) =>
    socket.on('error', () => {}).end('HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\n\r\n'),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, bind.address, () => resolve());
  });
  port = (server.address() as { port: number }).port;
  allowed = allowList(bind, port, opts.external);
  csp = contentSecurityPolicy(allowed.streams);
  return {
    url: `http://${bind.address}:${port}/#token=${token}`,
    ...(opts.external ? { externalUrl: `${opts.external.origin}/#token=${token}` } : {}),
    port,
    token,
    close: () =>
      new Promise((resolve) => {
        if (beating) clearInterval(beating);
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function attach(ws: WebSocket, bus: EventBus) {
  const send = framesOf(ws);
  const unsubscribe = bus.subscribe(send);
  ws.on('close', unsubscribe);
  ws.on('message', () => ws.close(1008, 'the event stream is one-way'));
}

/** A scoped socket gets only what its scope may see (main/access/project.ts). */
function attachScoped(ws: WebSocket, host: ScopedHost, scope: AccessScope) {
  const unsubscribe = host.subscribe(() => scope, framesOf(ws));
  ws.on('close', unsubscribe);
  ws.on('message', () => ws.close(1008, 'the event stream is one-way'));
}

/**
 * The events given to a socket in one turn go out as one frame: a single event as itself, several as an array in
 * their order (renderer/src/api/transport.ts reads both). One action commits several events at once, and a frame
 * each was a visible share of the host's time with twenty participants' streams open (issue 13).
 */
function framesOf(ws: WebSocket): (event: AppEvent) => void {
  let batch: AppEvent[] = [];
  const flush = () => {
    const events = batch;
    batch = [];
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(events.length === 1 ? events[0] : events));
  };
  return (event) => {
    if (batch.push(event) === 1) process.nextTick(flush);
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  // Serialised before the head goes out, so a result JSON cannot carry (a BigInt) still gets a clean 500.
  const text = JSON.stringify(body);
  // Its length said up front: the answer goes out in one piece, not as chunks (writeHead fixes the head first).
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) }).end(text);
}

function reject(res: http.ServerResponse, status: number, why: string, log: Logger, url: string) {
  log.warn('rejected request', { status, why, url: url.split('?')[0] });
  send(res, status, {
    ok: false,
    error: { code: status === 401 ? 'unauthorized' : 'bad_request', message: why },
  });
}
