import fs from 'node:fs';
import { fail, ok, type Result } from '../../shared/result.js';

/**
 * A CI query's workspace: the study's export with the variant's files laid over it (same relative path replaces,
 * new paths add), copied into `into` so the importer reads one ordinary export folder. The caller removes it.
 * Copying and removing are asynchronous: done synchronously they held the host for seconds the first time a Slack
 * study was opened, and every participant's request waited behind them.
 */
export async function overlayVariant(
  exportDir: string,
  variantDir: string,
  into: string,
  signal?: AbortSignal,
): Promise<Result<{ dir: string; remove(): Promise<void> }>> {
  if (!fs.statSync(exportDir).isDirectory()) {
    return fail('invalid_pack', `A workspace variant can only be laid over an unpacked export folder, and ${exportDir} is a file.`);
  }
  if (!fs.existsSync(variantDir) || !fs.statSync(variantDir).isDirectory()) {
    return fail('invalid_pack', `The variant folder ${variantDir} does not exist.`);
  }
  const remove = () => fs.promises.rm(into, { recursive: true, force: true });
  await remove();
  // A cancelled import (the app closing) stops copying at the next file; the importer then sees the abort itself.
  const filter = () => !signal?.aborted;
  await fs.promises.cp(exportDir, into, { recursive: true, dereference: false, verbatimSymlinks: true, filter });
  await fs.promises.cp(variantDir, into, { recursive: true, force: true, dereference: false, verbatimSymlinks: true, filter });
  return ok({ dir: into, remove });
}
