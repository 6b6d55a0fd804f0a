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

/**
 * A row's fields the outline checks, each with its JSON type (s string, n number, o object): the first is `round`,
 * the second the sender (`who`, which must be a non-empty string); `required` says which must be there. Keys are
 * compared as bytes: building a string per key made a 20,000-row file take over a second.
 */
interface Spec {
  keys: Uint8Array[];
  types: string;
  required: boolean[];
}
const spec = (fields: Array<[string, string, boolean]>): Spec => ({
  keys: fields.map(([k]) => new TextEncoder().encode(k)),
  types: fields.map(([, t]) => t).join(''),
  required: fields.map(([, , r]) => r),
});
const MESSAGE = spec([['round', 'n', true], ['seat', 's', true], ['text', 's', true], ['kind', 's', false], ['to', 's', false]]);
const TOOL = spec([['round', 'n', true], ['name', 's', true], ['input', 'o', false], ['result_head', 's', false]]);

export function indexTranscript(buf: Uint8Array): TranscriptRows | null {
  try {
    return new Indexer(buf).run();
  } catch (error) {
    // A SyntaxError from parsing a small field: the whole-file parse names the place.
    if (error instanceof Bad || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** One of the long lists as far as a file's head holds it: not reached yet, still going at the cut, or closed. */
export interface HeadList {
  state: 'unseen' | 'open' | 'done';
  rows: RowMeta[];
}

/**
 * What the first `buf.length` bytes of a longer file hold: the top-level fields that end inside them, and the rows of
 * `messages` and `tool_calls` read whole so far (a row cut at the end is left for the full pass). Null when the head
 * is not the start of a JSON object this pass can follow, or holds the whole object (then the full pass is as quick).
 * Used only to show a long run's first round early (main/replay/openFile.ts): the full pass over the whole file
 * always follows, and decides.
 */
export function indexHead(buf: Uint8Array): { top: Record<string, unknown>; keys: string[]; messages: HeadList; tools: HeadList; message(i: number): unknown; tool(i: number): unknown } | null {
  const indexer = new Indexer(buf);
  try {
    indexer.run();
    return null;
  } catch (error) {
    if (!(error instanceof Bad || error instanceof SyntaxError) || !indexer.ranOut()) return null;
  }
  const { top, keys, lists, open } = indexer.partial;
  const list = (key: 'messages' | 'tool_calls'): HeadList =>
    open?.key === key ? { state: 'open', rows: open.rows } : lists[key] ? { state: 'done', rows: lists[key] } : { state: 'unseen', rows: [] };
  const messages = list('messages');
  const tools = list('tool_calls');
  return { top, keys, messages, tools, message: (i) => indexer.parseRow(messages.rows as Row[], i), tool: (i) => indexer.parseRow(tools.rows as Row[], i) };
}

/**
 * Where a text that is not whole JSON stops, when it is cut short (the bytes end inside a value): the row or field it
 * ends in, for an error that names the place ("messages[812]"). Null when it is not cut short but wrong elsewhere.
 */
export function whereCut(buf: Uint8Array): string | null {
  const indexer = new Indexer(buf);
  try {
    indexer.run();
    return null;
  } catch (error) {
    if (!(error instanceof Bad || error instanceof SyntaxError) || !indexer.ranOut()) return null;
  }
  const { open, keys } = indexer.partial;
  if (open) return `${open.key}[${open.rows.length}]`;
  const last = keys.at(-1);
  return last === undefined ? 'the top-level object' : `the field "${last}" or after it`;
}

interface Row extends RowMeta {
  start: number;
  end: number;
}

class Indexer {
  private i = 0;
  /** Set when a scan reached the end of the bytes (a head cut there, or a truncated file). */
  private hitEnd = false;
  /** What has been read so far, for a head (indexHead): lists closed, and the one the bytes end inside. */
  readonly partial: { top: Record<string, unknown>; keys: string[]; lists: Partial<Record<'messages' | 'tool_calls', Row[]>>; open: { key: string; rows: Row[] } | null } = {
    top: {},
    keys: [],
    lists: {},
    open: null,
  };
  constructor(private readonly b: Uint8Array) {}

  /** Whether the pass stopped because the bytes ended (not at something that is not JSON before the end). */
  ranOut(): boolean {
    return this.hitEnd || this.i >= this.b.length;
  }

  /** A row parsed from its bytes; a row whose text JSON.parse refuses (a bad escape the pass does not check) reads as undefined. */
  parseRow(rows: Row[] | null, n: number): unknown {
    const r = rows?.[n];
    if (!r) return undefined;
    try {
      return JSON.parse(decoder.decode(this.b.subarray(r.start, r.end)));
    } catch {
      return undefined;
    }
  }

  run(): TranscriptRows {
    const b = this.b;
    this.ws();
    if (b[this.i] !== 0x7b) throw new Bad();
    this.i++;
    const { top, keys } = this.partial;
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
          const rows: Row[] = [];
          this.partial.open = { key, rows };
          this.rows(key === 'messages' ? MESSAGE : TOOL, rows);
          this.partial.open = null;
          this.partial.lists[key] = rows;
          if (key === 'messages') messages = rows;
          else tools = rows;
          delete top[key];
        } else {
          const start = this.i;
          this.value();
          top[key] = JSON.parse(decoder.decode(b.subarray(start, this.i)));
          if (key === 'messages') messages = null;
          if (key === 'tool_calls') tools = null;
          if (key === 'messages' || key === 'tool_calls') delete this.partial.lists[key];
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
    // A row whose text JSON.parse refuses reads as undefined: its round shows it as a row that could not be read.
    const parse = (rows: Row[] | null, n: number): unknown => this.parseRow(rows, n);
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
    for (;;) {
      const q = b.indexOf(QUOTE, j);
      if (q < 0) {
        this.hitEnd = true;
        throw new Bad();
      }
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

  private rows(spec: Spec, out: Row[]): Row[] {
    const b = this.b;
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
    const n = spec.keys.length;
    // The type letter each checked field was last seen with ('' when absent): a later duplicate wins, as in JSON.parse.
    const seen: string[] = new Array<string>(n).fill('');
    let round: number | null = null;
    let who: string | null = null;
    this.ws();
    if (b[this.i] === 0x7d) this.i++;
    else {
      for (;;) {
        this.ws();
        const ks = this.i;
        this.string();
        const id = this.keyId(spec, ks, this.i);
        this.ws();
        if (b[this.i] !== 0x3a) throw new Bad();
        this.i++;
        this.ws();
        const vs = this.i;
        const type = this.value();
        if (id >= 0) {
          seen[id] = type;
          if (id === 0) round = type === 'n' ? this.wholeNumber(vs, this.i) : null;
          else if (id === 1) who = type === 's' && this.i - vs > 2 ? this.who(vs, this.i) : null;
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
    let ok = round !== null && who !== null;
    for (let k = 0; k < n && ok; k++) {
      const t = seen[k]!;
      if (t === '' ? spec.required[k] : t !== spec.types[k]) ok = false;
    }
    return { start, end: this.i, round, who, ok };
  }

  /** Which of the spec's keys the key string at [start, end) is, or -1; an escaped key is decoded first. */
  private keyId(spec: Spec, start: number, end: number): number {
    const b = this.b;
    const len = end - start - 2;
    for (let k = 0; k < spec.keys.length; k++) {
      const key = spec.keys[k]!;
      if (key.length !== len) continue;
      let same = true;
      for (let x = 0; x < len; x++) {
        if (b[start + 1 + x] !== key[x]) {
          same = false;
          break;
        }
      }
      if (same) return k;
    }
    if (b.indexOf(BACKSLASH, start) < end) {
      const text = JSON.parse(decoder.decode(b.subarray(start, end))) as string;
      return spec.keys.findIndex((key) => decoder.decode(key) === text);
    }
    return -1;
  }

  /** A number token as a whole number ≥ 0, or null (digits read as bytes; anything else through Number). */
  private wholeNumber(start: number, end: number): number | null {
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

  /** A sender's name: the same few names repeat on every row, so each distinct byte string is decoded once. */
  private readonly names = new Map<number, Array<{ bytes: Uint8Array; text: string }>>();
  private who(start: number, end: number): string {
    const b = this.b;
    let h = 0x811c9dc5;
    for (let k = start; k < end; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
    const bucket = this.names.get(h) ?? [];
    for (const e of bucket) {
      if (e.bytes.length !== end - start) continue;
      let same = true;
      for (let k = 0; k < e.bytes.length; k++) {
        if (e.bytes[k] !== b[start + k]) {
          same = false;
          break;
        }
      }
      if (same) return e.text;
    }
    const text = JSON.parse(decoder.decode(b.subarray(start, end))) as string;
    bucket.push({ bytes: b.slice(start, end), text });
    this.names.set(h, bucket);
    return text;
  }
}

/**
 * Runs the indexer over small made-up transcripts, a slice per turn of the event loop, so the first real file is
 * indexed by optimised code: cold, the same pass over 50 MB took three times as long (measured by
 * `npm run bench -- --only replay`). Started a moment after the host is up, off any request's path.
 */
export function warmIndexer(slices = 12): void {
  const text = JSON.stringify({
    // Texts with escapes and long plain ones (a real run's are mostly the second: one native search each).
    messages: Array.from({ length: 300 }, (_, i) => ({ round: i, seat: i % 2 ? 'you' : 'Morgan', text: i % 3 ? 'the lead asks for the test. '.repeat(i % 60) : 'x "y" \\ z'.repeat(i % 40), kind: 'k' })),
    tool_calls: Array.from({ length: 300 }, (_, i) => ({ round: i, name: 'edit_file', input: { path: 'a.py', content: 'line\n'.repeat(i % 60) }, result_head: `${i} passed` })),
    score: { pass: true, outcome: 'x', details: {} },
  });
  // A Buffer, as a file read is: warmed on a plain Uint8Array, the first real file's head still ran unoptimised code
  // (2 MB took 230 ms, against 4 ms once warm). The head pass (cut inside a row) is warmed too.
  const bytes = Buffer.from(text);
  const head = bytes.subarray(0, Math.floor(bytes.length * 0.6));
  let left = slices;
  const step = () => {
    indexTranscript(bytes);
    indexHead(head);
    if (--left > 0) setTimeout(step, 0).unref?.();
  };
  setTimeout(step, 1000).unref?.();
}
