/**
 * One participant's plan, built from the protocol, the pack's content, their balancing slot and a seed. Pure and
 * deterministic: the same arguments always give the same plan, so a recorded plan can be rebuilt and checked.
 */
import { deriveSeed, mulberry32, shuffled } from '../stats/prng.js';
import type { Plan, PlanCell, PlanStep, TaskVersionName } from './model.js';
import type { PackContent, StudyProtocol } from './protocol.js';
import { checkProtocol } from './protocolCheck.js';
import { betweenVersion, countedOf, subsetOf, versionsOf, williamsSquare } from './planBalance.js';

export { balanceCycle, balanceNeeds, williamsSquare } from './planBalance.js';

export interface BuildPlanArgs {
  protocol: StudyProtocol;
  content: PackContent;
  /** The participant's code (recorded in the plan). */
  participant: string;
  /** The participant's place in the balancing: 0 for the first code, 1 for the second, … */
  slot: number;
  /** The pack's content hash (main/studies/studyVersion.ts). */
  studyVersion: string;
  /** Draws the random ordering; defaults to participantSeed(protocol, slot). Recorded in the plan. */
  seed?: number;
}

/** A participant's seed: derived from the study's seed and their slot, so slots draw independently. */
export function participantSeed(protocol: StudyProtocol, slot: number): number {
  return deriveSeed(protocol.seed, `participant:${slot}`);
}

/** Builds the plan, or throws when the protocol does not fit the pack (run checkProtocol first to get every issue). */
export function buildPlan(args: BuildPlanArgs): Plan {
  const { protocol, content, participant, slot, studyVersion } = args;
  if (!Number.isInteger(slot) || slot < 0) throw new Error(`slot must be a whole number ≥ 0, got ${slot}`);
  const issues = checkProtocol(protocol, content);
  const first = issues[0];
  if (first) throw new Error(`the protocol cannot be planned: ${first.path.join('.')}: ${first.message}`);
  const seed = args.seed ?? participantSeed(protocol, slot);
  const cells = orderedCells(protocol, content, slot, seed);
  return { participant, studyVersion, seed, slot, steps: stepsOf(protocol, content, cells) };
}

type Unnumbered<C> = C extends PlanCell ? Omit<C, 'cell'> : never;

function orderedCells(protocol: StudyProtocol, content: PackContent, slot: number, seed: number): PlanCell[] {
  const { ids, perParticipant: k } = countedOf(protocol, content);
  const picked = subsetOf(ids.length, k, slot);
  const order = orderOf(protocol, picked, slot, seed);
  const cells = order.flatMap((j): Unnumbered<PlanCell>[] => {
    const id = ids[j] as string;
    if (protocol.kind === 'slack')
      return [{ kind: 'slack' as const, queryId: id, practice: false, ...timeOf(protocol, id) }];
    const versions =
      protocol.design === 'within'
        ? versionsOf(protocol)
        : [betweenVersion(versionsOf(protocol), ids.length, k, slot, j)];
    return versions.map((version) => ({
      kind: 'team' as const,
      taskId: id,
      version,
      seed: seedOf(protocol, content, slot, j, version),
      practice: false,
      ...timeOf(protocol, id),
    }));
  });
  return cells.map((c, i) => ({ ...c, cell: `c${i + 1}` }) as PlanCell);
}

/** The counted items' indexes in playing order: as listed, shuffled by the seed, or a Williams-design row. */
function orderOf(protocol: StudyProtocol, picked: number[], slot: number, seed: number): number[] {
  switch (protocol.ordering) {
    case 'fixed':
      return picked;
    case 'random':
      return shuffled(picked, mulberry32(deriveSeed(seed, 'order')));
    case 'latin_square': {
      const rows = williamsSquare(picked.length);
      const row = rows[slot % rows.length] ?? [];
      return row.map((p) => picked[p] as number);
    }
  }
}

/**
 * Alone and control are played once, with their first seed. The manipulation's seeds rotate: the n-th participant
 * to play scenario j in the manipulation gets its (n mod seeds)-th seed, so seeds stay balanced across participants.
 */
function seedOf(
  protocol: StudyProtocol,
  content: PackContent,
  slot: number,
  j: number,
  version: TaskVersionName,
): number {
  if (protocol.kind !== 'team' || content.kind !== 'team') return 0;
  const { ids, perParticipant: k } = countedOf(protocol, content);
  const seeds = content.tasks.find((t) => t.id === ids[j])?.seeds[version] ?? [0];
  if (version !== 'manipulation') return seeds[0] ?? 0;
  let before = 0;
  for (let s = 0; s < slot; s++) {
    if (!subsetOf(ids.length, k, s).includes(j)) continue;
    if (
      protocol.design === 'within' ||
      betweenVersion(versionsOf(protocol), ids.length, k, s, j) === 'manipulation'
    )
      before++;
  }
  return seeds[before % seeds.length] ?? 0;
}

function timeOf(protocol: StudyProtocol, id: string): { timeLimitSec?: number; timeWarningSec?: number } {
  const limit = protocol.screens.time_limit;
  if (!limit) return {};
  return { timeLimitSec: limit.per_task?.[id] ?? limit.seconds, timeWarningSec: limit.warning_seconds };
}

function practiceCell(protocol: StudyProtocol, content: PackContent): PlanCell | null {
  const practice = protocol.screens.practice;
  if (!practice) return null;
  if ('query' in practice)
    return {
      kind: 'slack',
      cell: 'p1',
      queryId: practice.query,
      practice: true,
      ...timeOf(protocol, practice.query),
    };
  const seeds =
    content.kind === 'team'
      ? content.tasks.find((t) => t.id === practice.task)?.seeds[practice.version]
      : undefined;
  return {
    kind: 'team',
    cell: 'p1',
    taskId: practice.task,
    version: practice.version,
    seed: practice.seed ?? seeds?.[0] ?? 0,
    practice: true,
    ...timeOf(protocol, practice.task),
  };
}

function stepsOf(protocol: StudyProtocol, content: PackContent, cells: PlanCell[]): PlanStep[] {
  const s = protocol.screens;
  const steps: PlanStep[] = [{ kind: 'consent' }];
  if (s.screener) steps.push({ kind: 'screener' });
  if (s.instructions) steps.push({ kind: 'instructions' });
  const practice = practiceCell(protocol, content);
  if (practice) steps.push({ kind: 'practice', cell: practice });
  cells.forEach((cell, i) => {
    steps.push({ kind: 'run', cell });
    const check = s.manipulation_check;
    if (check && (check.after === 'every_run' || (cell.kind === 'team' && cell.version === 'manipulation'))) {
      steps.push({ kind: 'manipulation_check', cell: cell.cell });
    }
    if (s.breaks && (i + 1) % s.breaks.every === 0 && i < cells.length - 1)
      steps.push({ kind: 'break', seconds: s.breaks.seconds });
  });
  if (s.questionnaire) steps.push({ kind: 'questionnaire' });
  steps.push({ kind: 'debrief' });
  if (s.completion) steps.push({ kind: 'completion' });
  return steps;
}
