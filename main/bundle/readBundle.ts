import type { ZodError } from 'zod';
import { readZip } from './readZip.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { describeIssue } from '../../shared/comparison/finalResultsSchema.js';
import {
  bundleManifestSchema,
  bundleRunsSchema,
  type BundleManifest,
  type BundleRunRecord,
} from './manifest.js';
import crypto from 'node:crypto';

export { readZip } from './readZip.js';

export interface ReadBundle {
  file: string;
  manifest: BundleManifest;
  runs: BundleRunRecord[];
  files: Map<string, Buffer>;
}

function parseJson<T>(
  file: string,
  name: string,
  buf: Buffer | undefined,
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError };
  },
): Result<T> {
  if (!buf) return fail('bad_request', `${file}: has no ${name}; not a Teamseat study bundle.`);
  let json: unknown;
  try {
    json = JSON.parse(buf.toString('utf8'));
  } catch (error) {
    return fail('bad_request', `${file}: ${name} is not JSON (${(error as Error).message}).`);
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? ok(parsed.data)
    : fail('bad_request', describeIssue(`${file}: ${name}`, parsed.error));
}

/**
 * A study bundle, checked: its manifest and runs.json against their schemas, every file against the manifest's
 * hash, and every run's study version listed in the manifest (a missing version is named, never guessed).
 */
export async function readBundle(file: string): Promise<Result<ReadBundle>> {
  const zip = await readZip(file);
  if (!zip.ok) return zip;
  const files = zip.value;
  const manifest = parseJson(file, 'manifest.json', files.get('manifest.json'), bundleManifestSchema);
  if (!manifest.ok) return manifest;
  const runs = parseJson(file, 'runs.json', files.get('runs.json'), bundleRunsSchema);
  if (!runs.ok) return runs;
  for (const [i, f] of manifest.value.files.entries()) {
    const buf = files.get(f.path);
    if (!buf)
      return fail(
        'bad_request',
        `${file}: manifest.json files[${i}] names ${f.path}, which the zip does not hold.`,
      );
    if (crypto.createHash('sha256').update(buf).digest('hex') !== f.sha256)
      return fail(
        'bad_request',
        `${file}: ${f.path} does not match its sha256 in manifest.json files[${i}] (changed after it was written).`,
      );
  }
  const listed = new Set(manifest.value.study_versions.map((v) => v.hash));
  const missing = runs.value.flatMap((r, i) =>
    r.study_version && !listed.has(r.study_version)
      ? [`runs.json[${i}].study_version ${r.study_version} (run ${r.run_id})`]
      : [],
  );
  if (missing.length)
    return fail(
      'bad_request',
      `${file}: study versions missing from manifest.json study_versions: ${missing.join('; ')}.`,
    );
  return ok({ file, manifest: manifest.value, runs: runs.value, files });
}
