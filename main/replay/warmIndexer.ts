import { indexHead } from './headIndex.js';
import { indexTranscript } from './jsonIndex.js';

/**
 * Runs the indexer over small made-up transcripts, a slice per turn of the event loop, so the first real file is
 * indexed by optimised code: cold, the same pass over 50 MB took three times as long (measured by
 * `npm run bench -- --only replay`). Started a moment after the host is up, off any request's path.
 */
export function warmIndexer(slices = 12): void {
  const text = JSON.stringify({
    // Texts with escapes and long plain ones (a real run's are mostly the second: one native search each).
    messages: Array.from({ length: 300 }, (_, i) => ({ round: i, seat: i % 2 ? 'you' : 'Morgan', text: i % 3 ? 'the lead asks for the test. '.repeat(i % 60) : 'x "y" \\ z'.repeat(i % 40), kind: 'k' })),
    tool_calls: Array.from({ length: 300 }, (_, i) => ({ round: i, name: 'edit_file', input: { path: 'a.py', content: 'line\n'.repeat(i % 60) }, result_head: `${i} passed` })),
    score: { pass: true, outcome: 'x', details: {} },
  });
  // A Buffer, as a file read is: warmed on a plain Uint8Array, the first real file's head still ran unoptimised code
  // (2 MB took 230 ms, against 4 ms once warm). The head pass (cut inside a row, and inside a list it skips) is warmed too.
  const bytes = Buffer.from(text);
  const heads = [0.3, 0.6].map((f) => bytes.subarray(0, Math.floor(bytes.length * f)));
  let left = slices;
  const step = () => {
    indexTranscript(bytes);
    for (const head of heads) indexHead(head);
    if (--left > 0) setTimeout(step, 0).unref?.();
  };
  setTimeout(step, 1000).unref?.();
}
