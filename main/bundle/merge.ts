import crypto from 'node:crypto';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import {
  buildFinalResults,
  type FinalResults,
  type ScoredRun,
} from '../../shared/team/export/finalResults.js';
import type { Version } from '../../shared/team/export/transcriptSchema.js';
import { readRunText, WarningTally } from '../../shared/team/export/runRecord.js';
import { parsePythonJson } from '../../shared/team/export/pythonJson.js';
import { notJson } from '../../shared/jsonPlace.js';
import { describeIssue } from '../../shared/comparison/finalResultsSchema.js';
import { BUNDLE_FORMAT, type BundleManifest, type BundleRunRecord } from './manifest.js';
import { readBundle, type ReadBundle } from './readBundle.js';
import { writeBundleZip } from './writeBundle.js';
import { withMethods } from './methodsFiles.js';
import { METHODS_MD, METHODS_TEX } from '../../shared/study/methods/methods.js';
import {
  mergeStudyFacts,
  STUDY_FACTS_FILE,
  studyFactsSchema,
  type StudyFacts,
} from '../../shared/study/methods/studyFacts.js';

export interface MergeReport {
  out: string;
  bytes: number;
  bundles: number;
  sessions: number;
  duplicateSessions: number;
  runs: number;
  studyVersions: string[];
  stations: string[];
  final: FinalResults | null;
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2) + '\n');
const COUNTED_RUN =
  /^results\/transcripts\/([^/]+)\/([^/]+)\/([^/]+)\/(alone|control|manipulation)_seed(\d+)\.json$/;

/**
 * Counted team transcripts in the merged files, scored by the benchmark's rule from their recorded score. As in
 * `npm run score`: strict only on what scoring reads (main/scoring/readResults.ts); a run that fails there is skipped
 * and named under `problems`, the rest of the schema gives grouped `warnings`.
 */
export function rescore(
  files: ReadonlyMap<string, Buffer>,
  design: 'within' | 'between',
): FinalResults | null {
  const runs: ScoredRun[] = [];
  const problems: string[] = [];
  const tally = new WarningTally();
  for (const [name, buf] of files) {
    const m = COUNTED_RUN.exec(name);
    if (!m) continue;
    const record = readRunText(buf.toString('utf8'));
    if (!record.ok) {
      problems.push(`${name}: ${record.error.message}; skipped.`);
      continue;
    }
    tally.add(name, record.value.warnings);
    runs.push({
      model: record.value.model,
      dimension: m[1]!,
      scenario: m[2]!,
      version: m[4] as Version,
      seed: Number(m[5]),
      score: record.value.score,
      file: name,
    });
  }
  return runs.length || problems.length
    ? buildFinalResults(runs, { design, problems, skipped: problems.length, warnings: tally.lines() })
    : null;
}

/** Why a counted transcript's text cannot be read (Python's NaN tokens are read), or null. */
function unreadable(text: string): string | null {
  try {
    parsePythonJson(text);
    return null;
  } catch {
    return notJson(text);
  }
}

/** Data lines of a CSV table (its header left out). */
const rowsOf = (b: Buffer | undefined) =>
  b ? Math.max(0, b.toString('utf8').split('\r\n').filter(Boolean).length - 1) : 0;

/** Lines of two tables with one header, each line once (a session in both bundles gives the same lines). */
function mergeCsv(parts: Buffer[]): Buffer {
  const [first, ...rest] = parts.map((p) =>
    p
      .toString('utf8')
      .split('\r\n')
      .filter((l) => l !== ''),
  );
  const seen = new Set<string>(first ?? []);
  const lines = [...(first ?? [])];
  for (const p of rest) {
    for (const l of p.slice(1)) {
      if (seen.has(l)) continue;
      seen.add(l);
      lines.push(l);
    }
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/**
 * Merges station bundles of one study into one: refuses another study id, a study version the first bundle does not
 * have (unless allowed: then each run keeps its own and all are listed), two different logs under one session id,
 * and two counted attempts of one plan cell. Inputs are only read; the output is written atomically.
 */
export async function mergeBundles(
  inputs: readonly string[],
  out: string,
  options: { allowVersions?: boolean; now?: Date } = {},
): Promise<Result<MergeReport>> {
  if (inputs.length < 2) return fail('bad_request', 'Give at least two bundles to merge.');
  if (inputs.some((i) => path.resolve(i) === path.resolve(out)))
    return fail(
      'bad_request',
      `${out}: the output may not be one of the inputs (nothing recorded may change).`,
    );
  const bundles: ReadBundle[] = [];
  for (const file of inputs) {
    const read = await readBundle(file);
    if (!read.ok) return read;
    bundles.push(read.value);
  }
  const first = bundles[0]!;
  const firstVersions = new Set(first.manifest.study_versions.map((v) => v.hash));
  for (const b of bundles.slice(1)) {
    if (b.manifest.study_id !== first.manifest.study_id) {
      return fail(
        'conflict',
        `${b.file}: manifest.json study_id is "${b.manifest.study_id}", not "${first.manifest.study_id}" (${first.file}); bundles of different studies are never merged.`,
      );
    }
    if (b.manifest.design !== first.manifest.design)
      return fail(
        'conflict',
        `${b.file}: manifest.json design is ${b.manifest.design}, not ${first.manifest.design} (${first.file}).`,
      );
    const other = b.manifest.study_versions.findIndex((v) => !firstVersions.has(v.hash));
    if (other >= 0 && !options.allowVersions) {
      return fail(
        'conflict',
        `${b.file}: manifest.json study_versions[${other}].hash ${b.manifest.study_versions[other]!.hash} is a study version ${first.file} does not have (it has ${[...firstVersions].join(', ') || 'none'}); merge with --allow-versions to keep each run's own version.`,
      );
    }
  }

  // Runs: one record per run id; two counted runs of one participant's plan cell are refused, naming both. Checked
  // before the files, whose clash (both attempts' transcripts share the cell's path) would name only one of them.
  const runs = new Map<string, BundleRunRecord & { bundle: string }>();
  const counted = new Map<string, BundleRunRecord & { bundle: string }>();
  for (const b of bundles) {
    for (const r of b.runs) {
      if (runs.has(r.run_id)) continue;
      runs.set(r.run_id, { ...r, bundle: b.file });
      if (!r.counted || r.cell === null) continue;
      const key = `${r.participant_id ?? r.participant}\u0000${r.cell}`;
      const other = counted.get(key);
      if (other) {
        return fail(
          'conflict',
          `Two counted attempts for participant ${r.participant} and plan cell ${r.cell}: run ${other.run_id} (attempt ${other.attempt}, ${other.bundle}) and run ${r.run_id} (attempt ${r.attempt}, ${b.file}). Choose the attempt that counts on the station that recorded them, then export again.`,
        );
      }
      counted.set(key, { ...r, bundle: b.file });
    }
  }

  // study.json: every station's entry is kept (equal ones once), so a pack that differed between stations is said.
  const facts: StudyFacts[] = [];
  for (const b of bundles) {
    const buf = b.files.get(STUDY_FACTS_FILE);
    if (!buf) continue;
    let parsed;
    try {
      parsed = studyFactsSchema.safeParse(JSON.parse(buf.toString('utf8')));
    } catch (error) {
      return fail('bad_request', `${b.file}: ${STUDY_FACTS_FILE} is not JSON (${(error as Error).message}); not merged.`);
    }
    if (!parsed.success) return fail('bad_request', describeIssue(`${b.file}: ${STUDY_FACTS_FILE}`, parsed.error));
    facts.push(parsed.data);
  }

  const files = new Map<string, Buffer>();
  const from = new Map<string, string>();
  const tables = new Map<string, Buffer[]>();
  let duplicateSessions = 0;
  for (const b of bundles) {
    for (const [name, buf] of b.files) {
      // A counted transcript is re-scored below: one that is not JSON is refused here, where its bundle is known.
      const why = COUNTED_RUN.test(name) ? unreadable(buf.toString('utf8')) : null;
      if (why)
        return fail(
          'bad_request',
          `${b.file}: ${name} is not JSON (${why}); a transcript is one JSON object in the benchmark's transcript schema. Not merged.`,
        );
      if (
        name === 'manifest.json' ||
        name === 'runs.json' ||
        name === 'final_results.json' ||
        name === 'results/final_results.json' ||
        name === STUDY_FACTS_FILE ||
        // Re-derived below from the merged whole.
        name === METHODS_MD ||
        name === METHODS_TEX
      )
        continue;
      if (name.startsWith('tables/')) {
        tables.set(name, [...(tables.get(name) ?? []), buf]);
        continue;
      }
      const had = files.get(name);
      if (!had) {
        files.set(name, buf);
        from.set(name, b.file);
        continue;
      }
      if (had.equals(buf)) {
        if (name.startsWith('events/')) duplicateSessions++;
        continue;
      }
      // One session recorded further on one station's copy: the longer log holds the shorter one whole.
      if (name.startsWith('events/')) {
        const [short, long] = had.length < buf.length ? [had, buf] : [buf, had];
        if (long.subarray(0, short.length).equals(short)) {
          files.set(name, long);
          if (long === buf) from.set(name, b.file);
          duplicateSessions++;
          continue;
        }
        return fail(
          'conflict',
          `${b.file}: ${name} and the same session in ${from.get(name)} hold different events; one session id, two logs — not merged.`,
        );
      }
      if (name === 'README.md') continue;
      return fail(
        'conflict',
        `${b.file}: ${name} differs from the file of the same name in ${from.get(name)}; not merged.`,
      );
    }
  }

  const final = rescore(files, first.manifest.design);
  const body = new Map<string, Buffer>();
  body.set('README.md', first.files.get('README.md') ?? Buffer.from(''));
  const runList = [...runs.values()].map(({ bundle: _bundle, ...r }) => r);
  body.set('runs.json', json(runList));
  if (final) {
    body.set('final_results.json', json(final));
    body.set('results/final_results.json', json(final));
  }
  for (const [name, buf] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    if (name !== 'README.md') body.set(name, buf);
  for (const [name, parts] of tables) body.set(name, mergeCsv(parts));
  if (facts.length) body.set(STUDY_FACTS_FILE, json(mergeStudyFacts(facts)));

  const versions = new Map<string, { runs: Set<string>; participants: Set<string> }>();
  for (const b of bundles) {
    for (const v of b.manifest.study_versions) {
      const e = versions.get(v.hash) ?? { runs: new Set<string>(), participants: new Set<string>() };
      v.runs.forEach((r) => e.runs.add(r));
      v.participants.forEach((p) => e.participants.add(p));
      versions.set(v.hash, e);
    }
  }
  const ranges = bundles
    .map((b) => b.manifest.time_range)
    .filter((t): t is NonNullable<typeof t> => t !== null);
  const stations = [...new Set(bundles.flatMap((b) => b.manifest.stations))].sort();
  const sessions = [...body.keys()].filter((n) => n.startsWith('events/')).length;
  const hits = new Map(bundles.flatMap((b) => b.manifest.privacy.hits.map((h) => [h.id, h] as const)));
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    app_version: first.manifest.app_version,
    study_id: first.manifest.study_id,
    study_key: first.manifest.study_key,
    stations,
    created_at: (options.now ?? new Date()).toISOString(),
    design: first.manifest.design,
    time_range: ranges.length
      ? {
          first: ranges.map((r) => r.first).sort()[0]!,
          last: ranges
            .map((r) => r.last)
            .sort()
            .at(-1)!,
        }
      : null,
    study_versions: [...versions]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([hash, v]) => ({ hash, runs: [...v.runs], participants: [...v.participants].sort() })),
    counts: {
      participants: new Set([
        ...runList.map((r) => r.participant),
        ...[...versions.values()].flatMap((v) => [...v.participants]),
      ]).size,
      sessions,
      runs_counted: runList.filter((r) => r.counted).length,
      runs_excluded: runList.filter((r) => !r.counted).length,
      slack_trials: runList.filter((r) => r.seat === 'slack' && r.files.length > 0).length,
      labels: rowsOf(body.get('tables/messages.csv')),
      answers: rowsOf(body.get('tables/answers.csv')),
      events: [...body]
        .filter(([n]) => n.startsWith('events/'))
        .reduce((n, [, b]) => n + b.toString('utf8').split('\n').filter(Boolean).length, 0),
    },
    privacy: {
      names_listed: Math.max(...bundles.map((b) => b.manifest.privacy.names_listed)),
      hits: [...hits.values()],
    },
    merged_from: bundles.map((b) => ({
      file: path.basename(b.file),
      stations: b.manifest.stations,
      study_versions: b.manifest.study_versions.map((v) => v.hash),
    })),
    files: [],
  };
  withMethods(body, manifest);
  manifest.files = [...body].map(([p, b]) => ({ path: p, sha256: sha256(b), bytes: b.length }));
  const written = await writeBundleZip(new Map([['manifest.json', json(manifest)], ...body]), out);
  return ok({
    out,
    bytes: written.bytes,
    bundles: bundles.length,
    sessions,
    duplicateSessions,
    runs: runList.length,
    studyVersions: [...versions.keys()].sort(),
    stations,
    final,
  });
}
