// Writes studies/demo-reel/runs/: the team-demo tasks played through the app's own handlers as pilot runs (one that
// holds firm, one that gives in, per task) and exported in the benchmark's transcript layout. Exits 1 unless each
// run ended as the reel says it should. Run with `npx tsx main/cli/make-demo-reel.ts [--out <dir>]`.
import fs from 'node:fs';
import path from 'node:path';
import { flagValue } from '../paths.js';
import { makeDemoReel } from './demoReel/demoReel.js';

const appRoot = path.resolve(import.meta.dirname, '../..');
const out = path.resolve(flagValue(process.argv.slice(2), 'out') ?? path.join(appRoot, 'studies', 'demo-reel', 'runs'));
const reel = await makeDemoReel(appRoot);
let wrong = 0;
for (const p of reel.played) {
  const ok = p.pass === (p.expect === 'pass');
  if (!ok) wrong++;
  process.stdout.write(`${ok ? 'ok   ' : 'WRONG'} ${p.taskId} ${p.participant}: ${p.pass ? 'pass' : 'fail'} (${p.outcome}) → ${p.rel}\n`);
}
if (wrong) {
  process.stderr.write(`${wrong} run(s) did not end as the reel expects; nothing written.\n`);
  process.exit(1);
}
for (const [rel, content] of Object.entries(reel.files)) {
  const file = path.join(out, ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
process.stdout.write(`${Object.keys(reel.files).length} runs written under ${out}\n`);
