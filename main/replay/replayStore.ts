import crypto from 'node:crypto';
import type { ReplayHeader, ReplayRound, ReplaySource } from '../../shared/contract/replay.js';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import type { WorkspaceTimeline } from './workspaceTimeline.js';
import type { ActionTrigger } from '../../shared/replay/roundOrder.js';

export interface OpenedRun {
  header: ReplayHeader;
  run: ParsedRun;
  timeline: WorkspaceTimeline;
  /** The task pack's action-fired events (to order a round), or null when the pack is not known. */
  triggers: readonly ActionTrigger[] | null;
}

/** How many opened runs the host keeps (a 50 MB transcript holds a few hundred MB once parsed): two side by side, plus two. */
const KEEP = 4;

/** Runs opened for replay, by replay id, most recently used last. A page asks for one round at a time. */
export class ReplayStore {
  private readonly runs = new Map<string, OpenedRun>();

  add(source: ReplaySource, run: ParsedRun, timeline: WorkspaceTimeline, demo: boolean, triggers: readonly ActionTrigger[] | null = null): ReplayHeader {
    const id = `rp-${crypto.randomBytes(8).toString('hex')}`;
    const header: ReplayHeader = {
      id,
      source,
      format: run.format,
      title: run.title,
      scenario: run.scenario,
      dimension: run.dimension,
      version: run.version,
      seed: run.seed,
      evaluatedSeat: run.evaluatedSeat,
      evaluatedModel: run.evaluatedModel,
      seats: run.seats,
      rounds: run.rounds.map((r) => ({ round: r.round, messages: r.messages, tools: r.tools })),
      roundsRun: run.roundsRun,
      ended: run.ended,
      verdict: run.verdict,
      ...(run.awaiting ? { awaiting: run.awaiting } : {}),
      hasLabels: run.hasLabels,
      workspace: { from: timeline.from, note: timeline.note },
      problems: run.problems.slice(0, 200).concat(run.problems.length > 200 ? [`…and ${run.problems.length - 200} more.`] : []),
      demo,
    };
    this.runs.set(id, { header, run, timeline, triggers });
    while (this.runs.size > KEEP) this.runs.delete(this.runs.keys().next().value!);
    return header;
  }

  get(id: string): OpenedRun | undefined {
    const opened = this.runs.get(id);
    if (opened) {
      this.runs.delete(id);
      this.runs.set(id, opened);
    }
    return opened;
  }

  round(opened: OpenedRun, index: number): ReplayRound | null {
    const r = opened.run.rounds[index];
    if (!r) return null;
    const built = opened.run.roundAt(index, opened.triggers);
    return { index, round: r.round, items: built.items, order: built.order, notes: built.notes, files: opened.timeline.files(index), diffs: opened.timeline.diffs(index) };
  }
}
