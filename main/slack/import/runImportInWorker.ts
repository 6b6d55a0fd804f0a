import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fail, ok, type AppError, type Result } from '../../../shared/result.js';
import type { ImportProgress, ImportReport } from '../../../shared/slack/importReport.js';

export interface WorkerImportOptions {
  /** The workspace database file (created if missing). */
  dbFile: string;
  /** A .zip export or an unpacked export folder. */
  source: string;
  batchSize?: number;
  maxEntryBytes?: number;
}

export type WorkerMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; report: ImportReport }
  | { type: 'error'; error: AppError };

// The build bundles the worker as slack-import-worker.mjs beside the bundle that holds this code
// (main/cli/workers.json). From sources (tests, tsx) the worker is worker.ts: a small bootstrap registers tsx's
// loader inside the worker thread first, since Node 20 does not pass --import on to workers.
function createWorker(options: WorkerImportOptions): Worker {
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) {
    return new Worker(new URL('./slack-import-worker.mjs', import.meta.url), { workerData: options });
  }
  // tsx/esm/api's ESM build (require.resolve would pick its CJS twin, which cannot register ESM hooks here).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

/** Runs an import off the main thread so the UI stays responsive. Aborting the signal stops it between files. */
export function runImportInWorker(
  options: WorkerImportOptions,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<Result<ImportReport>> {
  const worker = createWorker(options);
  const cancel = () => worker.postMessage('cancel');
  signal?.addEventListener('abort', cancel, { once: true });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (r: Result<ImportReport>) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      resolve(r);
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress(m.progress);
      else if (m.type === 'done') settle(ok(m.report));
      else settle({ ok: false, error: m.error });
    });
    worker.on('error', (e) => settle(fail('internal', `The import worker stopped: ${e.message}`)));
    worker.on('exit', (code) => settle(fail('internal', `The import worker exited (code ${code}) before finishing.`)));
    if (signal?.aborted) cancel();
  });
}
