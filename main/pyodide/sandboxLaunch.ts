import { spawnSync } from 'node:child_process';

/**
 * How a Python sandbox process is started (issue 24). The participant's code runs in Pyodide, and Pyodide can reach
 * JavaScript (`js`, `pyodide_js`, `run_js`), so the boundary is drawn around the whole process rather than inside
 * Python:
 * - Node's permission model: file reads only under the pyodide package (the interpreter's own files), no writes, no
 *   child processes, no worker threads, no native addons, no `process.binding`. Enforced by Node for every caller.
 * - `--disallow-code-generation-from-strings`: no `eval`, no `new Function`, so Python cannot write new JavaScript,
 *   only call functions that already exist.
 * - The network: Node 20's permission model does not cover it. On Linux the process gets a network namespace of its
 *   own (`unshare -n`, with `-r` when not root), where no address is reachable, not even loopback; elsewhere the
 *   sandbox script removes the network globals before Python loads (see sandboxSource.ts) and the host says so.
 */
export interface SandboxCommand {
  command: string;
  args: string[];
  /** How the network is kept out: by the kernel, or only by what the script removes. */
  network: 'namespace' | 'in-process';
}

/** Node 20 spells the permission flag `--experimental-permission`; Node 22.13+ (and Electron's Node) `--permission`. */
export function permissionFlag(nodeVersion = process.versions.node): string {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13) ? '--permission' : '--experimental-permission';
}

let probed: string[] | null | undefined;

/** The `unshare` prefix that works on this machine (root, or an unprivileged user namespace), or null. */
export function networkNamespacePrefix(): string[] | null {
  if (probed !== undefined) return probed;
  probed = null;
  if (process.platform !== 'linux' || process.env.TEAMSEAT_SANDBOX_NETNS === 'off') return probed;
  for (const prefix of [
    ['unshare', '-n'],
    ['unshare', '-r', '-n'],
  ]) {
    const tried = spawnSync(prefix[0]!, [...prefix.slice(1), process.execPath, '-e', ''], {
      stdio: 'ignore',
      timeout: 10_000,
    });
    if (tried.status === 0) {
      probed = prefix;
      break;
    }
  }
  return probed;
}

let niceProbed: string[] | undefined;

/**
 * The prefix that runs the sandbox below the host's priority (`nice -n 10`), where `nice` works; [] elsewhere or with
 * TEAMSEAT_SANDBOX_NICE=off. A check is seconds of CPU and a participant's message a few milliseconds: with the cores
 * busy checking (an online study, issue 25: `npm run bench -- --only crowd`), the host's thread must still answer at
 * once. The sandbox still gets every core the host does not use.
 */
export function lowerPriorityPrefix(): string[] {
  if (niceProbed !== undefined) return niceProbed;
  niceProbed = [];
  if (process.platform === 'win32' || process.env.TEAMSEAT_SANDBOX_NICE === 'off') return niceProbed;
  const prefix = ['nice', '-n', '10'];
  const tried = spawnSync(prefix[0]!, [...prefix.slice(1), process.execPath, '-e', ''], { stdio: 'ignore', timeout: 10_000 });
  if (tried.status === 0) niceProbed = prefix;
  return niceProbed;
}

export interface SandboxLimits {
  /** The pyodide package's folder: the only place the process may read. */
  indexURL: string;
  jsHeapMb: number;
  /** A memory snapshot to restore (snapshot.ts): the one file outside the package the process may read. */
  snapshotFile?: string;
  /** Only for the process that makes that snapshot (it runs no participant code): the one file it may write. */
  writeFile?: string;
}

/**
 * The desktop shell's Node cannot be started as plain Node (the RunAsNode fuse is off, as it should be), and
 * Electron's utilityProcess has not been wired to this script yet: until it is, the desktop app refuses to run
 * participant Python rather than run it without the sandbox.
 */
export const DESKTOP_REFUSAL =
  'The desktop app cannot start the Python sandbox yet, so it runs no participant code: run studies with workspace tasks in the browser host (npm run serve).';

export function sandboxCommand(source: string, limits: SandboxLimits): SandboxCommand {
  if ('electron' in process.versions) throw new Error(DESKTOP_REFUSAL);
  const node = [
    permissionFlag(),
    `--allow-fs-read=${limits.indexURL}`,
    ...(limits.snapshotFile ? [`--allow-fs-read=${limits.snapshotFile}`] : []),
    ...(limits.writeFile ? [`--allow-fs-write=${limits.writeFile}`] : []),
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${limits.jsHeapMb}`,
    '--no-warnings',
    '-e',
    source,
  ];
  const netns = networkNamespacePrefix();
  // nice and unshare each exec the next program: the sandbox keeps the pid the host started (and kills).
  const prefix = [...lowerPriorityPrefix(), ...(netns ?? [])];
  const network = netns ? 'namespace' : 'in-process';
  return prefix.length > 0 ? { command: prefix[0]!, args: [...prefix.slice(1), process.execPath, ...node], network } : { command: process.execPath, args: node, network };
}
