import type { RowMeta, TranscriptRows } from '../../shared/replay/transcriptRows.js';
import { BACKSLASH, Bad, JsonScanner, decoder } from './jsonScanner.js';

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

export interface Row extends RowMeta {
  start: number;
  end: number;
}

export type ListKey = 'messages' | 'tool_calls';

/**
 * The transcript-level pass over a file's bytes: the top-level fields (the small ones parsed), and in `messages` and
 * `tool_calls` each row's byte range, round, sender or tool name, and whether its fields have the format's types.
 *
 * `firstRoundOnly` is for a long file's head (headIndex.ts): in each list, rows are read until one is past the list's
 * first round, and the rest of the list is only skipped to its end (brackets and quotes), so reaching a later list
 * costs a fraction of reading every row. Such a pass's lists are prefixes; the whole pass that always follows decides.
 */
export class Indexer extends JsonScanner {
  /** What has been read so far, for a head: lists closed, and the one the bytes end inside. */
  readonly partial: { top: Record<string, unknown>; keys: string[]; lists: Partial<Record<ListKey, Row[]>>; open: { key: ListKey; rows: Row[] } | null } = {
    top: {},
    keys: [],
    lists: {},
    open: null,
  };
  /** Set when a head pass (firstRoundOnly) stopped because it had read both lists past their first round. */
  enough = false;
  constructor(
    b: Uint8Array,
    private readonly firstRoundOnly = false,
  ) {
    super(b);
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
        const ks = this.i;
        this.string();
        const key = this.text(ks, this.i);
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
        if (this.anotherMember()) continue;
        break;
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

  private rows(spec: Spec, out: Row[]): Row[] {
    const b = this.b;
    this.i++; // [
    this.ws();
    if (b[this.i] === 0x5d) {
      this.i++;
      return out;
    }
    // The list's first round, for a head pass (firstRoundOnly): the first row past it ends the rows read.
    let first: number | null = null;
    for (;;) {
      this.ws();
      const row = this.row(spec);
      out.push(row);
      if (this.firstRoundOnly && row.round !== null) {
        if (first === null) first = row.round;
        else if (row.round > first) {
          // With the other list read too, the head holds all the first round needs: the pass ends here.
          if (this.partial.lists[this.partial.open?.key === 'messages' ? 'tool_calls' : 'messages']) {
            this.enough = true;
            throw new Bad();
          }
          this.skipOpen(1);
          return out;
        }
      }
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
        if (this.anotherMember()) continue;
        break;
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
