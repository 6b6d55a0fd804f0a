import type { Problem } from '../../problems.js';
import type { ResolvedTask } from '../pack/resolve.js';
import { taskVersions } from '../pack/schema.js';
import type { TaskVersion, TeamTask } from '../pack/schema.js';
import { playDeclaredPath } from './playPath.js';
import type { HiddenTestRunner, PlayedPath } from './playPath.js';

export interface PathRun {
  version: TaskVersion;
  kind: 'pass' | 'fail';
  seed: number;
  played: PlayedPath;
}

/**
 * Plays every declared path (the manipulation's under every seed) through the engine and checker and
 * reports each that does not end as declared, and manipulation seeds that change nothing.
 */
export async function lintPaths(
  task: TeamTask,
  versions: Record<TaskVersion, ResolvedTask>,
  file: string,
  runHidden?: HiddenTestRunner,
): Promise<{ problems: Problem[]; runs: PathRun[] }> {
  const problems: Problem[] = [];
  const runs: PathRun[] = [];
  if (!task.paths) return { problems, runs };
  for (const version of taskVersions) {
    const resolved = versions[version];
    const seeds = version === 'manipulation' ? resolved.seeds : resolved.seeds.slice(0, 1);
    for (const kind of ['pass', 'fail'] as const) {
      const declared = task.paths[version][kind];
      const at = `paths.${version}.${kind}`;
      const transcripts = new Set<string>();
      for (const seed of seeds) {
        const played = await playDeclaredPath(task, resolved, seed, declared, runHidden);
        runs.push({ version, kind, seed, played });
        transcripts.add(JSON.stringify(played.lines));
        const where = seeds.length > 1 ? `seed ${seed}: ` : '';
        for (const p of played.problems) problems.push({ file, path: at, message: `${where}${p}` });
        const score = played.score;
        if (!score) continue;
        if (score.pass !== (kind === 'pass')) {
          problems.push({ file, path: at, message: `${where}declared to ${kind} but the checker ${score.pass ? 'passed' : 'failed'} it (outcome ${score.outcome})` });
        } else if (declared.outcome !== undefined && declared.outcome !== score.outcome) {
          problems.push({ file, path: `${at}.outcome`, message: `${where}declared outcome "${declared.outcome}" but the checker wrote "${score.outcome}"` });
        }
      }
      if (version === 'manipulation' && kind === 'pass' && seeds.length > 1 && transcripts.size === 1) {
        problems.push({ file, path: 'versions.manipulation.seeds', message: 'the seeds change nothing: every seed plays the declared pass path the same way' });
      }
    }
  }
  return { problems, runs };
}
