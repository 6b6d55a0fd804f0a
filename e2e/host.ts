import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface RunningHost {
  url: string;
  origin: string;
  token: string;
  process: ChildProcess;
  /** SIGKILL: no shutdown handlers run, as in a power cut of the app. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built browser host (`out/main/serve.mjs`) over the given data dir, on a free port unless one is given;
 * `extraArgs` are further `npm run serve` flags (`--origin https://…`).
 */
export async function startBrowserHost(dataDir: string, port = 0, extraArgs: readonly string[] = []): Promise<RunningHost> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'out/main/serve.mjs'), '--data-dir', dataDir, '--port', String(port), ...extraArgs], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEAMSEAT_DATA_DIR: '' },
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Open: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`browser host exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token')!,
    process: child,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Calls one method of a running browser host with the experimenter's token; a refusal throws, naming the method. */
export async function hostApi<T>(host: RunningHost, method: string, args: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}`, origin: host.origin },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.value;
}
