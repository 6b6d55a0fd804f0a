/**
 * The worker thread's code, run with `new Worker(WORKER_SOURCE, { eval: true })` (a CommonJS
 * script). A string rather than a file so a bundled main process needs nothing copied beside it.
 *
 * Pyodide's heap is WebAssembly memory, which the Worker's `resourceLimits` (V8 heap only) do not
 * see. So the script wraps `WebAssembly.Memory.prototype.grow` before Pyodide loads: growth past the
 * cap is refused and reported at once, and the main thread terminates the worker rather than trust
 * an interpreter that has just been told it has no memory left.
 *
 * workerData: { indexURL, wasmCapBytes, harness }
 * in:  { type: 'run', runId, request }
 * out: ready | load_failed{message} | event{runId, event} | done{runId, output} | failed{runId, message}
 *      | out_of_memory{bytes}
 */
export const WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const { indexURL, wasmCapBytes, harness } = workerData;

const grow = WebAssembly.Memory.prototype.grow;
let reported = false;
WebAssembly.Memory.prototype.grow = function (pages) {
  const wanted = this.buffer.byteLength + pages * 65536;
  if (wanted > wasmCapBytes) {
    if (!reported) {
      reported = true;
      parentPort.postMessage({ type: 'out_of_memory', bytes: wanted });
    }
    throw new RangeError('memory cap reached');
  }
  return grow.call(this, pages);
};

const describe = (error) => String((error && error.message) || error);

(async () => {
  const { loadPyodide } = require(path.join(indexURL, 'pyodide.js'));
  const pyodide = await loadPyodide({
    indexURL,
    // Tests see an empty object as the 'js' module instead of the worker's globals.
    jsglobals: {},
    env: { HOME: '/home/pyodide' },
    stdin: () => null,
    stdout: () => {},
    stderr: () => {},
  });
  const namespace = pyodide.globals.get('dict')();
  pyodide.runPython(harness, { globals: namespace });
  const runSuite = namespace.get('run_suite');
  parentPort.on('message', (message) => {
    if (!message || message.type !== 'run') return;
    const runId = message.runId;
    const emit = (json) => parentPort.postMessage({ type: 'event', runId, event: JSON.parse(json) });
    try {
      const answer = JSON.parse(runSuite(JSON.stringify(message.request), emit));
      parentPort.postMessage({ type: 'done', runId, output: answer.output });
    } catch (error) {
      parentPort.postMessage({ type: 'failed', runId, message: describe(error) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => parentPort.postMessage({ type: 'load_failed', message: describe(error) }));
`;
