import fs from 'node:fs';

// What a host and the processes it started (the Python sandboxes) cost the machine, from Linux's /proc: the crowd
// bench (issue 25) says where an online study's ceiling is by the CPU a check takes, which is spent in the sandbox
// processes, not in the host's own. Elsewhere than Linux every figure is null.

/** USER_HZ: /proc's clock ticks per second, 100 on every Linux Node runs on. */
const TICKS_PER_S = 100;

interface Stat {
  ppid: number;
  /** utime + stime, ms. */
  ownMs: number;
  /** cutime + cstime: the CPU of its children that have exited and been reaped, ms. */
  reapedMs: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' are plain.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (i: number) => (Number(f[i]) * 1000) / TICKS_PER_S;
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return { ppid: Number(f[1]), ownMs: tick(11) + tick(12), reapedMs: tick(13) + tick(14) };
  } catch {
    return null;
  }
}

/** Every live process below `root` (children, their children, …). */
function descendants(root: number): number[] {
  let pids: number[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  } catch {
    return [];
  }
  const parent = new Map<number, number>();
  for (const pid of pids) {
    const s = readStat(pid);
    if (s) parent.set(pid, s.ppid);
  }
  const below = new Set([root]);
  // Parents usually have lower pids, but not always (pid wrap): repeat until nothing more is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!below.has(pid) && below.has(ppid)) {
        below.add(pid);
        grew = true;
      }
    }
  }
  below.delete(root);
  return [...below];
}

export interface TreeCpu {
  /** The host process itself (all its threads), ms. */
  hostMs: number;
  /** Its child processes, live and exited: the sandboxes, ms. */
  childrenMs: number;
}

/** CPU so far of a host and of the processes it started (exited ones included), or null off Linux. */
export function treeCpu(hostPid: number): TreeCpu | null {
  const host = readStat(hostPid);
  if (!host) return null;
  let childrenMs = host.reapedMs;
  for (const pid of descendants(hostPid)) {
    const s = readStat(pid);
    // A live child's own CPU and that of its own exited children (a reaped grandchild is in its cutime).
    if (s) childrenMs += s.ownMs + s.reapedMs;
  }
  return { hostMs: host.ownMs, childrenMs };
}

function rssMb(pid: number, key = 'VmRSS'): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export interface TreeMemory {
  /** The host's resident memory now and at its peak, MB. */
  hostRss: number;
  hostPeak: number;
  /** The sandbox processes' resident memory now (summed; shared pages counted in each), MB, and how many there are. */
  childrenRss: number;
  children: number;
}

export function treeMemory(hostPid: number): TreeMemory | null {
  const hostRss = rssMb(hostPid);
  const hostPeak = rssMb(hostPid, 'VmHWM');
  if (hostRss === null || hostPeak === null) return null;
  const kids = descendants(hostPid);
  return { hostRss, hostPeak, childrenRss: kids.reduce((sum, pid) => sum + (rssMb(pid) ?? 0), 0), children: kids.length };
}

/** The machine's load average over the last minute (`uptime`'s first figure), or null. */
export function loadAverage(): number | null {
  try {
    return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** A thread's time on a CPU and its time runnable but waiting for one, ms (Linux's schedstat, in nanoseconds). */
export interface ThreadSched {
  runMs: number;
  waitMs: number;
}

/**
 * The main thread of process `pid` (its thread group leader: the one thread every request of the host waits for):
 * where a send's time went when the host did little work but answered late. null off Linux.
 */
export function mainThreadSched(pid: number): ThreadSched | null {
  try {
    const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return run === undefined || wait === undefined ? null : { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return null;
  }
}
