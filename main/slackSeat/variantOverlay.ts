import fs from 'node:fs';
import { fail, ok, type Result } from '../../shared/result.js';

/**
 * A CI query's workspace: the study's export with the variant's files laid over it (same relative path replaces,
 * new paths add), copied into `into` so the importer reads one ordinary export folder. The caller removes it.
 */
export function overlayVariant(exportDir: string, variantDir: string, into: string): Result<{ dir: string; remove(): void }> {
  if (!fs.statSync(exportDir).isDirectory()) {
    return fail('invalid_pack', `A workspace variant can only be laid over an unpacked export folder, and ${exportDir} is a file.`);
  }
  if (!fs.existsSync(variantDir) || !fs.statSync(variantDir).isDirectory()) {
    return fail('invalid_pack', `The variant folder ${variantDir} does not exist.`);
  }
  const remove = () => fs.rmSync(into, { recursive: true, force: true });
  remove();
  fs.cpSync(exportDir, into, { recursive: true, dereference: false, verbatimSymlinks: true });
  fs.cpSync(variantDir, into, { recursive: true, force: true, dereference: false, verbatimSymlinks: true });
  return ok({ dir: into, remove });
}
