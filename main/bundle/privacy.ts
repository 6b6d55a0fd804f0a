import crypto from 'node:crypto';
import type { BundleSource } from './collect.js';
import { teamFileOf } from './tidy.js';
import { foldRun, RUN_STARTED } from '../slackSeat/runLog.js';
import { absolutePathsIn } from './hostPaths.js';

/**
 * The free-text scan a bundle must pass: e-mail addresses, phone numbers and the study's names, in what people
 * wrote (their messages in team runs, Slack answers and searches, text answers, notes); and any absolute path of
 * the host left anywhere in the event logs or result files (collect.ts makes the data folder's own paths relative;
 * what is left names another folder, e.g. one a person typed or a Slack export's source). Each distinct hit is
 * decided once, redact or keep; a redaction replaces that text everywhere in the bundle (tables, transcripts,
 * event logs), so nothing carries it.
 */
export type HitKind = 'email' | 'phone' | 'name' | 'path' | 'platform_id';
export interface PrivacyHit {
  id: string;
  kind: HitKind;
  text: string;
  occurrences: number;
  /** Where it was seen, e.g. `run 3f… message 4`, `answers P01 step 9 q_feedback` (the first ten). */
  places: string[];
}
export type Decision = 'redact' | 'keep';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// A run of digits with optional +, brackets, spaces, dots or dashes between groups; 9–15 digits, not a date.
const PHONE = /(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,5}(?:[ .-]\d{2,5}){1,5}|\+?\d{9,15}/g;
const isDate = (s: string) =>
  /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$/.test(s) || /^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/.test(s);

export const hitId = (kind: HitKind, text: string) =>
  `${kind}:${crypto.createHash('sha256').update(text.toLowerCase()).digest('hex').slice(0, 12)}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameRe = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'giu');

export function findInText(text: string, names: readonly string[]): Array<{ kind: HitKind; text: string }> {
  const out: Array<{ kind: HitKind; text: string }> = [];
  for (const m of text.matchAll(EMAIL)) out.push({ kind: 'email', text: m[0] });
  const withoutEmails = text.replace(EMAIL, ' ');
  for (const m of withoutEmails.matchAll(PHONE)) {
    const s = m[0].trim();
    const digits = s.replace(/\D/g, '').length;
    if (digits >= 9 && digits <= 15 && !isDate(s)) out.push({ kind: 'phone', text: s });
  }
  for (const n of names) for (const m of text.matchAll(nameRe(n))) out.push({ kind: 'name', text: m[0] });
  return out;
}

/** The free text people wrote, with a place for each piece. */
export function freeTexts(src: BundleSource): Array<{ place: string; text: string }> {
  const out: Array<{ place: string; text: string }> = [];
  const events = new Map(src.sessions.map((s) => [s.id, s.events]));
  for (const run of src.runs) {
    const short = run.run_id.slice(0, 8);
    if (run.seat === 'team') {
      const t = teamFileOf(src, run) as {
        evaluated_seat?: string;
        messages?: Array<{ seat: string; text: string }>;
      } | null;
      t?.messages?.forEach(
        (m, i) =>
          m.seat === t.evaluated_seat && out.push({ place: `run ${short} message ${i}`, text: m.text }),
      );
    } else {
      const stored = events.get(run.run_id) ?? [];
      const state = stored[0]?.kind === RUN_STARTED ? foldRun(stored) : null;
      if (state?.answer) out.push({ place: `run ${short} answer`, text: state.answer.answer });
      state?.actions.forEach((a, i) =>
        out.push({ place: `run ${short} action ${i}`, text: JSON.stringify(a.arguments) }),
      );
    }
  }
  for (const s of src.sessions) {
    for (const e of s.events) {
      const p = e.payload as { type?: string; reason?: unknown; text?: unknown } | null;
      if ((e.kind === 'note' || p?.type === 'note') && typeof p?.reason === 'string')
        out.push({ place: `session ${s.id.slice(0, 8)} note ${e.seq}`, text: p.reason });
    }
  }
  for (const p of src.state.participants) {
    for (const [step, answers] of Object.entries(p.answers)) {
      for (const [q, a] of Object.entries(answers))
        if (typeof a === 'string') out.push({ place: `answers ${p.code} step ${step} ${q}`, text: a });
    }
    if (p.withdrawn?.reason) out.push({ place: `withdrawal ${p.code}`, text: p.withdrawn.reason });
  }
  return out;
}

/** Every text a bundle carries that may hold a host path: each event's payload, each text file of the results. */
function pathTexts(src: BundleSource): Array<{ place: string; text: string }> {
  const out: Array<{ place: string; text: string }> = [];
  for (const s of src.sessions)
    for (const e of s.events) out.push({ place: `session ${s.id.slice(0, 8)} event ${e.seq}`, text: JSON.stringify(e.payload) });
  for (const [rel, content] of src.results)
    if (/\.(json|jsonl|csv|txt|md|log|yaml|yml)$/i.test(rel)) out.push({ place: `results ${rel}`, text: content.toString('utf8') });
  return out;
}

export function scanBundle(src: BundleSource): PrivacyHit[] {
  const hits = new Map<string, PrivacyHit>();
  const found = [
    ...freeTexts(src).map(({ place, text }) => ({ place, finds: findInText(text, src.names) })),
    ...pathTexts(src).map(({ place, text }) => ({ place, finds: absolutePathsIn(text).map((p) => ({ kind: 'path' as const, text: p })) })),
    // An enrolled participant's platform id anywhere: in what they typed (free text is in the logs and results too).
    ...(src.platformIds.length === 0
      ? []
      : pathTexts(src).map(({ place, text }) => ({
          place,
          finds: src.platformIds.filter((id) => text.includes(id)).map((id) => ({ kind: 'platform_id' as const, text: id })),
        }))),
  ];
  for (const { place, finds } of found) {
    for (const f of finds) {
      const id = hitId(f.kind, f.text);
      const hit = hits.get(id) ?? { id, kind: f.kind, text: f.text, occurrences: 0, places: [] };
      hit.occurrences++;
      if (hit.places.length < 10 && !hit.places.includes(place)) hit.places.push(place);
      hits.set(id, hit);
    }
  }
  return [...hits.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.text.localeCompare(b.text));
}

/** Every hit without a decision, as one message; null when each has one. */
export function undecided(
  hits: readonly PrivacyHit[],
  decisions: Readonly<Record<string, Decision>>,
): string | null {
  const open = hits.filter((h) => decisions[h.id] !== 'redact' && decisions[h.id] !== 'keep');
  if (open.length === 0) return null;
  return `No bundle written: ${open.length} free-text hit(s) need a decision (redact or keep): ${open
    .slice(0, 10)
    .map((h) => `${h.kind} "${h.text}" at ${h.places[0]}`)
    .join('; ')}${open.length > 10 ? '; …' : ''}.`;
}

/** Replaces each redacted text (as written, and as it appears inside JSON strings) in a file's text. */
export function redactText(
  text: string,
  hits: readonly PrivacyHit[],
  decisions: Readonly<Record<string, Decision>>,
): string {
  let out = text;
  for (const h of hits) {
    if (decisions[h.id] !== 'redact') continue;
    const mark = `[redacted ${h.kind}]`;
    const forms = new Set([h.text, JSON.stringify(h.text).slice(1, -1)]);
    for (const f of forms)
      out = out.replace(h.kind === 'name' ? nameRe(f) : new RegExp(escapeRe(f), 'gi'), mark);
  }
  return out;
}
