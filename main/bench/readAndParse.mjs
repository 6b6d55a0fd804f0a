// node main/bench/readAndParse.mjs <results dir> — the baseline `npm run score` is held to in the scoring bench
// (issue 28): a new Node process that only finds every run file under <dir>/transcripts, reads it and JSON.parses it,
// timed from spawn to exit as the CLI is. Plain JavaScript with no import but Node's own, so it costs no more to start
// than any script: what the CLI does beyond it is the CLI's own cost. Prints the number of files read.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(path.resolve(process.argv[2]), 'transcripts');
let n = 0;
for (const d of fs.readdirSync(root)) {
  for (const s of fs.readdirSync(path.join(root, d))) {
    for (const m of fs.readdirSync(path.join(root, d, s))) {
      const folder = path.join(root, d, s, m);
      for (const f of fs.readdirSync(folder)) {
        JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8'));
        n++;
      }
    }
  }
}
process.stdout.write(`${n}\n`);
