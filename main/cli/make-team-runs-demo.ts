// Writes studies/judge-validation-team-runs/items.jsonl: the three tasks of studies/team-demo played through
// the app's own services with the demo scripts (main/labelling/teamRunsDemoScripts.ts), exported, and imported
// as labelling items. Deterministic. Run with `npx tsx main/cli/make-team-runs-demo.ts [--out <items.jsonl>]`.
import fs from 'node:fs';
import path from 'node:path';
import { itemsToJsonl } from '../../shared/labelling/items.js';
import { describeProblem } from '../../shared/problems.js';
import { flagValue } from '../paths.js';
import { makeTeamRunsDemo } from '../labelling/teamRunsDemo.js';

const appRoot = path.resolve(import.meta.dirname, '../..');
const out = path.resolve(
  flagValue(process.argv.slice(2), 'out') ??
    path.join(appRoot, 'studies', 'judge-validation-team-runs', 'items.jsonl'),
);
const demo = await makeTeamRunsDemo(appRoot);
for (const p of demo.problems) process.stderr.write(`${describeProblem(p)}\n`);
if (demo.problems.length) process.exit(1);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, itemsToJsonl(demo.items));
process.stdout.write(`${demo.items.length} items from ${demo.runs.length} runs written to ${out}\n`);
