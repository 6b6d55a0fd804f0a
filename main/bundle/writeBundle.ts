import crypto from 'node:crypto';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { BundleSource } from './collect.js';
import { codebook } from './codebook.js';
import { BUNDLE_FORMAT, type BundleManifest, type BundleRunRecord } from './manifest.js';
import { redactText, undecided, type Decision, type PrivacyHit } from './privacy.js';
import { teamFileOf, tidyTables } from './tidy.js';
import { zipFiles } from './zip.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { STUDY_FACTS_FILE } from '../../shared/study/methods/studyFacts.js';
import { withMethods } from './methodsFiles.js';

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2) + '\n');

/** Every file of a bundle, redactions applied, manifest first. Refuses while any hit has no decision. */
export function bundleFiles(
  src: BundleSource,
  hits: readonly PrivacyHit[],
  decisions: Readonly<Record<string, Decision>>,
  now = new Date(),
): Result<{ files: Map<string, Buffer>; manifest: BundleManifest }> {
  const open = undecided(hits, decisions);
  if (open) return fail('conflict', open);
  const body = new Map<string, Buffer>();
  body.set('README.md', Buffer.from(codebook(src.studyId)));
  const runs: BundleRunRecord[] = src.runs.map((r) => ({
    ...r,
    files: r.files.map((f) => `results/${f}`),
    station: src.stationId,
  }));
  body.set('runs.json', json(runs));
  const finalResults = src.results.get('final_results.json');
  if (finalResults) body.set('final_results.json', finalResults);
  if (src.studyFacts) body.set(STUDY_FACTS_FILE, json(src.studyFacts));
  for (const [rel, content] of src.results) body.set(`results/${rel}`, content);
  for (const s of src.sessions) {
    body.set(
      `events/${s.id}.jsonl`,
      Buffer.from(
        s.events
          .map((e) =>
            JSON.stringify({
              seq: e.seq,
              wallTime: e.wallTime,
              monoUs: e.monoUs,
              kind: e.kind,
              payload: e.payload,
            }),
          )
          .join('\n') + '\n',
      ),
    );
  }
  for (const [name, csv] of Object.entries(tidyTables(src))) body.set(name, Buffer.from(csv));

  const redact = hits.some((h) => decisions[h.id] === 'redact');
  if (redact)
    for (const [name, content] of body)
      body.set(name, Buffer.from(redactText(content.toString('utf8'), hits, decisions)));

  const times = src.sessions.flatMap((s) => s.events.map((e) => e.wallTime)).sort();
  const versions = new Map<string, { runs: string[]; participants: Set<string> }>();
  for (const r of src.runs) {
    if (!r.study_version) continue;
    const v = versions.get(r.study_version) ?? { runs: [], participants: new Set<string>() };
    v.runs.push(r.run_id);
    v.participants.add(r.participant);
    versions.set(r.study_version, v);
  }
  // Participants who started a plan but have no run yet still name the version their plan was built from.
  for (const p of src.state.participants) {
    if (!p.plan) continue;
    const v = versions.get(p.plan.studyVersion) ?? { runs: [], participants: new Set<string>() };
    v.participants.add(p.code);
    versions.set(p.plan.studyVersion, v);
  }
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    app_version: src.appVersion,
    study_id: src.studyId,
    study_key: src.studyKey,
    stations: [src.stationId],
    created_at: now.toISOString(),
    design: src.design,
    time_range: times.length ? { first: times[0]!, last: times.at(-1)! } : null,
    study_versions: [...versions]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([hash, v]) => ({ hash, runs: v.runs, participants: [...v.participants].sort() })),
    counts: {
      participants: src.state.participants.length,
      sessions: src.sessions.length,
      runs_counted: src.runs.filter((r) => r.counted).length,
      runs_excluded: src.runs.filter((r) => !r.counted).length,
      slack_trials: src.runs.filter((r) => r.seat === 'slack' && r.files.length > 0).length,
      labels: src.runs.reduce(
        (n, r) => n + ((teamFileOf(src, r) as { labels?: unknown[] } | null)?.labels?.length ?? 0),
        0,
      ),
      answers: src.state.participants.reduce(
        (n, p) => n + Object.values(p.answers).reduce((m, a) => m + Object.keys(a).length, 0),
        0,
      ),
      events: src.sessions.reduce((n, s) => n + s.events.length, 0),
    },
    privacy: {
      names_listed: src.names.length,
      hits: hits.map((h) => ({
        id: h.id,
        kind: h.kind,
        decision: decisions[h.id]!,
        occurrences: h.occurrences,
        text: decisions[h.id] === 'keep' ? h.text : null,
      })),
    },
    merged_from: [],
    files: [],
  };
  // The methods paragraph reads the bundle as written (manifest included); it is then listed like every file.
  withMethods(body, manifest);
  manifest.files = [...body].map(([p, b]) => ({ path: p, sha256: sha256(b), bytes: b.length }));
  return ok({ files: new Map([['manifest.json', json(manifest)], ...body]), manifest });
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Zips the files and writes them atomically (temp + fsync + rename): a reader never sees half a bundle. */
export async function writeBundleZip(
  files: ReadonlyMap<string, Buffer>,
  out: string,
): Promise<{ path: string; bytes: number }> {
  const zip = await zipFiles(files);
  writeFileAtomic(out, zip);
  return { path: out, bytes: zip.length };
}

export const bundlePath = (dataDir: string, src: Pick<BundleSource, 'studyId' | 'stationId'>, now: Date) =>
  path.join(dataDir, 'exports', 'bundles', src.studyId, `${src.studyId}-${src.stationId}-${stamp(now)}.zip`);
