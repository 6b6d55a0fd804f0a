import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The built browser host (out/main/serve.mjs) running as a child process over one data dir (torture and bench). */
export interface HostProcess {
  /** The experimenter's link the host printed (`http://127.0.0.1:PORT/#token=…`). */
  link: string;
  origin: string;
  port: number;
  token: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  alive(): boolean;
  /** SIGKILL: no shutdown handler runs, as in a power cut. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  stderr(): string;
}

export async function spawnHost(appRoot: string, dataDir: string): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    // TEAMSEAT_HOST_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): node flags for the host alone, to
    // profile it under a bench (NODE_OPTIONS refuses --cpu-prof).
    [...nodeFlags(), path.join(appRoot, 'out/main/serve.mjs'), '--data-dir', dataDir, '--port', '0'],
    {
      cwd: appRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TEAMSEAT_DATA_DIR: '' },
    },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-20_000);
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Open: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`browser host exited with ${code}: ${stderr.slice(-2000)}`)));
  });
  const parsed = new URL(url);
  return {
    link: url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: new URLSearchParams(parsed.hash.slice(1)).get('token')!,
    child,
    exited,
    alive: () => running,
    kill: async () => {
      if (running) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (running) child.kill('SIGTERM');
      await exited;
    },
    stderr: () => stderr,
  };
}

function nodeFlags(): string[] {
  return (process.env.TEAMSEAT_HOST_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
}

export interface ApiAnswer<T = unknown> {
  ok: boolean;
  value: T;
  error?: { code: string; message: string };
}

/** Calls one contract method over HTTP. Throws only when the host cannot be reached (killed, refused). */
export function apiOf(host: Pick<HostProcess, 'origin' | 'token'>) {
  return async <T = unknown>(method: string, args: unknown): Promise<ApiAnswer<T>> => {
    const res = await fetch(`${host.origin}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
      body: JSON.stringify(args),
    });
    return (await res.json()) as ApiAnswer<T>;
  };
}

/** Like apiOf, but a refusal is an error: for setup steps that must work. */
export function mustOf(host: Pick<HostProcess, 'origin' | 'token'>) {
  const api = apiOf(host);
  return async <T = unknown>(method: string, args: unknown): Promise<T> => {
    const r = await api<T>(method, args);
    if (!r.ok) throw new Error(`${method} failed: ${r.error?.message ?? 'unknown error'}`);
    return r.value;
  };
}
