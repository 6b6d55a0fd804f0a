import net from 'node:net';

export interface RawReply {
  /** Everything the server sent before closing (or before `waitMs` passed: generous, machines under load are slow). */
  text: string;
  /** The status of the first HTTP response line, if any. */
  status?: number;
  /** True when the connection ended with a reset rather than a close. */
  reset: boolean;
}

/**
 * Writes raw bytes to the host over TCP and collects what comes back: for requests `fetch` refuses to
 * send (bad methods, broken framing, hand-built WebSocket frames). `chunks` are written in order.
 */
export function rawRequest(
  port: number,
  chunks: (string | Buffer)[],
  { waitMs = 5000, endAfterWrite = false }: { waitMs?: number; endAfterWrite?: boolean } = {},
): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let reset = false;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ text, status: m ? Number(m[1]) : undefined, reset });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (c: Buffer) => received.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') reset = true;
      done();
    });
    socket.on('close', done);
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      if (endAfterWrite) socket.end();
    });
  });
}

/** A masked client WebSocket frame (RFC 6455 §5.2) with any opcode and a length header of our choosing. */
export function wsFrame(
  opcode: number,
  payload: Buffer,
  { fin = true, declaredLength }: { fin?: boolean; declaredLength?: number } = {},
): Buffer {
  const len = declaredLength ?? payload.length;
  const mask = Buffer.from([1, 2, 3, 4]);
  let header: Buffer;
  if (len < 126) header = Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | len]);
  else if (len < 65536) {
    header = Buffer.alloc(4);
    header[0] = (fin ? 0x80 : 0) | opcode;
    header[1] = 0x80 | 126;
    header.writeUInt16BE(len, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = (fin ? 0x80 : 0) | opcode;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(len), 2);
  }
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([header, mask, masked]);
}

/** The opening handshake of an event-stream connection, as raw text. */
export function wsUpgrade(
  port: number,
  token: string,
  extra: Record<string, string> = {},
  path = '/events',
): string {
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${port}`,
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Protocol': `teamseat, token.${token}`,
    ...extra,
  };
  return (
    `GET ${path} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n'
  );
}
