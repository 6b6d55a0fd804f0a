import { ok, type Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import { collectBundle } from './collect.js';
import { scanBundle, type Decision, type PrivacyHit } from './privacy.js';
import { bundleFiles, bundlePath, writeBundleZip } from './writeBundle.js';
import { METHODS_MD, METHODS_TEX } from '../../shared/study/methods/methods.js';

/** The free-text scan of what this station's bundle of a study would hold. */
export function scanStation(
  s: AppServices,
  studyKey: string,
  names: readonly string[],
): Result<{ hits: PrivacyHit[]; namesListed: number; sessions: number; runs: number }> {
  const src = collectBundle(s, studyKey, names);
  if (!src.ok) return src;
  return ok({
    hits: scanBundle(src.value),
    namesListed: src.value.names.length,
    sessions: src.value.sessions.length,
    runs: src.value.runs.length,
  });
}

/**
 * Writes this station's bundle under <data>/exports/bundles/<study id>/, scanning again first: a hit that appeared
 * since the experimenter looked has no decision, so nothing is written until it has one.
 */
export async function writeStationBundle(
  s: AppServices,
  studyKey: string,
  names: readonly string[],
  decisions: Readonly<Record<string, Decision>>,
  now = new Date(),
  out?: string,
) {
  const src = collectBundle(s, studyKey, names);
  if (!src.ok) return src;
  const hits = scanBundle(src.value);
  const built = bundleFiles(src.value, hits, decisions, now);
  if (!built.ok) return built;
  const written = await writeBundleZip(
    built.value.files,
    out ?? bundlePath(s.options.dataDir, src.value, now),
  );
  const decided = built.value.manifest.privacy.hits;
  return ok({
    ...written,
    sessions: src.value.sessions.length,
    runs: src.value.runs.length,
    redacted: decided.filter((h) => h.decision === 'redact').length,
    kept: decided.filter((h) => h.decision === 'keep').length,
    // The bundle's own methods paragraph (derived from the files just written), for the screen to show and copy.
    methods: {
      markdown: built.value.files.get(METHODS_MD)?.toString('utf8') ?? '',
      latex: built.value.files.get(METHODS_TEX)?.toString('utf8') ?? '',
    },
  });
}
