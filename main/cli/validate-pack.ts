// Usage: npm run validate-pack -- studies/<pack>   (or npx tsx main/cli/validate-pack.ts studies/<pack>)
// Checks a study pack exactly as the study library does (main/studies/validatePack.ts): the manifest, every task,
// query or item it names, and its protocol. Prints `file:line path: message` per problem, exits 1 on any.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { participantCount } from '../../shared/study/codes.js';
import { balanceCycle } from '../../shared/study/plan.js';
import { balanceWarnings } from '../../shared/study/planBalance.js';
import { formatProblem, validateStudyPack } from '../studies/validatePack.js';
import { hashPackFiles } from '../studies/studyVersion.js';

export interface ValidateOutput {
  code: number;
  out: string[];
  err: string[];
}

export function validatePackCommand(dir: string | undefined, cwd = process.cwd()): ValidateOutput {
  if (!dir) return { code: 2, out: [], err: ['usage: validate-pack <study pack folder>'] };
  const full = path.resolve(cwd, dir);
  const label = path.relative(cwd, full).split(path.sep).join('/') || '.';
  const { manifest, content, protocol, problems } = validateStudyPack(full, label);
  if (problems.length > 0) {
    return {
      code: 1,
      out: [],
      err: [
        ...problems.map(formatProblem),
        `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${label}`,
      ],
    };
  }
  const items = content?.tasks ?? [];
  const [one, many] =
    manifest?.kind === 'slack'
      ? ['query', 'queries']
      : manifest?.kind === 'labelling'
        ? ['item', 'items']
        : ['task', 'tasks'];
  const count = `${items.length} ${items.length === 1 ? one : many}`;
  const out = [`${label}: ${manifest?.kind ?? ''} study "${manifest?.id ?? ''}", ${count} valid`];
  if (protocol && content?.pack) {
    const design = protocol.kind === 'team' ? `${protocol.design}, ` : '';
    out.push(
      `protocol: ${participantCount(protocol.participants)} participants, ${design}ordering ${protocol.ordering}, ` +
        `a full balance cycle every ${balanceCycle(protocol, content.pack)} participants`,
    );
    out.push(`study version: ${hashPackFiles(full, content.files)}`);
    // Not a refusal: a count that stops part-way through a balance cycle still runs, unevenly.
    for (const w of balanceWarnings(protocol, content.pack)) out.push(`warning: study.yaml ${w.path.join('.')}: ${w.message}`);
  } else if (manifest?.kind !== 'labelling') out.push('no protocol: the study can only be run as pilot runs');
  return { code: 0, out, err: [] };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const { code, out, err } = validatePackCommand(process.argv[2]);
  for (const line of out) console.log(line);
  for (const line of err) console.error(line);
  process.exitCode = code;
}
