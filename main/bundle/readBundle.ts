import fs from 'node:fs';
import type { ZodError } from 'zod';
import yauzl from 'yauzl';
import { fail, ok, type Result } from '../../shared/result.js';
import { describeIssue } from '../../shared/comparison/finalResultsSchema.js';
import {
  bundleManifestSchema,
  bundleRunsSchema,
  type BundleManifest,
  type BundleRunRecord,
} from './manifest.js';
import crypto from 'node:crypto';

export interface ReadBundle {
  file: string;
  manifest: BundleManifest;
  runs: BundleRunRecord[];
  files: Map<string, Buffer>;
}

/** Every entry of a zip file, or an error naming the file and what is wrong (a truncated copy above all). */
export function readZip(file: string): Promise<Result<Map<string, Buffer>>> {
  return new Promise((resolve) => {
    let buffer: Buffer;
    try {
      buffer = fs.readFileSync(file);
    } catch (error) {
      resolve(
        fail(
          'not_found',
          `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
        ),
      );
      return;
    }
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) {
          resolve(
            fail(
              'bad_request',
              `${file}: not a complete zip file (${error?.message ?? 'unreadable'}); a copy cut short in transfer? Copy it again.`,
            ),
          );
          return;
        }
        const files = new Map<string, Buffer>();
        const bad = (what: string) => {
          zip.close();
          resolve(fail('bad_request', `${file}: ${what}`));
        };
        zip.on('error', (e: Error) => bad(`not a complete zip file (${e.message}).`));
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          zip.openReadStream(entry, (e, stream) => {
            if (e || !stream)
              return bad(`entry ${entry.fileName} cannot be read (${e?.message ?? 'no stream'}).`);
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('error', (err: Error) => bad(`entry ${entry.fileName} is damaged (${err.message}).`));
            stream.on('end', () => {
              files.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.on('end', () => resolve(ok(files)));
        zip.readEntry();
      },
    );
  });
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
