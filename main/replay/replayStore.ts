import crypto from 'node:crypto';
import type { ReplayHeader, ReplayRound, ReplaySource } from '../../shared/contract/replay.js';
import type { Result } from '../../shared/result.js';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import type { WorkspaceTimeline } from './workspaceTimeline.js';
import type { ActionTrigger } from '../../shared/replay/roundOrder.js';

export interface OpenedRun {
  header: ReplayHeader;
  run: ParsedRun;
  timeline: WorkspaceTimeline;
  /** The task pack's action-fired events (to order a round), or null when the pack is not known. */
  triggers: readonly ActionTrigger[] | null;
  /** For an outline from a long file's head: the whole run, once the file has been read (it then replaces this entry). */
  pending?: Promise<Result<OpenedRun>>;
}

/** How many opened runs the host keeps (a 50 MB transcript holds a few hundred MB once parsed): two side by side, plus two. */
const KEEP = 4;

/** Runs opened for replay, by replay id, most recently used last. A page asks for one round at a time. */
export class ReplayStore {
  private readonly runs = new Map<string, OpenedRun>();

  add(source: ReplaySource, run: ParsedRun, timeline: WorkspaceTimeline, demo: boolean, triggers: readonly ActionTrigger[] | null = null, complete = true): ReplayHeader {
    return this.put(`rp-${crypto.randomBytes(8).toString('hex')}`, source, run, timeline, demo, triggers, complete).header;
  }

  /** The whole run for an id opened from a file's head: the same id, so the page's address and requests stay valid. */
  replace(id: string, run: ParsedRun, timeline: WorkspaceTimeline, triggers: readonly ActionTrigger[] | null): OpenedRun | null {
    const was = this.runs.get(id);
    if (!was) return null;
    return this.put(id, was.header.source, run, timeline, was.header.demo, triggers, true);
  }

  private put(id: string, source: ReplaySource, run: ParsedRun, timeline: WorkspaceTimeline, demo: boolean, triggers: readonly ActionTrigger[] | null, complete: boolean): OpenedRun {
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
      complete,
      first: null,
    };
    const opened: OpenedRun = { header, run, timeline, triggers };
    header.first = this.round(opened, 0);
    this.runs.delete(id);
    this.runs.set(id, opened);
    while (this.runs.size > KEEP) this.runs.delete(this.runs.keys().next().value!);
    return opened;
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
