/**
 * The event stream's heartbeat (issue 25). A closed socket is noticed at once, but a silent dead one is not: a host
 * frozen (stopped, swapping) or a proxy that drops the connection without closing it leaves the page's socket open and
 * quiet forever. So the host sends a small frame every `everyMs` on every stream (and pings, to drop its own dead
 * sockets), and a page that hears nothing at all for SILENT_BEATS beats says the host is down and connects again.
 */
export const HEARTBEAT_EVERY_MS = 5_000;
/** Beats a page may miss (a loaded machine) before it calls the host down: so down is said within 3 × 5 s = 15 s. */
export const SILENT_BEATS = 3;

/** The frame itself: not an app event; it says how often it comes, so the page's bound follows the host's beat. */
export interface HeartbeatFrame {
  type: 'heartbeat';
  everyMs: number;
}

export const heartbeatFrame = (everyMs: number): string => JSON.stringify({ type: 'heartbeat', everyMs } satisfies HeartbeatFrame);

export const isHeartbeat = (frame: unknown): frame is HeartbeatFrame =>
  typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'heartbeat' && typeof (frame as { everyMs?: unknown }).everyMs === 'number';
