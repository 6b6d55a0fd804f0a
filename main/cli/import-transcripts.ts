// npm run import-transcripts -- <transcripts dir> --pack <team study dir> --out <items.jsonl>
// Turns exported team runs (results/transcripts/...) into a labelling item set. Each run's label set
// (with the definitions raters see) comes from its task in the pack; a run of a task the pack lacks is a problem.
import fs from 'node:fs';
import path from 'node:path';
import { itemsToJsonl } from '../../shared/labelling/items.js';
import { describeProblem, type Problem } from '../../shared/problems.js';
import { taskVersions, type TaskVersion } from '../../shared/team/pack/schema.js';
import { flagValue } from '../paths.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { importTranscripts } from '../labelling/importTranscripts.js';
import type { MessageItem } from '../../shared/labelling/items.js';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--') && a !== flagValue(args, 'pack') && a !== flagValue(args, 'out'));
const packDir = flagValue(args, 'pack');
const out = flagValue(args, 'out');
if (!dir || !packDir || !out) {
  process.stderr.write('usage: npm run import-transcripts -- <transcripts dir> --pack <team study dir> --out <items.jsonl>\n');
  process.exit(2);
}

const pack = loadTeamPack(packDir);
const problems: Problem[] = [...pack.problems];
const items: MessageItem[] = [];
const runs = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /(^|[\\/])(alone|control|manipulation)_seed\d+\.json$/.test(f));
for (const rel of runs) {
  const parts = rel.split(/[\\/]/);
  const scenario = parts.at(-3);
  const version = /^(\w+)_seed/.exec(parts.at(-1)!)?.[1] as TaskVersion;
  const task = pack.tasks.find((t) => t.task.id === scenario);
  if (!task || !taskVersions.includes(version)) {
    problems.push({ file: rel, path: '', message: `no task "${scenario}" in ${packDir}` });
    continue;
  }
  const labels = task.versions[version].labels.map((l) => ({ label: l.id, definition: l.definition }));
  const result = importTranscripts([path.join(dir, rel)], { labels }, dir);
  items.push(...result.items);
  problems.push(...result.problems);
}
for (const p of problems) process.stderr.write(`${describeProblem(p)}\n`);
fs.writeFileSync(out, itemsToJsonl(items));
process.stdout.write(`${items.length} items from ${runs.length} runs written to ${out}${problems.length ? `; ${problems.length} problems above` : ''}\n`);
process.exit(problems.length ? 1 : 0);
