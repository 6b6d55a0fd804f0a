// Usage: npx tsx main/cli/validate-pack.ts studies/<pack>
// Checks every team task of a study pack; prints `file:line path: message` per problem, exits 1 on any.
import path from 'node:path';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { formatLocated } from '../team/pack/loadTask.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: validate-pack <study pack folder>');
  process.exit(2);
}
const { tasks, problems } = loadTeamPack(path.resolve(dir));
const rel = (file: string): string => path.relative(process.cwd(), file) || file;
for (const p of problems) console.error(formatLocated({ ...p, file: rel(p.file) }));
if (problems.length > 0) {
  console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}`);
  process.exit(1);
}
console.log(`${tasks.length} task${tasks.length === 1 ? '' : 's'} valid in ${dir}: ${tasks.map((t) => t.task.id).join(', ')}`);
