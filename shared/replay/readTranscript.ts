import { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import type { ReplayItem, ReplayLabel, ReplaySeat } from '../contract/replay.js';
import { isRecord, type ParsedRun } from './parsedRun.js';

/**
 * A benchmark transcript (FORMATS.md §1) read for replay, leniently: each message, tool call and label is checked on
 * its own, so one bad entry is listed (with its place in the file) and the rest still replays. Fields the reader does
 * not know are kept in the file and ignored. Only a file with neither messages nor tool calls is refused.
 */
const KNOWN_TOP = new Set([
  'evaluated_seat', 'evaluated_model', 'seats', 'system_prompts', 'messages', 'tool_calls', 'sandbox', 'ended',
  'rounds_run', 'score', 'labels', 'timing',
]);
const seatKinds = ['evaluated', 'scripted', 'partner', 'environment'] as const;

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

const isRound = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
/** The same checks as messageSchema, by hand. */
function isMessage(m: unknown): m is z.infer<typeof messageSchema> {
  return isRecord(m) && isRound(m.round) && typeof m.seat === 'string' && m.seat !== '' && typeof m.text === 'string' && optionalString(m.kind) && optionalString(m.to);
}
/** The same checks as toolSchema, by hand. */
function isToolCall(c: unknown): c is z.infer<typeof toolSchema> {
  return isRecord(c) && isRound(c.round) && typeof c.name === 'string' && c.name !== '' && (c.input === undefined || isRecord(c.input)) && optionalString(c.result_head);
}

const issue = (e: z.ZodError): string => {
  const first = e.issues[0];
  return first ? `${first.path.length ? `${first.path.join('.')}: ` : ''}${first.message}` : 'does not match';
};

export function readTranscript(file: string, data: unknown, format: 'benchmark' | 'session' = 'benchmark'): Result<ParsedRun> {
  if (!isRecord(data) || (!Array.isArray(data.messages) && !Array.isArray(data.tool_calls))) {
    return fail(
      'bad_request',
      `${file} is not a benchmark transcript: expected a JSON object with a "messages" or "tool_calls" list (FORMATS.md §1)` +
        (isRecord(data) ? `; its fields are ${Object.keys(data).slice(0, 8).join(', ') || 'none'}.` : `; it holds ${Array.isArray(data) ? 'a list' : typeof data}.`),
    );
  }
  const problems: string[] = [];
  const unknownTop = Object.keys(data).filter((k) => !KNOWN_TOP.has(k));
  if (unknownTop.length) problems.push(`Kept but not shown: fields ${unknownTop.join(', ')}.`);

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

  // Labels first, so each message can carry its own.
  const labels = new Map<number, ReplayLabel>();
  const hasLabels = Array.isArray(data.labels);
  (hasLabels ? (data.labels as unknown[]) : []).forEach((l, i) => {
    const p = labelSchema.safeParse(l);
    if (!p.success) {
        problems.push(`labels[${i}]: ${issue(p.error)}; not shown.`);
        return;
      }
    labels.set(p.data.message_index, {
      final: p.data.final_label,
      source: p.data.source ?? 'unknown',
      raters: (p.data.raters ?? []).map((r) => ({ rater: r.rater, label: r.label })),
      branch: p.data.branch ?? null,
    });
  });

  const byRound = new Map<number, { messages: ReplayItem[]; tools: ReplayItem[] }>();
  const at = (round: number) => {
    let r = byRound.get(round);
    if (!r) byRound.set(round, (r = { messages: [], tools: [] }));
    return r;
  };
  const messageKeys = new Set<string>();
  (Array.isArray(data.messages) ? data.messages : []).forEach((m, index) => {
    // The usual entry is checked by hand (a 50 MB file has tens of thousands); zod words the error of an odd one.
    const p = isMessage(m) ? { success: true as const, data: m } : messageSchema.safeParse(m);
    if (!p.success) {
        problems.push(`messages[${index}] could not be placed: ${issue(p.error)}.`);
        return;
      }
    addSeat(p.data.seat, `messages[${index}]`);
    const label = labels.get(index) ?? null;
    if (label) labels.delete(index);
    if (label && p.data.seat !== evaluatedSeat) problems.push(`labels: message ${index} is not the evaluated seat's; its label is shown anyway.`);
    if (p.data.seat === evaluatedSeat) messageKeys.add(`${p.data.round}\0${p.data.text}`);
    at(p.data.round).messages.push({
      type: 'message',
      index,
      seat: p.data.seat,
      text: p.data.text,
      kind: p.data.kind ?? 'message',
      to: p.data.to ?? null,
      label,
    });
  });
  for (const i of labels.keys()) problems.push(`labels: message_index ${i} names no message; its label is not shown.`);

  const edits: ParsedRun['sandbox']['edits'] = [];
  (Array.isArray(data.tool_calls) ? data.tool_calls : []).forEach((c, index) => {
    const p = isToolCall(c) ? { success: true as const, data: c } : toolSchema.safeParse(c);
    if (!p.success) {
        problems.push(`tool_calls[${index}] could not be placed: ${issue(p.error)}.`);
        return;
      }
    const input = p.data.input ?? {};
    let matchedMessage = false;
    if (p.data.name === 'send_message') {
      matchedMessage = typeof input.text === 'string' && messageKeys.has(`${p.data.round}\0${input.text}`);
      if (!matchedMessage) problems.push(`tool_calls[${index}]: send_message in round ${p.data.round} has no matching message; shown as a tool call.`);
    }
    if (p.data.name === 'edit_file' && (typeof input.path !== 'string' || typeof input.content !== 'string')) {
      problems.push(`tool_calls[${index}]: edit_file without a path and content; the workspace does not show this edit.`);
    }
    at(p.data.round).tools.push({ type: 'tool', index, name: p.data.name, input, resultHead: p.data.result_head ?? '', matchedMessage });
  });

  const order = [...byRound.keys()].sort((a, b) => a - b);
  const rounds = order.map((round) => {
    const r = byRound.get(round)!;
    // The evaluated seat's tool calls come right before its first message of the round (or end the round).
    const firstOwn = r.messages.findIndex((m) => m.type === 'message' && m.seat === evaluatedSeat);
    const items = firstOwn < 0 ? [...r.messages, ...r.tools] : [...r.messages.slice(0, firstOwn), ...r.tools, ...r.messages.slice(firstOwn)];
    return { round, items };
  });
  rounds.forEach((r, roundIndex) => {
    for (const it of r.items) {
      if (it.type === 'tool' && it.name === 'edit_file' && typeof it.input.path === 'string' && typeof it.input.content === 'string') {
        edits.push({ roundIndex, path: it.input.path, content: it.input.content });
      }
    }
  });
  const first = order[0];
  const last = order.at(-1);
  if (first !== undefined && last !== undefined) {
    const missing: number[] = [];
    const have = new Set(order);
    for (let n = Math.max(1, first); n <= last && missing.length < 50; n++) if (!have.has(n)) missing.push(n);
    if (missing.length) problems.push(`Rounds with nothing in the file: ${missing.join(', ')}.`);
  }
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
    rounds,
    roundsRun,
    ended: str(data.ended),
    verdict: scored?.success ? { pass: scored.data.pass, outcome: scored.data.outcome, details: scored.data.details ?? {} } : null,
    hasLabels,
    problems,
    sandbox: { hashesBefore: strings(sandbox.hashes_before, 'sandbox.hashes_before'), finalFiles: strings(sandbox.final_files, 'sandbox.final_files'), edits },
  });
}

/** What the benchmark's path says about a run: `<dimension>/<scenario>/<model-dir>/<version>_seed<k>.json`. */
export function runFromPath(file: string): { dimension: string; scenario: string; version: string; seed: number } | null {
  const parts = file.split(/[\\/]/);
  const m = /^(alone|control|manipulation)_seed(\d+)\.json$/.exec(parts.at(-1) ?? '');
  if (!m || parts.length < 4) return null;
  return { dimension: parts.at(-4)!, scenario: parts.at(-3)!, version: m[1]!, seed: Number(m[2]) };
}
