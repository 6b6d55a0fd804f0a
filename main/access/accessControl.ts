import crypto from 'node:crypto';
import type { AccessScope } from '../../shared/contract/access.js';
import { loadAccessFile, saveAccessFile, type AccessFileContent } from './accessFile.js';
import { hashPin, PinAttempts, verifyPin } from './pin.js';

export type LinkScope = Exclude<AccessScope, { kind: 'experimenter' }>;

const UNLOCK_TTL_MS = 8 * 3_600_000;

const sameScope = (a: LinkScope, b: LinkScope) =>
  a.kind === 'participant'
    ? b.kind === 'participant' && a.studyKey === b.studyKey && a.participantId === b.participantId
    : a.kind === 'rater'
      ? b.kind === 'rater' && a.studyKey === b.studyKey && a.rater === b.rater
      : a.kind === 'auditor'
        ? b.kind === 'auditor' && a.studyKey === b.studyKey && a.auditor === b.auditor
        : b.kind === 'enrolment' && a.studyKey === b.studyKey;

const equalText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Tokens → scopes, for both hosts. The experimenter token and every link survive a restart (see accessFile.ts);
 * tokens given out by a correct kiosk PIN live only as long as this host process.
 */
export class AccessControl {
  private content: AccessFileContent;
  private readonly unlocked = new Map<string, number>();
  /** Wrong-PIN counters, one per link (see attemptKey); in memory, so a host restart clears them too. */
  private readonly attempts = new Map<string, PinAttempts>();

  constructor(
    private readonly dataDir: string,
    opts: { notice?: (message: string) => void; now?: () => number; fixedToken?: string } = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.content = loadAccessFile(dataDir, opts.notice ?? (() => {}));
    if (opts.fixedToken && opts.fixedToken !== this.content.secret) {
      // Tests pin the experimenter token; links made under it stay verifiable because the secret is the token.
      this.content = { ...this.content, secret: opts.fixedToken };
      saveAccessFile(this.dataDir, this.content);
    }
  }

  private readonly now: () => number;

  /** The experimenter's token, as the browser host prints it in its link. */
  get experimenterToken(): string {
    return this.content.secret;
  }

  /** The scope a token grants, or null for a missing, wrong or revoked one. */
  resolve(token: string | undefined): AccessScope | null {
    if (!token) return null;
    if (equalText(token, this.content.secret)) return { kind: 'experimenter' };
    const until = this.unlocked.get(token);
    if (until !== undefined) {
      if (until > this.now()) return { kind: 'experimenter' };
      this.unlocked.delete(token);
    }
    const dot = token.indexOf('.');
    if (dot < 0) return null;
    const id = token.slice(0, dot);
    const entry = this.content.links.find((l) => l.id === id);
    if (!entry || !equalText(token.slice(dot + 1), this.mac(id))) return null;
    return entry.scope;
  }

  /** The capability for a participant or rater link: the same one each time for the same scope. */
  linkFor(scope: LinkScope): string {
    let entry = this.content.links.find((l) => sameScope(l.scope, scope));
    if (!entry) {
      entry = { id: crypto.randomBytes(12).toString('hex'), scope, createdAt: new Date(this.now()).toISOString() };
      this.write({ ...this.content, links: [...this.content.links, entry] });
    }
    return `${entry.id}.${this.mac(entry.id)}`;
  }

  /**
   * The opaque name a participant's page knows a study by: an HMAC of the key under the secret, so it is the same
   * after a restart and for every participant of the study, and cannot be turned back into the key without the secret.
   */
  studyAlias(studyKey: string): string {
    let alias = this.aliases.get(studyKey);
    if (alias === undefined) {
      alias = `study-${crypto.createHmac('sha256', this.content.secret).update(`study:${studyKey}`).digest('hex').slice(0, 20)}`;
      this.aliases.set(studyKey, alias);
    }
    return alias;
  }
  private readonly aliases = new Map<string, string>();

  hasPin(): boolean {
    return this.content.pin !== null;
  }

  async setPin(pin: string): Promise<void> {
    const pinHash = await hashPin(pin);
    this.write({ ...this.content, pin: pinHash });
    this.attempts.clear();
  }

  /** Whose wrong PINs count together: one link (every tab or window holding it), or the experimenter's own screens. */
  private attemptKey(from: AccessScope | undefined): string {
    if (!from || from.kind === 'experimenter') return 'experimenter';
    const entry = this.content.links.find((l) => sameScope(l.scope, from));
    return entry ? entry.id : `scope:${JSON.stringify(from)}`;
  }

  private attemptsOf(key: string): PinAttempts {
    let a = this.attempts.get(key);
    if (!a) {
      a = new PinAttempts(this.now);
      this.attempts.set(key, a);
    }
    return a;
  }

  /** Links with wrong PINs counted (locked now or not), for the experimenter's dashboard. */
  kioskLocks(): Array<{ scope: LinkScope; failures: number; waitMs: number }> {
    return this.content.links.flatMap((l) => {
      const a = this.attempts.get(l.id);
      return a && a.count > 0 ? [{ scope: l.scope, failures: a.count, waitMs: a.waitMs() }] : [];
    });
  }

  /** Clears one link's wrong PINs and lock, recorded in access.json; how many wrong PINs it had (null: no such link). */
  clearKioskLock(scope: LinkScope): { failures: number } | null {
    const entry = this.content.links.find((l) => sameScope(l.scope, scope));
    if (!entry) return null;
    const failures = this.attempts.get(entry.id)?.count ?? 0;
    this.attempts.delete(entry.id);
    const record = { link: entry.id, at: new Date(this.now()).toISOString(), failures };
    this.write({ ...this.content, lock_clears: [...this.content.lock_clears, record] });
    return { failures };
  }

  /**
   * Checks a PIN typed at a kiosk. Right: a fresh experimenter token for that tab (never the stored secret).
   * Wrong or locked: how long to wait before the next try. `from` is the calling page's scope: wrong PINs are counted
   * per link, so guesses at one participant's page never lock another link or the experimenter.
   */
  async unlock(
    pin: string,
    from?: AccessScope,
  ): Promise<{ ok: true; token: string } | { ok: false; reason: 'no_pin' | 'wrong' | 'locked'; waitMs: number }> {
    const pinHash = this.content.pin;
    if (!pinHash) return { ok: false, reason: 'no_pin', waitMs: 0 };
    const attempts = this.attemptsOf(this.attemptKey(from));
    const wait = attempts.waitMs();
    if (wait > 0) return { ok: false, reason: 'locked', waitMs: wait };
    // Counted before the (slow) check, so parallel guesses cannot all slip in under one count.
    attempts.recordFailure();
    const right = /^[0-9]{4,12}$/.test(pin) && (await verifyPin(pin, pinHash));
    if (!right) {
      return { ok: false, reason: 'wrong', waitMs: attempts.waitMs() };
    }
    attempts.recordSuccess();
    const token = `x${crypto.randomBytes(24).toString('base64url')}`;
    this.unlocked.set(token, this.now() + UNLOCK_TTL_MS);
    return { ok: true, token };
  }

  private mac(id: string): string {
    // Every participant call checks its link: the HMAC of an id is kept (the secret never changes under a running host).
    const key = `${this.content.secret}\0${id}`;
    let mac = this.macs.get(key);
    if (mac === undefined) {
      mac = crypto.createHmac('sha256', this.content.secret).update(`link:${id}`).digest('base64url');
      this.macs.set(key, mac);
    }
    return mac;
  }
  private readonly macs = new Map<string, string>();

  private write(next: AccessFileContent): void {
    saveAccessFile(this.dataDir, next);
    this.content = next;
  }
}
