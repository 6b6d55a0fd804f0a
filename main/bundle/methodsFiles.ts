import { METHODS_MD, METHODS_TEX, methodsFiles } from '../../shared/study/methods/methods.js';
import type { BundleManifest } from './manifest.js';

/** The bundle files the methods paragraph reads (shared/study/methods/bundleFacts.ts); the rest is never decoded. */
const READ =
  /^(runs\.json|final_results\.json|study\.json|tables\/(runs|pauses)\.csv|events\/[^/]+\.jsonl|results\/transcripts\/.+\.json)$/;

/** The bundle's files as the methods paragraph reads them: path → UTF-8 text, the manifest given as written. */
export function methodsInput(
  body: ReadonlyMap<string, Buffer>,
  manifest: BundleManifest,
): Map<string, string> {
  const text = new Map<string, string>([['manifest.json', JSON.stringify(manifest)]]);
  for (const [name, buf] of body) if (READ.test(name)) text.set(name, buf.toString('utf8'));
  return text;
}

/**
 * Adds methods.md and methods.tex, derived from the other files, to a bundle's body (replacing any it had: a merged
 * bundle's paragraph is the merged whole's, never one station's).
 */
export function withMethods(
  body: Map<string, Buffer>,
  manifest: BundleManifest,
): { markdown: string; latex: string } {
  body.delete(METHODS_MD);
  body.delete(METHODS_TEX);
  const m = methodsFiles(methodsInput(body, manifest));
  body.set(METHODS_MD, Buffer.from(m.markdown));
  body.set(METHODS_TEX, Buffer.from(m.latex));
  return m;
}
