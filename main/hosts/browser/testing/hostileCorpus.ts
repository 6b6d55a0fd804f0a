import { rawRequest, wsFrame, wsUpgrade, type RawReply } from './rawHttp.js';

export interface HostTarget {
  port: number;
  token: string;
}

export interface HostileCase {
  name: string;
  /** What the host should answer; `undefined` = any answer (or none) as long as the host lives on. */
  expect?: number[];
  send(target: HostTarget): Promise<RawReply>;
}

const post = (t: HostTarget, path: string, body: string | Buffer, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nAuthorization: Bearer ${t.token}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n` +
  body.toString();
const get = (t: HostTarget, path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nConnection: close\r\n${extra}\r\n`;
const once = (
  name: string,
  expect: number[] | undefined,
  build: (t: HostTarget) => (string | Buffer)[],
  opts?: { waitMs?: number; endAfterWrite?: boolean },
): HostileCase => ({
  name,
  expect,
  send: (t) => rawRequest(t.port, build(t), opts),
});
/** A frame sent after a valid handshake on an event-stream connection. */
const afterHandshake = (name: string, frame: (t: HostTarget) => Buffer): HostileCase =>
  once(name, [101], (t) => [wsUpgrade(t.port, t.token), frame(t)], { waitMs: 800 });

/**
 * Requests a hostile web page or a broken client can send to the browser host. Used by the host's tests
 * (each must leave the host serving) and by `npm run torture`, which counts how many took the host down.
 */
export const hostileCorpus: HostileCase[] = [
  // Malformed percent-escapes used to throw URIError in the static file server before the token check.
  once('GET /%', [400], (t) => [get(t, '/%')]),
  once('GET /a%zz', [400], (t) => [get(t, '/a%zz')]),
  once('GET truncated UTF-8 escape', [400], (t) => [get(t, '/%E0%A4%A')]),
  once('GET with NUL escape', [400, 404], (t) => [get(t, '/%00.html')]),
  once('GET /api path', [405], (t) => [get(t, '/api/appInfo')]),
  once('GET absolute-form URL', [400, 404], (t) => [get(t, `http://127.0.0.1:${t.port}/index.html`)]),
  once('GET asterisk', [400, 404, 405], (t) => [get(t, '*')]),
  // Methods.
  once('unknown method', [400, 405], (t) => [`FOO / HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\n\r\n`]),
  once('DELETE on the API', [405], (t) => [
    `DELETE /api/appInfo HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nConnection: close\r\n\r\n`,
  ]),
  once('PUT static', [405], (t) => [
    `PUT /index.html HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  ]),
  once('CONNECT', [400, 405], (t) => [
    `CONNECT 127.0.0.1:${t.port} HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\n\r\n`,
  ]),
  once('not HTTP at all', [400], () => ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 garbage\r\n\r\n']),
  once('no Host header', [400, 403], () => ['GET / HTTP/1.1\r\nConnection: close\r\n\r\n']),
  once('HTTP/1.0 without Host', [403], () => ['GET / HTTP/1.0\r\n\r\n']),
  // Headers.
  once('one huge header', [431], (t) => [get(t, '/', `X-Big: ${'a'.repeat(100_000)}\r\n`)]),
  once('thousands of headers', [431], (t) => [
    get(t, '/', Array.from({ length: 3000 }, (_, i) => `X-H${i}: v\r\n`).join('')),
  ]),
  once('header with bad characters', [400], (t) => [get(t, '/', 'X-Bad: a\x00b\r\n')]),
  // Bodies.
  once('body is not JSON', [400], (t) => [post(t, '/api/appInfo', '{')]),
  once('body is a JSON string', [400], (t) => [post(t, '/api/recordNote', '"x"')]),
  once(
    'deeply nested JSON',
    [400],
    (t) => [post(t, '/api/recordNote', '['.repeat(200_000) + ']'.repeat(200_000))],
    { waitMs: 10_000 },
  ),
  once('body is invalid UTF-8', [400], (t) => [
    post(t, '/api/teamSend', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
  ]),
  once('prototype-name method', [400], (t) => [post(t, '/api/__proto__', '{}')]),
  once('constructor method', [400], (t) => [post(t, '/api/constructor', '{}')]),
  once('truncated body', undefined, (t) => [post(t, '/api/appInfo', '{"a":1}').slice(0, -3)], {
    waitMs: 500,
    endAfterWrite: true,
  }),
  once(
    'Content-Length says more than is sent',
    undefined,
    (t) => [
      `POST /api/appInfo HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nAuthorization: Bearer ${t.token}\r\nContent-Length: 500\r\n\r\n{"a":`,
    ],
    { waitMs: 500, endAfterWrite: true },
  ),
  once('broken chunked encoding', [400], (t) => [
    `POST /api/appInfo HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nAuthorization: Bearer ${t.token}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  ]),
  once('Content-Length and chunked together', [400], (t) => [
    `POST /api/appInfo HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nAuthorization: Bearer ${t.token}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  ]),
  once(
    'over-size body (declared)',
    [413],
    (t) => [post(t, '/api/appInfo', Buffer.alloc(3 * 1024 * 1024, 0x20))],
    { waitMs: 3000 },
  ),
  once(
    'over-size chunked body',
    [413],
    (t) => {
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      const head = `POST /api/appInfo HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\nAuthorization: Bearer ${t.token}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
      const body = Array.from({ length: 8 }, () =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      );
      return [head, ...body, '0\r\n\r\n'];
    },
    { waitMs: 3000 },
  ),
  // Tokens of the right length in characters but not in bytes (header bytes are read as latin1).
  once('API token with non-ASCII bytes', [401], (t) => [
    Buffer.from(
      post(t, '/api/appInfo', '{}').replace(`Bearer ${t.token}`, `Bearer ${'\u00e9'.repeat(t.token.length)}`),
      'latin1',
    ),
  ]),
  once('event-stream token with non-ASCII bytes', [401], (t) => [
    Buffer.from(
      wsUpgrade(t.port, t.token, {
        'Sec-WebSocket-Protocol': `teamseat, token.${'\u00e9'.repeat(t.token.length)}`,
      }),
      'latin1',
    ),
  ]),
  // Origins.
  once('API call from a foreign origin', [403], (t) => [
    post(t, '/api/appInfo', '{}', 'Origin: http://evil.example\r\n'),
  ]),
  once('API call from origin null', [403], (t) => [post(t, '/api/appInfo', '{}', 'Origin: null\r\n')]),
  once('API call from another loopback port', [403], (t) => [
    post(t, '/api/appInfo', '{}', `Origin: http://127.0.0.1:${t.port + 1}\r\n`),
  ]),
  once('static GET from a foreign origin', [403], (t) => [get(t, '/', 'Origin: http://evil.example\r\n')]),
  // WebSocket handshakes.
  once('upgrade to another path', [401, 403], (t) => [wsUpgrade(t.port, t.token, {}, '/api/appInfo')]),
  once('upgrade with a bad path escape', [401, 403], (t) => [wsUpgrade(t.port, t.token, {}, '/%')]),
  once('upgrade without token', [401], (t) => [
    wsUpgrade(t.port, t.token, { 'Sec-WebSocket-Protocol': 'teamseat' }),
  ]),
  once('upgrade from a foreign origin', [403], (t) => [
    wsUpgrade(t.port, t.token, { Origin: 'http://evil.example' }),
  ]),
  once('upgrade with a bad key', [400], (t) => [
    wsUpgrade(t.port, t.token, { 'Sec-WebSocket-Key': 'short' }),
  ]),
  once('upgrade with an old version', [101, 400, 426], (t) => [
    wsUpgrade(t.port, t.token, { 'Sec-WebSocket-Version': '8' }),
  ]),
  once('upgrade with a POST', [400, 401, 405], (t) => [wsUpgrade(t.port, t.token).replace(/^GET/, 'POST')]),
  // WebSocket frames (a valid handshake, then a bad frame): each must close that socket only.
  afterHandshake('frame over the size limit', () => wsFrame(0x1, Buffer.alloc(70 * 1024, 0x61))),
  afterHandshake('frame declaring 2^53 bytes', () =>
    wsFrame(0x2, Buffer.alloc(0), { declaredLength: 2 ** 53 }),
  ),
  afterHandshake('reserved data opcode 0x3', () => wsFrame(0x3, Buffer.from('x'))),
  afterHandshake('reserved control opcode 0xB', () => wsFrame(0xb, Buffer.from('x'))),
  afterHandshake('fragmented control frame', () => wsFrame(0x9, Buffer.from('x'), { fin: false })),
  afterHandshake('text frame with invalid UTF-8', () => wsFrame(0x1, Buffer.from([0xff, 0xfe]))),
  afterHandshake('close frame with a bad code', () => wsFrame(0x8, Buffer.from([0x03, 0xe7]))),
  afterHandshake('unmasked frame', () => Buffer.from([0x81, 0x01, 0x61])),
  afterHandshake('reserved bits set', () => {
    const f = wsFrame(0x1, Buffer.from('x'));
    f[0] = f[0]! | 0x70;
    return f;
  }),
  afterHandshake('continuation with nothing to continue', () => wsFrame(0x0, Buffer.from('x'))),
  afterHandshake('a message (the stream is one-way)', () => wsFrame(0x1, Buffer.from('{"hello":1}'))),
];
