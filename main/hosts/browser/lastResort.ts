import type http from 'node:http';
import type { Logger } from '../../app/logger.js';

type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/**
 * Wraps a request handler so nothing it throws (synchronously or later) can end the host and every
 * session on it: the error is logged, the client gets a 500 if nothing was sent yet (its socket is
 * dropped otherwise), and the host keeps serving.
 */
export function lastResort(handler: RequestHandler, log: Logger): RequestHandler {
  return (req, res) => {
    const failed = (err: unknown) => {
      log.error('request handler failed', {
        url: (req.url ?? '').split('?')[0],
        error: (err as Error)?.stack ?? String(err),
      });
      try {
        if (res.headersSent) res.destroy();
        else
          res
            .writeHead(500, {
              'content-type': 'application/json',
              'cache-control': 'no-store',
              connection: 'close',
            })
            .end(
              JSON.stringify({
                ok: false,
                error: { code: 'internal', message: 'The host could not answer this request.' },
              }),
            );
      } catch (second) {
        log.error('could not answer a failed request', { error: String(second) });
        res.destroy();
      }
    };
    try {
      const pending = handler(req, res);
      if (pending) pending.catch(failed);
    } catch (err) {
      failed(err);
    }
  };
}

/**
 * A promise some handler left floating and that rejects later is not a reason to end every session on
 * the host (Node's default): log it and keep serving. Thrown exceptions keep Node's default, since the
 * process state after one is unknown.
 */
export function logUnhandledRejections(log: Logger): void {
  process.on('unhandledRejection', (reason) =>
    log.error('unhandled promise rejection', { error: (reason as Error)?.stack ?? String(reason) }),
  );
}
