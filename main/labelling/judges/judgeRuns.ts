/**
 * Judge runs over a labelling study's items: one log session per run (a prompt version with a model), each
 * item's outcome appended as it comes back, so a run stopped by a restart resumes where it was and an earlier
 * run is never overwritten. Requests go out a few at a time (`concurrency`); an endpoint failure is recorded
 * for the item as an error, never as a label.
 */
import type { z } from 'zod';
import type { judgeRunSummarySchema } from '../../../shared/contract/judgeValidation.js';
import type { LabellingItem } from '../../../shared/labelling/items.js';
import { labelSetOf } from '../../../shared/labelling/items.js';
import {
  foldJudgeRun,
  JUDGE_RUN_TASK,
  judgeRunsKey,
  pendingItems,
  RUN_WORDING,
  type JudgeItemOutcome,
  type JudgeRunStarted,
  type JudgeRunState,
} from '../../../shared/labelling/judges/runLog.js';
import { checkTemplate } from '../../../shared/labelling/judges/template.js';
import { fail, ok, type Result } from '../../../shared/result.js';
import type { AppServices } from '../../app/appServices.js';
import type { EventLog } from '../../db/eventLog.js';
import { chatCompletionsUrl, type ChatClientOptions } from '../../judge/chatClient.js';
import type { LabellingSet } from '../studySet.js';
import { judgeItem } from './judgeItem.js';

export type JudgeRunSummary = z.infer<typeof judgeRunSummarySchema>;

export interface StoredRun {
  runId: string;
  startedAt: string;
  state: JudgeRunState;
}

export interface StartRun {
  promptVersion: string;
  template: string;
  baseUrl: string;
  model: string;
  concurrency?: number;
}

/** Every judge run of the study, newest first, folded from its log. */
export function storedRuns(log: EventLog, studyKey: string): StoredRun[] {
  return log
    .listSessions(judgeRunsKey(studyKey))
    .filter((x) => x.taskId === JUDGE_RUN_TASK)
    .map((x) => ({ runId: x.id, startedAt: x.createdAt, state: foldJudgeRun(log.replay(x.id)) }))
    .filter((r) => r.state.started !== null);
}

const DEFAULT_CONCURRENCY = 4;

export class JudgeRuns {
  private readonly running = new Set<string>();
  private readonly finished = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly s: AppServices,
    /** The key from Settings (safeStorage or the 0600 file); empty for a local server that takes none. */
    private readonly apiKey: () => string,
    private readonly chat: ChatClientOptions = {},
  ) {
    s.closers.push(() => {
      this.stopped = true;
      return Promise.allSettled([...this.finished.values()]);
    });
  }

  list(log: EventLog, studyKey: string): StoredRun[] {
    return storedRuns(log, studyKey);
  }

  summary(run: StoredRun): JudgeRunSummary {
    const started = run.state.started as JudgeRunStarted;
    const outcomes = [...run.state.outcomes.values()];
    const count = (s: JudgeItemOutcome['status']) => outcomes.filter((o) => o.status === s).length;
    return {
      runId: run.runId,
      promptVersion: started.promptVersion,
      templateHash: started.templateHash,
      model: started.model,
      baseUrl: started.baseUrl,
      startedAt: run.startedAt,
      items: started.items.length,
      labelled: count('label'),
      unparseable: count('unparseable'),
      errors: count('error'),
      pending: started.items.length - outcomes.length,
      running: this.running.has(run.runId),
    };
  }

  start(log: EventLog, set: LabellingSet, args: StartRun): Result<JudgeRunSummary> {
    const checked = checkTemplate(args.template, args.promptVersion);
    if (!checked.ok) return fail('bad_request', `${checked.message}.`);
    const url = chatCompletionsUrl(args.baseUrl);
    if (!url.ok) return url;
    // The panel's hash: sha256 of the text with LF line ends, so the same prompt has the same hash in both places.
    const { hash, text } = checked.template;
    // A version name always means one template, so "κ per prompt version" never mixes two prompts.
    const clash = this.list(log, set.studyKey).find((r) => r.state.started?.promptVersion === args.promptVersion && r.state.started.templateHash !== hash);
    if (clash)
      return fail(
        'conflict',
        `Prompt version "${args.promptVersion}" already names another template (hash ${clash.state.started?.templateHash.slice(0, 12)}); give the changed prompt a new version name.`,
      );
    const started: JudgeRunStarted = {
      studyKey: set.studyKey,
      promptVersion: args.promptVersion,
      template: text,
      templateHash: hash,
      baseUrl: args.baseUrl,
      model: args.model,
      concurrency: args.concurrency ?? DEFAULT_CONCURRENCY,
      itemSetHash: set.hash,
      items: set.items.map((i) => ({ id: i.id, hash: set.itemHashes[i.id] as string })),
      wording: RUN_WORDING,
    };
    const session = log.createSession({ studyKey: judgeRunsKey(set.studyKey), taskId: JUDGE_RUN_TASK, participant: 'judges' });
    this.s.bus.emit({ type: 'session.event', event: log.append(session.id, 'judge_run_started', started) });
    this.drive(log, set, session.id);
    const run = this.list(log, set.studyKey).find((r) => r.runId === session.id) as StoredRun;
    return ok(this.summary(run));
  }

  resume(log: EventLog, set: LabellingSet, runId: string): Result<JudgeRunSummary> {
    const run = this.list(log, set.studyKey).find((r) => r.runId === runId);
    if (!run) return fail('not_found', `No judge run ${runId} in this study.`);
    if (!this.running.has(runId) && pendingItems(run.state).length > 0) {
      this.s.bus.emit({ type: 'session.event', event: log.append(runId, 'judge_run_resumed', { pending: pendingItems(run.state).length }) });
      this.drive(log, set, runId);
    }
    return ok(this.summary({ ...run, state: foldJudgeRun(log.replay(runId)) }));
  }

  /** Resolves when the run has stopped (tests and the bench wait on it). */
  async idle(runId: string): Promise<void> {
    await this.finished.get(runId);
  }

  private drive(log: EventLog, set: LabellingSet, runId: string): void {
    if (this.running.has(runId)) return;
    const state = foldJudgeRun(log.replay(runId));
    const started = state.started as JudgeRunStarted;
    const byId = new Map(set.items.map((i) => [i.id, i]));
    // Judged as they are now only when unchanged since the run started; a changed item is reported, not judged.
    const queue = pendingItems(state).filter((id) => byId.has(id) && set.itemHashes[id] === started.items.find((x) => x.id === id)?.hash);
    this.running.add(runId);
    const endpoint = { baseUrl: started.baseUrl, model: started.model, apiKey: this.apiKey() };
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !this.stopped; id = queue.shift()) {
        const item = byId.get(id) as LabellingItem;
        const outcome = await judgeItem(endpoint, started.template, item, labelSetOf(item), set.itemHashes[id] as string, this.chat);
        if (this.stopped) return;
        this.s.bus.emit({ type: 'session.event', event: log.append(runId, 'judge_item_judged', outcome) });
      }
    };
    const done = Promise.allSettled(Array.from({ length: Math.min(started.concurrency, Math.max(1, queue.length)) }, worker)).then((results) => {
      this.running.delete(runId);
      for (const r of results) if (r.status === 'rejected') this.s.log.warn('judge run stopped', { runId, why: String(r.reason) });
    });
    this.finished.set(runId, done);
  }
}
