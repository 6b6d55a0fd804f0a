import type http from 'node:http';

export const MAX_BODY = 1024 * 1024;
/** After refusing a body, read (and drop) at most this much more so the client is reading when we close. */
const MAX_DRAIN = 16 * 1024 * 1024;
const DRAIN_MS = 5_000;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a JSON request body of at most MAX_BODY bytes. Rejects with a BodyError (400 or 413); on 413 the
 * caller answers with `answerThenDrain` so the client sees the status instead of a reset.
 */
export function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY) return reject(new BodyError(413, 'request body too large'));
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) return void chunks.push(c);
      req.off('data', onData);
      reject(new BodyError(413, 'request body too large'));
    };
    req.on('data', onData);
    req.on('end', () => {
      if (size > MAX_BODY) return;
      const bytes = Buffer.concat(chunks);
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        return reject(new BodyError(400, 'request body is not UTF-8'));
      }
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        reject(new BodyError(400, 'request body is not JSON'));
      }
    });
    req.on('error', () => reject(new BodyError(400, 'request body was cut off')));
    req.on('close', () => {
      if (!req.complete) reject(new BodyError(400, 'request body was cut off'));
    });
  });
}

/**
 * Sends a refusal while the client may still be uploading. Closing at once would reset the connection
 * and the client would never read the status, so the answer goes out first (with `Connection: close`),
 * the rest of the body is read and dropped (bounded in size and time), and only then is the socket ended.
 */
export function answerThenDrain(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: string,
): void {
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  // write(), not end(): ending the response makes Node close the socket while the upload is still arriving.
  res.write(body);
  if (req.complete) return void res.end();
  let drained = 0;
  const finish = () => {
    clearTimeout(timer);
    req.off('data', count);
    if (!res.writableEnded) res.end();
  };
  const count = (c: Buffer) => {
    drained += c.length;
    if (drained > MAX_DRAIN) {
      finish();
      req.destroy();
    }
  };
  const timer = setTimeout(() => {
    finish();
    req.destroy();
  }, DRAIN_MS);
  req.on('data', count);
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
}
