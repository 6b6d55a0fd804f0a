import http from 'node:http';

/**
 * The simulated participants' HTTP client for the lab benches: a POST of JSON over a kept-alive connection, as a
 * participant's browser makes it. The host is what is measured; in a lab the pages run on other machines, but here
 * twenty simulated pages share the host's two cores. Node's `fetch` (undici, web streams, a wasm parser) cost this
 * bench about 1.2 ms of CPU per call, most of a core during a crowd, taken from the host it measures; `node:http`
 * with a keep-alive agent does the same exchange for a fraction of that.
 */
// No cap on sockets: each simulated page has its own connection, as browsers on participants' machines do. A cap of
// 64 made the crowd's 200 participants queue in this client behind each other's slow test runs, and the bench then
// measured its own queue (a send "took" 70 s that the host answered at once).
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface ApiReply<T> {
  ok: boolean;
  value: T;
  error?: { code: string; message: string };
}

/** POSTs `args` as JSON to `${origin}/api/${method}` with a bearer token; resolves the host's JSON answer. */
export function postApi<T>(origin: string, token: string, method: string, args: unknown, retried = false): Promise<ApiReply<T>> {
  const body = Buffer.from(JSON.stringify(args));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/api/${method}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiReply<T>);
          } catch (error) {
            reject(new Error(`${method}: the host answered ${res.statusCode} with a body that is not JSON`, { cause: error }));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the host closed (its keep-alive timeout) just as this request went out on it: the
      // request never reached the host, so it is sent once more on a new connection (Node's documented pattern).
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') resolve(postApi<T>(origin, token, method, args, true));
      else reject(error);
    });
    req.end(body);
  });
}
