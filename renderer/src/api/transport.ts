import type { AppEvent } from '../../../shared/contract/events';
import { HEARTBEAT_EVERY_MS, isHeartbeat, SILENT_BEATS, type HeartbeatFrame } from '../../../shared/contract/heartbeat';
import type { Result } from '../../../shared/result';

/** How calls reach the main side. The rest of the renderer never knows which host it runs under. */
export interface Transport {
  host: 'electron' | 'browser';
  invoke(method: string, args: unknown): Promise<Result<unknown>>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  /**
   * This page holds another link from now on: a participant's (the experimenter opens a kiosk here) or the
   * experimenter's (the PIN was typed at a kiosk). The browser swaps its token; the desktop's scope is held by
   * the window in main, which `enterKiosk` and `unlockKiosk` change there.
   */
  switchToken?(token: string): void;
  /**
   * Called each time the event stream is back after it dropped (the host was restarted): events sent while it was
   * down are lost, so whoever shows live state reads it again. The desktop's stream never drops.
   */
  onReconnect?(listener: () => void): () => void;
  /**
   * Whether the host answers (issue 25: a page said nothing through 23 s of a dead host): false when the event stream
   * drops or a call cannot reach the host, true when the stream is open again. The desktop's never drops.
   */
  onConnection?(listener: (up: boolean) => void): () => void;
  /** Whether the host answered last (true until something says otherwise). */
  hostUp?(): boolean;
}

interface DesktopBridge {
  host: 'electron';
  call: Record<string, (args: unknown) => Promise<Result<unknown>>>;
  onEvent(listener: (event: unknown) => void): () => void;
}

declare global {
  interface Window {
    teamseat?: DesktopBridge;
  }
}

export function detectTransport(): Transport {
  const bridge = window.teamseat;
  if (bridge) {
    return {
      host: 'electron',
      invoke: (method, args) => {
        const fn = bridge.call[method];
        return fn ? fn(args) : Promise.resolve({ ok: false, error: { code: 'bad_request', message: `Unknown method ${method}` } });
      },
      subscribe: (listener) => bridge.onEvent((e) => listener(e as AppEvent)),
      switchToken: () => {},
    };
  }
  takeLinksPastedLater();
  return browserTransport(readToken());
}

const TOKEN_KEY = 'teamseat.token';

/**
 * The browser host hands its token in the URL fragment (never sent to a server): `#token=…` (the experimenter)
 * or `#kiosk=…` (a participant's or rater's link). Kept for reloads of this tab; the fragment is then replaced
 * by the screen's address, so the token is not left in the address bar or the history.
 */
function readToken(): string {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const fromHash = params.get('token') ?? params.get('kiosk');
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    // An experimenter's link may name the screen to open (`&to=/dashboard?key=…`: the dashboard's own tab).
    const to = params.get('to');
    const screen = params.has('kiosk') ? '#/visit' : to?.startsWith('/') ? `#${to}` : '#/';
    history.replaceState(null, '', `${window.location.pathname}${screen}`);
    return fromHash;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/**
 * A link pasted into a tab that already shows the app changes only the fragment, so no page loads and readToken
 * never sees it: the tab would keep its old scope (an experimenter's library under a participant's link). The tab
 * takes the new link once the host accepts it and starts afresh in its scope; a made-up token changes nothing.
 */
function takeLinksPastedLater(): void {
  window.addEventListener('hashchange', (e) => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const next = params.get('token') ?? params.get('kiosk');
    if (!next || next === sessionStorage.getItem(TOKEN_KEY)) return;
    const route = params.has('kiosk') ? '#/visit' : '#/';
    void fetch('/api/accessWhoAmI', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${next}` }, body: '{}' })
      .then(async (res) => res.ok && ((await res.json()) as Result<unknown>).ok)
      .catch(() => false)
      .then((accepted) => {
        if (!accepted) {
          // Not a link of this host: back to where the page was, without the made-up token in the address.
          history.replaceState(null, '', new URL(e.oldURL).hash || '#/');
          return;
        }
        sessionStorage.setItem(TOKEN_KEY, next);
        history.replaceState(null, '', `${window.location.pathname}${route}`);
        window.location.reload();
      });
  });
}

function browserTransport(initialToken: string): Transport {
  let token = initialToken;
  const listeners = new Set<(e: AppEvent) => void>();
  const reconnected = new Set<() => void>();
  const connection = new Set<(up: boolean) => void>();
  let up = true;
  const setUp = (now: boolean) => {
    if (now === up) return;
    up = now;
    connection.forEach((l) => l(now));
  };
  let socket: WebSocket | undefined;
  let dropped = false;
  // A silent dead stream (a frozen host, a proxy that dropped it without closing) never closes: the host beats
  // (shared/contract/heartbeat.ts), and a stream that hears nothing for SILENT_BEATS beats is given up as down.
  let beatMs = HEARTBEAT_EVERY_MS;
  let silence: ReturnType<typeof setTimeout> | undefined;
  const listen = (ws: WebSocket) => {
    clearTimeout(silence);
    silence = setTimeout(() => {
      if (socket !== ws) return;
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
      socket = undefined;
      dropped = true;
      setUp(false);
      if (listeners.size > 0) connect();
    }, beatMs * SILENT_BEATS);
  };
  const connect = () => {
    // Behind the lab's HTTPS reverse proxy the page is https and only wss:// may be opened (the CSP allows it).
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/events`;
    const ws = new WebSocket(url, ['teamseat', `token.${token}`]);
    socket = ws;
    // An opening that hangs (the host accepts the connection but is frozen) is bounded the same way.
    listen(ws);
    ws.onopen = () => {
      listen(ws);
      setUp(true);
      if (!dropped) return;
      dropped = false;
      reconnected.forEach((l) => l());
    };
    ws.onmessage = (m) => {
      listen(ws);
      // The host sends the events of one turn in one frame: one event as itself, several as an array, in order.
      const parsed = JSON.parse(String(m.data)) as AppEvent | AppEvent[] | HeartbeatFrame;
      if (isHeartbeat(parsed)) {
        beatMs = parsed.everyMs;
        return;
      }
      for (const event of Array.isArray(parsed) ? parsed : [parsed]) listeners.forEach((l) => l(event));
    };
    ws.onclose = (e) => {
      clearTimeout(silence);
      socket = undefined;
      dropped = true;
      // 1000: closed on purpose (a new token): not an outage.
      if (e.code !== 1000) setUp(false);
      if (listeners.size > 0) setTimeout(connect, 1000);
    };
  };
  return {
    host: 'browser',
    async invoke(method, args) {
      try {
        const res = await fetch(`/api/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(args ?? {}),
        });
        return (await res.json()) as Result<unknown>;
      } catch (err) {
        setUp(false);
        return { ok: false, error: { code: 'internal', message: `Teamseat's host is not reachable (${(err as Error).message}). Is it still running?` } };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!socket) connect();
      return () => listeners.delete(listener);
    },
    onReconnect(listener) {
      reconnected.add(listener);
      return () => reconnected.delete(listener);
    },
    onConnection(listener) {
      connection.add(listener);
      return () => connection.delete(listener);
    },
    hostUp: () => up,
    switchToken(next) {
      token = next;
      sessionStorage.setItem(TOKEN_KEY, next);
      // The old socket belongs to the old scope: close it, and its close handler reconnects with the new token.
      socket?.close(1000);
    },
  };
}
