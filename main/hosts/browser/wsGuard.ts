import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Logger } from '../../app/logger.js';

/**
 * A protocol error on one event-stream socket (a frame over the size limit, a reserved opcode, bad
 * UTF-8) is emitted as an 'error' event; unheard, it would end the process. Log it: `ws` has already
 * sent the matching close code and drops that socket, and no other client notices.
 */
export function guardSocket(ws: WebSocket, log: Logger): void {
  ws.on('error', (err) => {
    log.warn('closed an event-stream connection after a protocol error', { error: err.message });
  });
}

type UpgradeHandler = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The raw socket of an upgrade request is ours until the handshake completes: a reset there must not
 * throw, and neither may the handler itself (it would end the process); such a socket is just dropped.
 */
export function guardedUpgrade(handler: UpgradeHandler, log: Logger): UpgradeHandler {
  return (req, socket, head) => {
    socket.on('error', (err) => log.warn('event-stream handshake socket failed', { error: err.message }));
    try {
      handler(req, socket, head);
    } catch (err) {
      log.error('event-stream handshake failed', { error: (err as Error)?.stack ?? String(err) });
      socket.destroy();
    }
  };
}
