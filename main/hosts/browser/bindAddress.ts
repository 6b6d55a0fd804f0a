import net from 'node:net';
import os from 'node:os';

/** Where the host listens: loopback by default; lab mode (issue 13) a non-loopback address of this machine. */
export interface BindChoice {
  address: string;
  /** The names a page of this host may be reached by (the Host allow-list and the Origin check use them). */
  hostNames: string[];
}

export const LOOPBACK: BindChoice = { address: '127.0.0.1', hostNames: ['127.0.0.1', 'localhost'] };

/** This machine's IPv4 addresses (the loopback range is always ours on Linux; only 127.0.0.1 is listed). */
export function localAddresses(): { address: string; internal: boolean }[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4')
    .map((a) => ({ address: a.address, internal: a.internal }));
}

const isLoopback = (address: string) => address.startsWith('127.');

/**
 * The address `--lab [--bind ADDRESS]` asks for, checked to be this machine's: without --bind, the first
 * non-loopback IPv4 address. A wrong address gets a message that names the addresses it could be.
 */
export function chooseBind(opts: { lab: boolean; bind: string | undefined }, local = localAddresses()): { ok: true; value: BindChoice } | { ok: false; message: string } {
  if (!opts.lab) {
    if (opts.bind !== undefined) return { ok: false, message: '--bind is for lab mode: start with --lab --bind ADDRESS (without --lab the host listens on 127.0.0.1 only).' };
    return { ok: true, value: LOOPBACK };
  }
  const external = local.filter((a) => !a.internal).map((a) => a.address);
  const choices = external.length > 0 ? external.join(', ') : 'none (no network interface is up)';
  const wanted = opts.bind ?? external[0];
  if (wanted === undefined) return { ok: false, message: `Lab mode needs an address of this machine to listen on; this machine has none besides loopback. Name one with --bind ADDRESS.` };
  if (net.isIPv4(wanted) === false) {
    return { ok: false, message: `--bind ${wanted}: give an IPv4 address of this machine (${choices}); names and IPv6 are not supported.` };
  }
  if (wanted === '0.0.0.0') return { ok: false, message: `--bind 0.0.0.0 would listen on every network at once; name the lab network's address (${choices}).` };
  if (!isLoopback(wanted) && !local.some((a) => a.address === wanted)) {
    return { ok: false, message: `--bind ${wanted}: that address is not this machine's. This machine's addresses are: ${choices}.` };
  }
  return { ok: true, value: { address: wanted, hostNames: wanted === '127.0.0.1' ? LOOPBACK.hostNames : [wanted] } };
}
