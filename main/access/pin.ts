import crypto from 'node:crypto';
import type { PinHash } from './accessFile.js';

// scrypt, because a PIN has few digits: the cost makes an offline guess over a copied access.json slow (2^15 x 8
// blocks: 32 MiB and tens of ms per guess), and the host's rate limit (below) makes an online guess slow. It runs
// on libuv's pool (async), so checking a PIN never stalls the host's other calls.
const COST = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LEN = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

const scrypt = (pin: string, salt: Buffer, len: number, cost: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(pin, salt, len, { ...cost, maxmem: maxmem(cost.N, cost.r) }, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function hashPin(pin: string): Promise<PinHash> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(pin, salt, KEY_LEN, COST);
  return { salt: salt.toString('base64'), hash: hash.toString('base64'), ...COST };
}

export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await scrypt(pin, Buffer.from(stored.salt, 'base64'), expected.length, stored);
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * Wrong PINs lock the kiosk's unlock for a while, doubling each time past the free attempts: five guesses, then
 * 30 s, 60 s, 120 s … up to an hour. One counter per link (every tab and window holding it shares it, since a
 * participant could open any number of tabs), so one participant's guesses never lock another link or the
 * experimenter out; the experimenter can clear a link's lock from the dashboard.
 */
export class PinAttempts {
  private failures = 0;
  private lockedUntil = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly free = 5,
    private readonly baseLockMs = 30_000,
    private readonly maxLockMs = 3_600_000,
  ) {}

  /** Milliseconds until the next attempt is allowed; 0 when it is allowed now. */
  waitMs(): number {
    return Math.max(0, this.lockedUntil - this.now());
  }

  recordFailure(): void {
    this.failures += 1;
    if (this.failures >= this.free) {
      const lock = Math.min(this.maxLockMs, this.baseLockMs * 2 ** (this.failures - this.free));
      this.lockedUntil = this.now() + lock;
    }
  }

  /** Wrong PINs counted since the last right one (or clear). */
  get count(): number {
    return this.failures;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.lockedUntil = 0;
  }
}
