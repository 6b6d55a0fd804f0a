/**
 * The byte-level half of the transcript index (jsonIndex.ts): moving past whitespace, strings and whole JSON values in
 * a file's bytes without building them. String contents are jumped over with a native search for the closing quote.
 * It knows nothing of transcripts; transcriptIndexer.ts reads the fields the replay needs on top of it.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const decoder = new TextDecoder();

/** Thrown where the bytes are not JSON this scan can follow (or end early: see `hitEnd`). */
export class Bad extends Error {}

export class JsonScanner {
  protected i = 0;
  /** Set when a scan reached the end of the bytes (a head cut there, or a truncated file). */
  protected hitEnd = false;
  constructor(protected readonly b: Uint8Array) {}

  /** Whether the pass stopped because the bytes ended (not at something that is not JSON before the end). */
  ranOut(): boolean {
    return this.hitEnd || this.i >= this.b.length;
  }

  /** After an object's member: true at a comma (another member follows), false at its closing brace; else malformed. */
  protected anotherMember(): boolean {
    this.ws();
    const c = this.b[this.i];
    if (c !== 0x2c && c !== 0x7d) throw new Bad();
    this.i++;
    return c === 0x2c;
  }

  protected ws() {
    const b = this.b;
    let c = b[this.i];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++this.i];
  }

  /** Past a string starting at the current quote; returns its end (after the closing quote). */
  protected string(): number {
    const b = this.b;
    if (b[this.i] !== QUOTE) throw new Bad();
    let j = this.i + 1;
    // Most strings (keys, names, numbers' neighbours) are short: a few bytes are looked at here before the native
    // search, whose call costs more than it saves on them.
    const near = Math.min(j + 32, b.length);
    while (j < near) {
      const c = b[j];
      if (c === QUOTE) {
        this.i = j + 1;
        return this.i;
      }
      if (c === BACKSLASH) break;
      j++;
    }
    this.i = this.closingQuote(j) + 1;
    return this.i;
  }

  /** The first unescaped quote at or after `j` (a string's end); throws, marking the end reached, when there is none. */
  private closingQuote(j: number): number {
    const b = this.b;
    for (;;) {
      const q = b.indexOf(QUOTE, j);
      if (q < 0) {
        this.hitEnd = true;
        throw new Bad();
      }
      let k = q - 1;
      while (b[k] === BACKSLASH) k--;
      // An even run of backslashes before the quote escapes only themselves.
      if ((q - 1 - k) % 2 === 0) return q;
      j = q + 1;
    }
  }

  /** A short string's value: plain ASCII without escapes is read directly, anything else by JSON.parse. */
  protected text(start: number, end: number): string {
    const b = this.b;
    if (end - start <= 66) {
      let plain = true;
      for (let k = start + 1; k < end - 1; k++) {
        const c = b[k]!;
        if (c === BACKSLASH || c >= 0x80 || c < 0x20) {
          plain = false;
          break;
        }
      }
      if (plain) return String.fromCharCode(...b.subarray(start + 1, end - 1));
    }
    return JSON.parse(decoder.decode(b.subarray(start, end))) as string;
  }

  /** Past any JSON value; returns its type letter (s string, o object, a array, n number, b boolean, z null). */
  protected value(): string {
    const b = this.b;
    const c = b[this.i];
    if (c === QUOTE) {
      this.string();
      return 's';
    }
    if (c === 0x7b || c === 0x5b) {
      const type = c === 0x7b ? 'o' : 'a';
      let depth = 0;
      for (;;) {
        const x = b[this.i];
        if (x === undefined) {
          this.hitEnd = true;
          throw new Bad();
        }
        if (x === QUOTE) {
          this.string();
          continue;
        }
        if (x === 0x7b || x === 0x5b) depth++;
        else if (x === 0x7d || x === 0x5d) {
          depth--;
          if (depth === 0) {
            this.i++;
            return type;
          }
        }
        this.i++;
      }
    }
    const start = this.i;
    let x = b[this.i];
    while (x !== undefined && x !== 0x2c && x !== 0x7d && x !== 0x5d && x !== 0x20 && x !== 0x0a && x !== 0x0d && x !== 0x09) x = b[++this.i];
    if (this.i === start) throw new Bad();
    // A plain run of digits (every round) is checked as bytes; anything else is read as a word.
    if (b[start] !== 0x30 || this.i - start === 1) {
      let digits = true;
      for (let k = start; k < this.i; k++) {
        const c = b[k]!;
        if (c < 0x30 || c > 0x39) {
          digits = false;
          break;
        }
      }
      if (digits) return 'n';
    }
    const word = decoder.decode(b.subarray(start, this.i));
    if (word === 'true' || word === 'false') return 'b';
    if (word === 'null') return 'z';
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(word)) throw new Bad();
    return 'n';
  }

  /**
   * Past the rest of an array or object whose `depth` brackets are open at the current byte, looking only at
   * brackets and quotes: no key, number or word is read, so it is looser than `value` (it does not check that what it
   * passes is JSON). For a file's head only, where the whole pass that follows decides (transcriptIndexer.ts).
   */
  protected skipOpen(depth: number): void {
    const b = this.b;
    let i = this.i;
    for (;;) {
      const x = b[i];
      if (x === undefined) {
        this.i = i;
        this.hitEnd = true;
        throw new Bad();
      }
      if (x === QUOTE) {
        i = this.closingQuote(i + 1) + 1;
        continue;
      }
      if (x === 0x7b || x === 0x5b) depth++;
      else if (x === 0x7d || x === 0x5d) {
        depth--;
        if (depth === 0) {
          this.i = i + 1;
          return;
        }
      }
      i++;
    }
  }

  /** A number token as a whole number ≥ 0, or null (digits read as bytes; anything else through Number). */
  protected wholeNumber(start: number, end: number): number | null {
    const b = this.b;
    let v = 0;
    for (let k = start; k < end; k++) {
      const c = b[k]!;
      if (c < 0x30 || c > 0x39) {
        const x = Number(decoder.decode(b.subarray(start, end)));
        return Number.isInteger(x) && x >= 0 ? x : null;
      }
      v = v * 10 + (c - 0x30);
    }
    return Number.isSafeInteger(v) ? v : null;
  }
}
