import { benchmarkToolNames, seatKinds, type BenchmarkTranscript } from './transcriptSchema.js';

/**
 * A fast yes for `benchmarkTranscriptSchema` on JSON.parse output: true only where the zod schema accepts too (never
 * looser), so a reader may skip zod for a file it passes and run zod — for its precise message — only on the rest.
 * Scoring a leaderboard of 25,000 runs spent more time in zod than in reading the files; this is a plain walk.
 */
const KINDS: ReadonlySet<unknown> = new Set(seatKinds);
const TOOLS: ReadonlySet<unknown> = new Set(benchmarkToolNames);

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str1 = (x: unknown): boolean => typeof x === 'string' && x.length > 0;
const count = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

function stringRecord(x: unknown): boolean {
  if (!isObj(x)) return false;
  for (const k in x) if (typeof x[k] !== 'string') return false;
  return true;
}

export function isBenchmarkTranscript(x: unknown): x is BenchmarkTranscript {
  if (!isObj(x) || !str1(x.evaluated_seat) || !str1(x.evaluated_model) || !str1(x.ended) || !count(x.rounds_run)) return false;
  const seats = x.seats;
  if (!Array.isArray(seats) || seats.length === 0) return false;
  for (const s of seats) if (!isObj(s) || !str1(s.name) || !KINDS.has(s.kind) || typeof s.role !== 'string') return false;
  if (!stringRecord(x.system_prompts)) return false;
  const messages = x.messages;
  if (!Array.isArray(messages)) return false;
  for (const m of messages) if (!isObj(m) || !count(m.round) || !str1(m.seat) || typeof m.text !== 'string' || !str1(m.kind)) return false;
  const calls = x.tool_calls;
  if (!Array.isArray(calls)) return false;
  for (const c of calls) if (!isObj(c) || !count(c.round) || !TOOLS.has(c.name) || !isObj(c.input) || typeof c.result_head !== 'string') return false;
  const sandbox = x.sandbox;
  if (!isObj(sandbox) || !stringRecord(sandbox.hashes_before) || !stringRecord(sandbox.final_files)) return false;
  const score = x.score;
  return isObj(score) && typeof score.pass === 'boolean' && typeof score.outcome === 'string' && isObj(score.details);
}
