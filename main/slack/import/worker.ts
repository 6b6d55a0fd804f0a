// Entry of the import worker thread: opens the workspace database itself (a connection cannot cross threads), runs
// the import and posts progress and the final report back. A 'cancel' message aborts between files.
import { parentPort, workerData } from 'node:worker_threads';
import { openWorkspaceDb } from '../openWorkspaceDb.js';
import { ExportRefused } from './exportRefused.js';
import { importSlackExport } from './importExport.js';
import type { WorkerImportOptions, WorkerMessage } from './runImportInWorker.js';

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');
const options = workerData as WorkerImportOptions;
const controller = new AbortController();
port.on('message', (m: unknown) => m === 'cancel' && controller.abort());
const post = (m: WorkerMessage) => port.postMessage(m);

const opened = openWorkspaceDb(options.dbFile);
if (!opened.ok) {
  post({ type: 'error', error: opened.error });
} else {
  const db = opened.value;
  importSlackExport(db, {
    source: options.source,
    batchSize: options.batchSize,
    maxEntryBytes: options.maxEntryBytes,
    onProgress: (progress) => post({ type: 'progress', progress }),
    signal: controller.signal,
  })
    .then((report) => post({ type: 'done', report }))
    .catch((error: unknown) =>
      post({
        type: 'error',
        error:
          error instanceof ExportRefused
            ? { code: 'bad_request', message: error.message }
            : { code: 'internal', message: `The import failed: ${(error as Error).message}` },
      }),
    )
    .finally(() => {
      db.close();
      port.close();
    });
}
