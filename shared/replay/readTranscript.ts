import { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import type { ReplayLabel, ReplaySeat } from '../contract/replay.js';
import { isRecord, type BuiltRound, type ParsedRun } from './parsedRun.js';
import { rowsOf, type TranscriptRows } from './transcriptRows.js';
import { EDIT_TOOLS, readEdit } from './editShapes.js';
import { orderRound, type ActionTrigger } from './roundOrder.js';

/**
 * A benchmark transcript (FORMATS.md §1) read for replay, leniently: each message, tool call and label is checked on
 * its own, so one bad entry is listed (with its place in the file) and the rest still replays. Fields the reader does
 * not know are kept in the file and ignored. Only a file with neither messages nor tool calls is refused.
 */
const KNOWN_TOP = new Set([
  'evaluated_seat', 'evaluated_model', 'seats', 'system_prompts', 'messages', 'tool_calls', 'sandbox', 'ended',
  'rounds_run', 'score', 'labels', 'timing', 'partners',
]);
const seatKinds = ['evaluated', 'scripted', 'partner', 'environment'] as const;

// `partners` (issue 14) is Teamseat's too: kept in the file, not shown here.
const seatSchema = z.looseObject({ name: z.string().min(1), kind: z.enum(seatKinds), role: z.string().optional() });
const roundSchema = z.number().int().min(0);
const messageSchema = z.looseObject({ round: roundSchema, seat: z.string().min(1), text: z.string(), kind: z.string().optional(), to: z.string().optional() });
const toolSchema = z.looseObject({ round: roundSchema, name: z.string().min(1), input: z.record(z.string(), z.unknown()).optional(), result_head: z.string().optional() });
const labelSchema = z.looseObject({
  message_index: z.number().int().min(0),
  final_label: z.string(),
  source: z.string().optional(),
  raters: z.array(z.looseObject({ rater: z.string(), label: z.string().nullable() })).optional(),
  branch: z.string().optional(),
});
const scoreSchema = z.looseObject({ pass: z.boolean(), outcome: z.string(), details: z.record(z.string(), z.unknown()).optional() });

const issue = (e: z.ZodError): string => {
  const first = e.issues[0];
  return first ? `${first.path.length ? `${first.path.join('.')}: ` : ''}${first.message}` : 'does not match';
};

/** Rounds built most recently, kept so stepping back and forth does not parse them again. */
const KEEP_BUILT = 64;

/**
 * Reads a transcript's outline (seats, labels, score, the rounds and what each holds) from its rows; each round's
 * items are parsed, checked, matched and ordered only when that round is asked for.
 */
export function readTranscript(file: string, input: unknown, format: 'benchmark' | 'session' = 'benchmark'): Result<ParsedRun> {
  const rows: TranscriptRows | null = isTranscriptRows(input) ? input : isRecord(input) ? rowsOf(input) : null;
  if (!rows || (!rows.messages && !rows.tools)) {
    return fail(
      'bad_request',
      `${file} is not a benchmark transcript: expected a JSON object with a "messages" or "tool_calls" list (FORMATS.md §1)` +
        (rows ? `; its fields are ${rows.keys.slice(0, 8).join(', ') || 'none'}.` : `; it holds ${Array.isArray(input) ? 'a list' : typeof input}.`),
    );
  }
  const data = rows.top;
  const problems: string[] = [];
  const unknownTop = rows.keys.filter((k) => !KNOWN_TOP.has(k));
  if (unknownTop.length) problems.push(`Kept but not shown: field${unknownTop.length === 1 ? '' : 's'} ${unknownTop.join(', ')}.`);

  const seats: ReplaySeat[] = [];
  (Array.isArray(data.seats) ? data.seats : []).forEach((s, i) => {
    const p = seatSchema.safeParse(s);
    if (p.success) seats.push({ name: p.data.name, kind: p.data.kind, role: p.data.role ?? '' });
    else problems.push(`seats[${i}]: ${issue(p.error)}; the seat is shown as "other".`);
  });
  const declaredEvaluated = seats.find((s) => s.kind === 'evaluated')?.name;
  const evaluatedSeat = typeof data.evaluated_seat === 'string' && data.evaluated_seat ? data.evaluated_seat : (declaredEvaluated ?? 'evaluated');
  if (typeof data.evaluated_seat !== 'string') problems.push(`evaluated_seat is missing; "${evaluatedSeat}" is taken as the evaluated seat.`);
  const seatNames = new Set(seats.map((s) => s.name));
  const addSeat = (name: string, where: string) => {
    if (seatNames.has(name)) return;
    seatNames.add(name);
    seats.push({ name, kind: name === evaluatedSeat ? 'evaluated' : 'other', role: '' });
    if (name !== evaluatedSeat) problems.push(`${where}: seat "${name}" is not in seats; shown as "other".`);
  };
  addSeat(evaluatedSeat, 'evaluated_seat');

  const messageRows = rows.messages ?? [];
  const toolRows = rows.tools ?? [];
  // Labels first, so each message can carry its own.
  const labels = new Map<number, ReplayLabel>();
  const hasLabels = Array.isArray(data.labels);
  (hasLabels ? (data.labels as unknown[]) : []).forEach((l, i) => {
    const p = labelSchema.safeParse(l);
    if (!p.success) {
      problems.push(`labels[${i}]: ${issue(p.error)}; not shown.`);
      return;
    }
    const row = messageRows[p.data.message_index];
    if (!row?.ok) {
      problems.push(`labels: message_index ${p.data.message_index} names no message; its label is not shown.`);
      return;
    }
    if (row.who !== evaluatedSeat) problems.push(`labels: message ${p.data.message_index} is not the evaluated seat's; its label is shown anyway.`);
    labels.set(p.data.message_index, {
      final: p.data.final_label,
      source: p.data.source ?? 'unknown',
      raters: (p.data.raters ?? []).map((r) => ({ rater: r.rater, label: r.label })),
      branch: p.data.branch ?? null,
    });
  });

  // The rounds: which rows each holds, from the rows' rounds alone.
  const byRound = new Map<number, { messages: number[]; tools: number[]; edits: boolean }>();
  const at = (round: number) => {
    let r = byRound.get(round);
    if (!r) byRound.set(round, (r = { messages: [], tools: [], edits: false }));
    return r;
  };
  messageRows.forEach((row, index) => {
    if (!row.ok) {
      const p = messageSchema.safeParse(rows.message(index));
      problems.push(`messages[${index}] could not be placed: ${p.success ? 'does not match' : issue(p.error)}.`);
      return;
    }
    addSeat(row.who!, `messages[${index}]`);
    at(row.round!).messages.push(index);
  });
  toolRows.forEach((row, index) => {
    if (!row.ok) {
      const p = toolSchema.safeParse(rows.tool(index));
      problems.push(`tool_calls[${index}] could not be placed: ${p.success ? 'does not match' : issue(p.error)}.`);
      return;
    }
    const r = at(row.round!);
    r.tools.push(index);
    if (EDIT_TOOLS.has(row.who!)) r.edits = true;
  });
  const order = [...byRound.keys()].sort((a, b) => a - b);
  const first = order[0];
  const last = order.at(-1);
  if (first !== undefined && last !== undefined) {
    const missing: number[] = [];
    const have = new Set(order);
    for (let n = Math.max(1, first); n <= last && missing.length < 50; n++) if (!have.has(n)) missing.push(n);
    if (missing.length) problems.push(`Rounds with nothing in the file: ${missing.join(', ')}.`);
  }
  const environment = new Set(seats.filter((s) => s.kind === 'environment').map((s) => s.name));

  const built = new Map<string, BuiltRound>();
  const roundAt = (roundIndex: number, triggers: readonly ActionTrigger[] | null): BuiltRound => {
    const round = order[roundIndex];
    if (round === undefined) return { items: [], order: 'given', notes: [] };
    const key = `${roundIndex}|${triggers ? 'pack' : 'text'}`;
    const kept = built.get(key);
    if (kept) {
      built.delete(key);
      built.set(key, kept);
      return kept;
    }
    const r = byRound.get(round)!;
    const notes: string[] = [];
    const unread = (what: string, index: number) => notes.push(`${what}[${index}] could not be read (not valid JSON); not shown.`);
    const messages = r.messages.flatMap((index) => {
      const m = rows.message(index);
      if (!isRecord(m)) {
        unread('messages', index);
        return [];
      }
      return {
        type: 'message' as const,
        index,
        seat: m.seat as string,
        text: m.text as string,
        kind: typeof m.kind === 'string' ? m.kind : 'message',
        to: typeof m.to === 'string' ? m.to : null,
        label: labels.get(index) ?? null,
      };
    });
    const own = new Set(messages.filter((m) => m.seat === evaluatedSeat).map((m) => m.text));
    const tools = r.tools.flatMap((index) => {
      const c = rows.tool(index);
      if (!isRecord(c)) {
        unread('tool_calls', index);
        return [];
      }
      const name = c.name as string;
      const input = isRecord(c.input) ? c.input : {};
      let matchedMessage = false;
      if (name === 'send_message') {
        matchedMessage = typeof input.text === 'string' && own.has(input.text);
        if (!matchedMessage) notes.push(`tool_calls[${index}]: send_message has no matching message; shown as a tool call.`);
      }
      if (EDIT_TOOLS.has(name)) {
        const edit = readEdit(input);
        if ('unreadable' in edit) notes.push(`tool_calls[${index}]: ${edit.unreadable}; ${edit.path ? `${edit.path} is marked uncertain from here on` : 'the workspace does not show it'}.`);
      }
      const after = c.after_message;
      const item = { type: 'tool' as const, index, name, input, resultHead: typeof c.result_head === 'string' ? c.result_head : '', matchedMessage };
      return [{ item, afterMessage: typeof after === 'number' && Number.isInteger(after) && after >= -1 ? after : null }];
    });
    const ordered = orderRound(messages, tools, { evaluatedSeat, environment, triggers });
    const out: BuiltRound = { items: ordered.items, order: ordered.order, notes };
    built.set(key, out);
    while (built.size > KEEP_BUILT) built.delete(built.keys().next().value!);
    return out;
  };

  const roundsRun = typeof data.rounds_run === 'number' ? data.rounds_run : null;
  const scored = data.score === undefined ? null : scoreSchema.safeParse(data.score);
  if (scored && !scored.success) problems.push(`score: ${issue(scored.error)}; no verdict shown.`);
  const sandbox = isRecord(data.sandbox) ? data.sandbox : {};
  const strings = (v: unknown, where: string): Record<string, string> => {
    if (v === undefined) return {};
    if (!isRecord(v)) {
      problems.push(`${where}: expected an object of path → text; ignored.`);
      return {};
    }
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string') out[k] = x;
      else problems.push(`${where}.${k}: not text; this file's content is not shown.`);
    }
    return out;
  };

  const meta = isRecord(data.teamseat) ? data.teamseat : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const scenario = str(data.scenario) ?? str(meta.scenario);
  const evaluatedModel = str(data.evaluated_model) ?? 'unknown model';
  return ok({
    format,
    title: scenario ?? file.split(/[\\/]/).slice(-3).join('/'),
    scenario,
    dimension: str(data.dimension) ?? str(meta.dimension),
    version: str(data.version) ?? str(meta.version),
    seed: typeof data.seed === 'number' ? data.seed : null,
    evaluatedSeat,
    evaluatedModel,
    seats,
    rounds: order.map((round) => {
      const r = byRound.get(round)!;
      return { round, messages: r.messages.length, tools: r.tools.length, edits: r.edits };
    }),
    roundAt,
    roundsRun,
    ended: str(data.ended),
    verdict: scored?.success ? { pass: scored.data.pass, outcome: scored.data.outcome, details: scored.data.details ?? {} } : null,
    hasLabels,
    problems,
    sandbox: { hashesBefore: strings(sandbox.hashes_before, 'sandbox.hashes_before'), finalFiles: strings(sandbox.final_files, 'sandbox.final_files') },
  });
}

function isTranscriptRows(x: unknown): x is TranscriptRows {
  return isRecord(x) && typeof x.message === 'function' && typeof x.tool === 'function' && isRecord(x.top);
}

/** What the benchmark's path says about a run: `<dimension>/<scenario>/<model-dir>/<version>_seed<k>.json`. */
export function runFromPath(file: string): { dimension: string; scenario: string; version: string; seed: number } | null {
  const parts = file.split(/[\\/]/);
  const m = /^(alone|control|manipulation)_seed(\d+)\.json$/.exec(parts.at(-1) ?? '');
  if (!m || parts.length < 4) return null;
  return { dimension: parts.at(-4)!, scenario: parts.at(-3)!, version: m[1]!, seed: Number(m[2]) };
}
