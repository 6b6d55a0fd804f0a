import { describe, expect, it } from 'vitest';
import { indexTranscript, whereCut } from './jsonIndex.js';
import { indexHead } from './headIndex.js';
import { rowsOf } from '../../shared/replay/transcriptRows.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const strip = (rows: Array<{ round: number | null; who: string | null; ok: boolean }> | null) => rows?.map(({ round, who, ok }) => ({ round, who, ok })) ?? null;

describe('indexing a transcript without parsing it whole', () => {
  const transcript = {
    evaluated_seat: 'you',
    seats: [{ name: 'you', kind: 'evaluated', role: 'dev' }],
    messages: [
      { round: 1, seat: 'Mörgan "M"', text: 'a \\"quoted\\" \\\\ text with } and ] and {"x": 1}', kind: 'scripted' },
      { round: 1, seat: 'you', text: 'ünïcødé ✓ \n line' },
      { seat: 'you', text: 'no round' },
      { round: 2, seat: '', text: 'empty seat' },
      { round: 2.5, seat: 'you', text: 'not a whole round' },
      { round: 3, seat: 'you', text: 7 },
      'not an object',
      { round: 4, seat: 'you', text: 'x', kind: null },
    ],
    tool_calls: [
      { round: 1, name: 'edit_file', input: { path: 'a.py', content: 'x = "}"\n' }, result_head: 'ok', after_message: 0 },
      { round: 1, name: 'run_tests', input: [], result_head: '' },
      { round: 2, name: 'grep', result_head: 3 },
      { round: 1e0, name: 'read_file' },
    ],
    score: { pass: true, outcome: 'x', details: { nested: [1, { a: 'b' }] } },
    rounds_run: 4,
  };

  for (const [name, text] of [
    ['compact', JSON.stringify(transcript)],
    ['indented', JSON.stringify(transcript, null, 2)],
    ['with CRLF and tabs', JSON.stringify(transcript, null, '\t').replaceAll('\n', '\r\n')],
  ] as const) {
    it(`finds the same rows, rounds, senders and shapes as a whole parse (${name})`, () => {
      const index = indexTranscript(bytes(text))!;
      const whole = rowsOf(JSON.parse(text) as Record<string, unknown>);
      expect(index).not.toBeNull();
      expect(strip(index.messages)).toEqual(strip(whole.messages));
      expect(strip(index.tools)).toEqual(strip(whole.tools));
      expect(index.top).toEqual(whole.top);
      expect(index.keys).toEqual(whole.keys);
      for (let i = 0; i < transcript.messages.length; i++) expect(index.message(i)).toEqual(whole.message(i));
      for (let i = 0; i < transcript.tool_calls.length; i++) expect(index.tool(i)).toEqual(whole.tool(i));
    });
  }

  it('gives up (for a whole parse to name the error) on what is not one JSON object', () => {
    for (const text of ['not json {', '[1, 2]', '{"messages": [ {"round": 1', '{"a": 1} trailing', '{"a": tru}', '{"a": 01}', '"text"', '{"a": 1,}']) {
      expect(indexTranscript(bytes(text)), text).toBeNull();
    }
    expect(indexTranscript(bytes('{}'))).toMatchObject({ top: {}, messages: null, tools: null });
  });

  it('reads a row whose escape JSON refuses as not there, instead of failing the round', () => {
    const index = indexTranscript(bytes('{"messages": [{"round": 1, "seat": "you", "text": "bad \\q escape"}]}'))!;
    expect(index.messages).toHaveLength(1);
    expect(index.message(0)).toBeUndefined();
  });

  it('a head cut anywhere holds only whole rows, the same as the full pass finds, and says which list it ends in', () => {
    const text = JSON.stringify(transcript, null, 1);
    const full = indexTranscript(bytes(text))!;
    const b = bytes(text);
    for (let cut = 1; cut < b.length; cut++) {
      const head = indexHead(b.subarray(0, cut));
      if (!head) continue;
      for (const [list, whole, parse] of [
        [head.messages, full.messages!, (i: number) => [head.message(i), full.message(i)]],
        [head.tools, full.tools!, (i: number) => [head.tool(i), full.tool(i)]],
      ] as const) {
        expect(strip(list.rows)).toEqual(strip(whole.slice(0, list.rows.length)));
        // Rows are read up to the first one past the list's first round; the rest of the list is only skipped.
        const first = list.rows.find((r) => r.round !== null)?.round ?? null;
        const past = list.rows.findIndex((r) => first !== null && r.round !== null && r.round > first);
        expect(past === -1 || past === list.rows.length - 1).toBe(true);
        if (list.state === 'done' && past === -1) expect(list.rows).toHaveLength(whole.length);
        list.rows.forEach((_, i) => expect(parse(i)[0]).toEqual(parse(i)[1]));
      }
      for (const key of head.keys.filter((k) => k in head.top)) expect(head.top[key]).toEqual(full.top[key]);
      const where = whereCut(b.subarray(0, cut));
      const skipping = head.messages.rows.some((r) => r.round !== null && r.round > head.messages.rows.find((x) => x.round !== null)!.round!);
      if (head.messages.state === 'open' && !skipping) expect(where).toBe(`messages[${head.messages.rows.length}]`);
    }
    // Whole, the head pass still stops once both lists are past their first round (here in tool_calls, at round 2);
    // with nothing past round 1 it leaves the file to the full pass. Not cut short but wrong, it names no place.
    expect(indexHead(b)).toMatchObject({ messages: { state: 'done' }, tools: { state: 'open' } });
    expect(indexHead(bytes(JSON.stringify({ messages: [transcript.messages[0]], tool_calls: [] })))).toBeNull();
    expect(whereCut(bytes('{"messages": [1, 2} ]'))).toBeNull();
    expect(whereCut(bytes('{"messages": [{"round": 1, "seat": "you", "te'))).toBe('messages[0]');
  });

  it('a head reads a list only up to its first row past the first round, and skips the rest however its strings are written', () => {
    const tricky = 'a ] } \\" [ { \\\\" "tool_calls": [{"round": 0}] \\\\';
    const text = JSON.stringify({
      evaluated_seat: 'you',
      messages: [
        { round: 1, seat: 'you', text: 'one' },
        { round: 1, seat: 'Morgan', text: 'two' },
        { round: 2, seat: 'you', text: tricky },
        { round: 3, seat: 'you', text: tricky, extra: [[{ x: ']' }], { '"': '}' }] },
        ...Array.from({ length: 50 }, (_, i) => ({ round: i + 4, seat: 'you', text: `${tricky} ${i}` })),
      ],
      tool_calls: [
        { round: 1, name: 'grep', input: { pattern: '"]' } },
        { round: 2, name: 'edit_file' },
        { round: 3, name: 'run_tests' },
      ],
      score: { pass: true, outcome: 'x', details: {} },
    });
    const head = indexHead(bytes(text))!;
    expect(head.messages.state).toBe('done');
    expect(strip(head.messages.rows)).toEqual([
      { round: 1, who: 'you', ok: true },
      { round: 1, who: 'Morgan', ok: true },
      { round: 2, who: 'you', ok: true },
    ]);
    // Both lists past their first round: the pass stops in tool_calls, which the whole pass reads on.
    expect(head.tools.state).toBe('open');
    expect(strip(head.tools.rows)).toEqual([
      { round: 1, who: 'grep', ok: true },
      { round: 2, who: 'edit_file', ok: true },
    ]);
    expect(head.tool(0)).toEqual({ round: 1, name: 'grep', input: { pattern: '"]' } });
    expect(head.message(2)).toEqual({ round: 2, seat: 'you', text: tricky });
    // The full pass still reads every row.
    expect(indexTranscript(bytes(text))!.messages).toHaveLength(54);
  });
});
