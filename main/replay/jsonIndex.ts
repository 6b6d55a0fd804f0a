import type { RowMeta, TranscriptRows } from '../../shared/replay/transcriptRows.js';

/**
 * A benchmark transcript indexed without parsing it whole (issue 26: 48 MB took 175 ms to JSON.parse, before any
 * round could be shown). One pass over the bytes finds each top-level field and, in `messages` and `tool_calls`, each
 * row's byte range, its round, its seat or tool name and whether its fields have the format's types; string contents
 * are jumped over with a native search for the closing quote. The small top-level fields are parsed; a row is parsed
 * when its round is shown. Returns null when the text is not a JSON object this pass can follow (the caller then parses
 * it whole, for JSON's own error message), so the index is never looser than JSON.parse about what it accepts.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const decoder = new TextDecoder();

class Bad extends Error {}

/** Field types of a row: s string, n number, o object, a array, b boolean, z null. */
type Spec = { required: Record<string, string>; optional: Record<string, string>; who: string; nonEmpty: string[] };
const MESSAGE: Spec = { required: { round: 'n', seat: 's', text: 's' }, optional: { kind: 's', to: 's' }, who: 'seat', nonEmpty: ['seat'] };
const TOOL: Spec = { required: { round: 'n', name: 's' }, optional: { input: 'o', result_head: 's' }, who: 'name', nonEmpty: ['name'] };

export function indexTranscript(buf: Uint8Array): TranscriptRows | null {
  try {
    return new Indexer(buf).run();
  } catch (error) {
    // A SyntaxError from parsing a small field: the whole-file parse names the place.
    if (error instanceof Bad || error instanceof SyntaxError) return null;
    throw error;
  }
}

interface Row extends RowMeta {
  start: number;
  end: number;
}

class Indexer {
  private i = 0;
  constructor(private readonly b: Uint8Array) {}

  run(): TranscriptRows {
    const b = this.b;
    this.ws();
    if (b[this.i] !== 0x7b) throw new Bad();
    this.i++;
    const top: Record<string, unknown> = {};
    const keys: string[] = [];
    let messages: Row[] | null = null;
    let tools: Row[] | null = null;
    this.ws();
    if (b[this.i] === 0x7d) this.i++;
    else {
      for (;;) {
        this.ws();
        const key = this.key();
        this.ws();
        if (b[this.i] !== 0x3a) throw new Bad();
        this.i++;
        this.ws();
        if (!keys.includes(key)) keys.push(key);
        if ((key === 'messages' || key === 'tool_calls') && b[this.i] === 0x5b) {
          const rows = this.rows(key === 'messages' ? MESSAGE : TOOL);
          if (key === 'messages') messages = rows;
          else tools = rows;
          delete top[key];
        } else {
          const start = this.i;
          this.value();
          top[key] = JSON.parse(decoder.decode(b.subarray(start, this.i)));
          if (key === 'messages') messages = null;
          if (key === 'tool_calls') tools = null;
        }
        this.ws();
        if (b[this.i] === 0x2c) {
          this.i++;
          continue;
        }
        if (b[this.i] === 0x7d) {
          this.i++;
          break;
        }
        throw new Bad();
      }
    }
    this.ws();
    if (this.i !== b.length) throw new Bad();
    // A row whose text JSON.parse refuses (a bad escape the pass above does not check) reads as undefined: its round
    // shows it as a row that could not be read.
    const parse = (rows: Row[] | null, n: number): unknown => {
      const r = rows?.[n];
      if (!r) return undefined;
      try {
        return JSON.parse(decoder.decode(b.subarray(r.start, r.end)));
      } catch {
        return undefined;
      }
    };
    const m = messages;
    const t = tools;
    return {
      top,
      keys,
      messages: m,
      tools: t,
      message: (n) => parse(m, n),
      tool: (n) => parse(t, n),
    };
  }

  private ws() {
    const b = this.b;
    let c = b[this.i];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++this.i];
  }

  /** Past a string starting at the current quote; returns its end (after the closing quote). */
  private string(): number {
    const b = this.b;
    if (b[this.i] !== QUOTE) throw new Bad();
    let j = this.i + 1;
    for (;;) {
      const q = b.indexOf(QUOTE, j);
      if (q < 0) throw new Bad();
      let k = q - 1;
      while (b[k] === BACKSLASH) k--;
      // An even run of backslashes before the quote escapes only themselves.
      if ((q - 1 - k) % 2 === 0) {
        // Control characters are not allowed raw in a JSON string; JSON.parse would refuse them.
        this.i = q + 1;
        return this.i;
      }
      j = q + 1;
    }
  }

  private key(): string {
    const start = this.i;
    this.string();
    return this.text(start, this.i);
  }

  /** A short string's value: plain ASCII without escapes is read directly, anything else by JSON.parse. */
  private text(start: number, end: number): string {
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

  /** Past any JSON value; returns its type letter. */
  private value(): string {
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
        if (x === undefined) throw new Bad();
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
    const word = decoder.decode(b.subarray(start, this.i));
    if (word === 'true' || word === 'false') return 'b';
    if (word === 'null') return 'z';
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(word)) throw new Bad();
    return 'n';
  }

  private rows(spec: Spec): Row[] {
    const b = this.b;
    const out: Row[] = [];
    this.i++; // [
    this.ws();
    if (b[this.i] === 0x5d) {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.row(spec));
      this.ws();
      if (b[this.i] === 0x2c) {
        this.i++;
        continue;
      }
      if (b[this.i] === 0x5d) {
        this.i++;
        return out;
      }
      throw new Bad();
    }
  }

  private row(spec: Spec): Row {
    const b = this.b;
    const start = this.i;
    if (b[this.i] !== 0x7b) {
      this.value();
      return { start, end: this.i, round: null, who: null, ok: false };
    }
    this.i++;
    const types = new Map<string, string>();
    let round: number | null = null;
    let who: string | null = null;
    let empty = new Set<string>();
    this.ws();
    if (b[this.i] === 0x7d) this.i++;
    else {
      for (;;) {
        this.ws();
        const key = this.key();
        this.ws();
        if (b[this.i] !== 0x3a) throw new Bad();
        this.i++;
        this.ws();
        const vs = this.i;
        const type = this.value();
        types.set(key, type);
        // Only the few fields the outline needs are decoded; the rest (texts, inputs, result heads) are jumped.
        if (key === 'round') {
          const n = type === 'n' ? Number(decoder.decode(b.subarray(vs, this.i))) : NaN;
          round = Number.isInteger(n) && n >= 0 ? n : null;
        } else if (key === spec.who) who = type === 's' ? this.text(vs, this.i) : null;
        if (type === 's' && this.i - vs === 2) empty.add(key);
        else empty.delete(key);
        this.ws();
        if (b[this.i] === 0x2c) {
          this.i++;
          continue;
        }
        if (b[this.i] === 0x7d) {
          this.i++;
          break;
        }
        throw new Bad();
      }
    }
    let ok = round !== null;
    for (const [k, t] of Object.entries(spec.required)) if (types.get(k) !== t) ok = false;
    for (const [k, t] of Object.entries(spec.optional)) if (types.has(k) && types.get(k) !== t) ok = false;
    for (const k of spec.nonEmpty) if (empty.has(k)) ok = false;
    empty = new Set();
    return { start, end: this.i, round, who: who === '' ? null : who, ok };
  }
}
