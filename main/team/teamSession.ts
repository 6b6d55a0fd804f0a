import type { StoredEvent } from '../../shared/contract/schemas.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { next } from '../../shared/team/engine/next.js';
import { applyEvent, foldSession, type SessionState } from '../../shared/team/engine/state.js';
import { sessionEventSchema, type SessionEvent } from '../../shared/team/engine/events.js';
import type { Effect } from '../../shared/team/engine/effects.js';
import { evaluatedSeat, type ResolvedTask } from '../../shared/team/pack/resolve.js';
import type { TeamTask, WorkspaceToolName } from '../../shared/team/pack/schema.js';
import { channelsOf, participantView, standingProposal, teamStatusOf } from '../../shared/team/view.js';
import { playedDealForm } from '../../shared/team/deal/dealForm.js';
import { checkOffer, type OfferInput } from '../../shared/team/deal/offer.js';
import type { TeamGlance, TeamView } from '../../shared/team/viewSchema.js';
import { callWorkspaceTool } from '../workspace/toolDispatch.js';
import { describeTool, exportedWorkspace, participantEdit, teammateEdit, type ExportedWorkspace, type ToolOutcome } from './workspaceActions.js';
import { BackgroundCheck, checksInPython, scoreInPython, scoreNow, type CheckInputs } from './teamCheck.js';
import { engineEvents, isEngineKind, MODEL_RUN_ERROR } from './teamLog.js';
import type { LivePartners } from '../partners/livePartners.js';
import { PARTNER_REPLY } from '../partners/partnerRecord.js';
import { LimitTimer, limitCheck, limitOf, TeamClockFold } from './teamClock.js';
import { CRASH_PAUSE, type ActiveTime } from '../../shared/team/engine/activeTime.js';
import { crashGap } from './crashGap.js';
import { inputHead } from './inputHead.js';
import { checkingMessage, endedMessage, labelDecided, labelRequestOf } from './sessionWords.js';
import type { TeamSessionDeps } from './teamSessionDeps.js';
import { EXPERIMENTER_PAUSE_HOLDS, type PausedBy } from '../../shared/pause.js';
import type { AnswerChoice } from '../../shared/team/pack/answerChoice.js';
import { submissionOf } from './submission.js';
import { offerFromAnswer } from '../../shared/team/deal/offerFromAnswer.js';

/**
 * One running team session. Every participant action and every effect of the engine is appended to the
 * log (committed) before the state the UI reads changes, so a crash at any point replays to the same run.
 * Actions on one session run one at a time.
 */
export class TeamSession {
  private state: SessionState;
  private endedAt: string | null;
  private queue: Promise<unknown> = Promise.resolve();
  /** The session's log as committed so far: the clock is computed from it. */
  private readonly stored: StoredEvent[];
  private readonly limitTimer = new LimitTimer();
  /**
   * Engine events folded into `state` but not yet committed. An action's events commit together in one transaction
   * (one sync to disk instead of one per event: issue 13, many participants on one host), before the view is
   * read, before any wait (the labeller, the checker) and before the action returns.
   */
  private pending: SessionEvent[] = [];
  private beforePending: { state: SessionState; endedAt: string | null } | null = null;

  constructor(
    private readonly d: TeamSessionDeps,
    stored: readonly StoredEvent[],
  ) {
    this.stored = [...stored];
    this.state = foldSession(engineEvents(stored));
    this.endedAt = stored.find((e) => e.kind === 'ended')?.wallTime ?? null;
    this.closedOnError = stored.some((e) => e.kind === MODEL_RUN_ERROR);
  }

  /** A model's run that stopped on an error: closed, never played on nor ended by its time limit (issue 28). */
  private closedOnError: boolean;
  get closedByError(): boolean {
    return this.closedOnError;
  }

  /**
   * Closes a model's run on an endpoint or budget error at once: the error goes into the session's own log, the
   * clock stops there and the session takes nothing more. Left open, it sat on the model's turn with its clock
   * running until a reload ended it as `time_limit`, a run played out, 15 minutes later.
   */
  closeOnError(error: Record<string, unknown>): Promise<Result<TeamView>> {
    return this.serial(async () => {
      if (this.state.ended) return fail('conflict', endedMessage(this.state));
      if (this.closedOnError) return fail('conflict', 'The run was already closed on an error.');
      this.absorb([this.d.log.append(this.d.id, MODEL_RUN_ERROR, error)]);
      this.closedOnError = true;
      this.limitTimer.clear();
      return ok(this.view());
    });
  }

  /**
   * Called when the session is rebuilt from its log in a new process: the time since its last event (a crash or a
   * host restart) is recorded as a typed crash pause, measured by wall time, and is not active time.
   */
  recordRestart(nowWall: Date, processStartedAt: Date, aliveAfter: (wall: string) => string | null = () => null): void {
    const last = this.stored.at(-1);
    if (!last || this.state.ended || this.state.paused !== null || this.closedOnError) return;
    // An event written since this process started was not interrupted by a restart.
    if (Date.parse(last.wallTime) >= processStartedAt.getTime()) return;
    // The process that wrote the last event was alive until its last stamp: the participant's time until then counts.
    this.absorb([this.d.log.append(this.d.id, CRASH_PAUSE, crashGap(last.wallTime, nowWall, aliveAfter))]);
  }

  /** Stops the time-limit wake-up (the app is closing). */
  dispose(): void {
    this.limitTimer.clear();
    this.check.stop();
  }

  /** The run is over for the participant and its check has not committed yet (issue 13: it runs in the background). */
  get checking(): boolean {
    return this.state.ended === null && (this.state.endRequested !== null || this.check.busy);
  }

  /** The view once a check running in the background has committed (or failed: then still `checking`). */
  async whenChecked(): Promise<TeamView> {
    await this.check.settled();
    return this.view();
  }
  private readonly check = new BackgroundCheck();

  /** Active time so far: pauses, crash gaps and the time after the end are not counted. */
  activeTime(): ActiveTime {
    this.flush();
    // The check's time is not the participant's: the clock stopped when the run was over for them.
    // The clock folds each event once, as it is recorded (walking the whole log on every call was a main cost).
    while (this.clockFolded < this.stored.length) this.clock.add(this.stored[this.clockFolded++]!);
    if (this.checking) return { ...this.clock.at(), running: false };
    return this.clock.at(this.d.monoUs());
  }
  private readonly clock = new TeamClockFold();
  private clockFolded = 0;

  /** When the session's log last moved (wall time of its last committed event), for the dashboard's notices. */
  get lastEventAt(): string | null {
    return this.stored.at(-1)?.wallTime ?? null;
  }

  get ended(): boolean {
    return this.state.ended !== null;
  }

  /** A participant's message waits for its label (the experimenter's console, a panel) or a live partner: it is on disk already. */
  get waitingForLabel(): boolean {
    return this.labelWaits > 0;
  }
  private labelWaits = 0;

  view(): TeamView {
    return participantView(this.d.resolved, this.state, {
      sessionId: this.d.id,
      studyKey: this.d.studyKey,
      startedAt: this.d.startedAt,
      endedAt: this.endedAt,
      checking: this.checking,
      clock: this.clockNow(),
    });
  }

  /**
   * Where the run stands, without its messages: what the experimenter's dashboard shows of every live run on every
   * event (building twenty whole views per read was most of a read: issue 13). Equal to the same fields of view().
   */
  glance(): TeamGlance {
    const clock = this.clockNow();
    return { status: teamStatusOf(this.state, this.checking), round: this.state.round, rounds: this.d.resolved.rounds, clock };
  }

  private clockNow(): TeamView['clock'] {
    const time = this.activeTime();
    const { limitMs, leadMs } = limitOf(this.state);
    return { activeMs: time.activeMs, running: time.running, limitMs, warnAtMs: limitMs === null ? null : limitMs - leadMs };
  }

  /** What an export reads: the version played, the folded state and the session's workspace (from the log). */
  exportInputs(): { task: ResolvedTask; state: SessionState; workspace: ExportedWorkspace | null } {
    const ws = this.d.workspace;
    return { task: this.d.resolved, state: this.state, workspace: ws ? exportedWorkspace(ws) : null };
  }

  /** What the experimenter's console reads (main/console): the task, the version played and the folded state. */
  consoleInputs(): { task: TeamTask; resolved: ResolvedTask; state: SessionState } {
    return { task: this.d.task, resolved: this.d.resolved, state: this.state };
  }

  /**
   * The experimenter writes as a partner seat from the console (studies that allow it): recorded like any seat
   * message, with source `experimenter`, to the team channel or to the participant. Waits its turn behind a label.
   */
  seatSay(seat: string, to: string, text: string): Promise<Result<TeamView>> {
    return this.serial(async () => {
      const refused = await this.refuseUnlessLive();
      if (refused) return refused;
      const partners = this.d.resolved.seats.filter((s) => s.kind === 'partner').map((s) => s.name);
      if (!partners.includes(seat)) return fail('bad_request', `"${seat}" is not a partner seat of this task (${partners.join(', ') || 'it has none'}).`);
      const you = evaluatedSeat(this.d.resolved).name;
      if (to !== 'team' && to !== you) return fail('bad_request', `A partner writes to "team" or to the participant ("${you}"), not "${to}".`);
      this.persist({ type: 'seat_message', seat, to, text, source: { kind: 'experimenter' } });
      await this.settle();
      return ok(this.view());
    });
  }

  /** Starts a fresh session, or carries on a resumed one from wherever the log stopped. */
  settleNow(): Promise<Result<TeamView>> {
    return this.serial(async () => {
      await this.carryOnNow();
      return ok(this.view());
    });
  }

  /**
   * The same before an action on a session (teamSessions.resume), without building a view nobody reads: the action
   * answers with its own (one view per send, not two: issue 13).
   */
  carryOn(): Promise<void> {
    return this.serial(() => this.carryOnNow());
  }

  private async carryOnNow(): Promise<void> {
    await this.checkTime();
    await this.settle();
  }

  send(text: string, to: string): Promise<Result<TeamView>> {
    return this.serial(async () => {
      const refused = (await this.refuseUnlessLive()) ?? this.refuseUnlessTurn();
      if (refused) return refused;
      if (!channelsOf(this.d.resolved).includes(to)) return fail('bad_request', `"${to}" is not a channel or teammate of this task.`);
      this.persist({ type: 'participant_message', text, to });
      await this.settle();
      return ok(this.view());
    });
  }

  tool(name: Exclude<WorkspaceToolName, 'submit'>, input: Record<string, unknown>): Promise<Result<{ outcome: ToolOutcome; view: TeamView }>> {
    return this.serial(async () => {
      const refused = await this.refuseUnlessLive();
      if (refused) return refused;
      const ws = this.d.workspace;
      if (!ws || !this.d.resolved.workspace.tools.includes(name)) return fail('bad_request', `This task has no ${name} tool.`);
      if (name === 'edit_file') {
        const edited = this.participantEdit(input);
        // An edit can fire what the pack ties to it (an environment event `when: file_edited`), as every tool call does.
        await this.settle();
        return ok({ ...edited, view: this.view() });
      }
      const call = await callWorkspaceTool(ws.tools, name, input);
      // A refused call keeps the head of a long input and its size, not all of it (issue 28).
      this.persist({ type: 'tool_call', name, input: call.result.ok ? call.input : inputHead(call.input), result_head: call.result_head });
      await this.settle();
      return ok({ outcome: describeTool(name, call.result, call.result_head), view: this.view() });
    });
  }

  /** The participant's edit: recorded (content, tool call, file_edited) in one transaction, then written. */
  private participantEdit(input: Record<string, unknown>): { outcome: ToolOutcome } {
    this.flush();
    return participantEdit(this.d.workspace!, evaluatedSeat(this.d.resolved).name, input, this.recorder);
  }

  /** How the workspace's edits record into this session: events committed by the journal, or one pending here. */
  private readonly recorder = { persist: (e: SessionEvent) => this.persist(e), absorb: (stored: readonly StoredEvent[]) => this.absorb(stored) };

  acceptDeal(): Promise<Result<TeamView>> {
    return this.serial(async () => {
      const refused = await this.refuseUnlessLive();
      if (refused) return refused;
      if (!standingProposal(this.state, evaluatedSeat(this.d.resolved).name)) return fail('conflict', 'There is no proposed deal to accept yet.');
      this.persist({ type: 'deal_accepted', seat: evaluatedSeat(this.d.resolved).name });
      await this.settle();
      return ok(this.view());
    });
  }

  /**
   * An offer through the deal form (issue 23): checked first (refused in plain words, nothing recorded), then recorded,
   * and answered by the counterpart in the same action (engine/dealAnswer.ts) before the view is returned. It does
   * not end the participant's turn.
   */
  offerDeal(offer: OfferInput): Promise<Result<TeamView>> {
    return this.serial(async () => {
      const refused = (await this.refuseUnlessLive()) ?? this.refuseUnlessTurn();
      if (refused) return refused;
      if (!playedDealForm(this.d.resolved)) return fail('bad_request', 'This task has no deal form.');
      const checked = checkOffer(offer);
      if (!checked.ok) return checked;
      this.persist({ type: 'deal_proposed', seat: evaluatedSeat(this.d.resolved).name, evaluated_gets: checked.value, via: 'deal_form' });
      await this.settle();
      return ok(this.view());
    });
  }

  /** A typed `answer`, or an offered option picked with its reason (`choice`, issue 23): see submission.ts. */
  submit(typed: unknown, choice?: AnswerChoice): Promise<Result<TeamView>> {
    return this.serial(async () => {
      if (this.state.submitted) return fail('conflict', 'This run was already submitted.');
      const refused = await this.refuseUnlessLive();
      if (refused) return refused;
      const submission = submissionOf(this.d.resolved, this.d.id, typed, choice);
      if (!submission.ok) return submission;
      const { answer } = submission.value;
      const message = typeof answer === 'string' ? answer : answer === undefined ? undefined : JSON.stringify(answer);
      const head = this.d.workspace ? this.d.workspace.tools.submit(message === undefined ? {} : { message }).result_head : 'submitted';
      this.persist({ type: 'tool_call', name: 'submit', input: message === undefined ? {} : { message }, result_head: head });
      for (const act of offerFromAnswer(this.d.resolved, this.state, answer)) this.persist(act);
      this.persist({ type: 'submitted', ...submission.value });
      await this.settle();
      return ok(this.view());
    });
  }

  /**
   * `by`: who pauses (issue 25). The experimenter's pause over the seat's own takes it over (resumed and paused again
   * in one commit, no time between), so the seat can no longer lift it.
   */
  pause(reason: string, by: PausedBy): Promise<Result<TeamView>> {
    return this.serial(async () => {
      if (this.closedOnError) return fail('conflict', 'This run was closed on an error; it takes nothing more.');
      await this.checkTime();
      if (this.state.ended) return fail('conflict', endedMessage(this.state));
      if (this.checking) return fail('conflict', checkingMessage(this.state));
      if (this.state.paused !== null) {
        if (by === 'participant' || this.state.pausedBy === 'experimenter') return fail('conflict', 'The session is already paused.');
        this.persist({ type: 'resumed', reason: 'the experimenter took over the pause' });
      }
      this.persist({ type: 'paused', reason, by });
      this.limitTimer.clear();
      return ok(this.view());
    });
  }

  /**
   * An abandoned visit's run (issue 25): paused as the experimenter's, from its last recorded event, so the idle time
   * is downtime and not time on task. The time limit is not checked first: the idle time must not end the run as
   * played out. A run already paused, ended or being checked has no clock running: nothing to do.
   */
  pauseAbandoned(reason: string): Promise<Result<TeamView>> {
    return this.serial(async () => {
      if (this.closedOnError || this.state.ended || this.checking || this.state.paused !== null) return ok(this.view());
      this.persist({ type: 'paused', reason, by: 'experimenter', idle_before: true });
      this.limitTimer.clear();
      return ok(this.view());
    });
  }

  /** The seat (`participant`) may lift only its own pause; the experimenter may lift any. */
  resume(reason: string, by: PausedBy): Promise<Result<TeamView>> {
    return this.serial(async () => {
      if (this.closedOnError) return fail('conflict', 'This run was closed on an error; it takes nothing more.');
      if (this.state.paused === null) return fail('conflict', 'The session is not paused.');
      if (by === 'participant' && this.state.pausedBy === 'experimenter') return fail('unauthorized', EXPERIMENTER_PAUSE_HOLDS);
      this.persist({ type: 'resumed', reason });
      await this.checkTime();
      await this.settle();
      return ok(this.view());
    });
  }

  /**
   * Every participant action first enforces the time limit, then is refused once the run has ended or while it is
   * paused (the clock is stopped, so nothing may happen on it).
   */
  private async refuseUnlessLive(): Promise<Result<never> | null> {
    if (this.closedOnError) return fail('conflict', 'This run was closed on an error; it takes nothing more.');
    await this.checkTime();
    if (this.state.ended) return fail('conflict', endedMessage(this.state));
    if (this.checking) return fail('conflict', checkingMessage(this.state));
    if (this.state.paused !== null) return fail('conflict', 'The session is paused; resume it to carry on.');
    return null;
  }

  /** Gives the warning or ends the run when the active time has reached them, then sets the next wake-up. */
  private async checkTime(): Promise<void> {
    // A run that is over for the participant (its check may still run), or closed on an error, has no limit left.
    if (this.checking || this.closedOnError) return this.limitTimer.clear();
    let { check, nextInMs } = limitCheck(this.state, this.activeTime());
    if (check === 'warn') {
      const { limitMs } = limitOf(this.state);
      this.persist({ type: 'time_warning', remaining_ms: Math.max(0, limitMs! - this.activeTime().activeMs) });
      ({ check, nextInMs } = limitCheck(this.state, this.activeTime()));
    }
    if (check === 'time_up') {
      this.persist({ type: 'time_up', limit_ms: limitOf(this.state).limitMs! });
      await this.settle();
      nextInMs = null;
    }
    this.limitTimer.set(nextInMs, () => void this.serial(() => this.checkTime()).catch(() => undefined));
  }

  private refuseUnlessTurn(): Result<never> | null {
    if (this.state.phase !== 'participant_turn') return fail('conflict', 'Your teammates have not finished their turn yet.');
    return null;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const committed = async () => {
      try {
        return await work();
      } finally {
        this.flush();
      }
    };
    const run = this.queue.then(committed, committed);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Folds one engine event; flush() commits it with the rest of the action's events, then tells the UI. */
  private persist(event: SessionEvent): void {
    if (this.pending.length === 0) this.beforePending = { state: this.state, endedAt: this.endedAt };
    this.pending.push(event);
    this.state = applyEvent(this.state, event);
  }

  /** Commits the pending events in one transaction, then tells the UI; a failed commit takes their fold back. */
  private flush(): void {
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    let stored: StoredEvent[];
    try {
      stored = this.d.log.appendAll(this.d.id, events.map((event) => ({ kind: event.type, payload: event })));
    } catch (error) {
      ({ state: this.state, endedAt: this.endedAt } = this.beforePending!);
      throw error;
    }
    for (const e of stored) {
      this.stored.push(e);
      if (e.kind === 'ended') this.endedAt = e.wallTime;
      this.d.bus.emit({ type: 'session.event', event: e });
    }
  }

  /** Folds events already committed (engine events only) and tells the UI about each. */
  private absorb(stored: readonly StoredEvent[]): void {
    for (const e of stored) {
      this.stored.push(e);
      if (isEngineKind(e.kind)) {
        const event = sessionEventSchema.parse(e.payload);
        this.state = applyEvent(this.state, event);
        if (event.type === 'ended') this.endedAt = e.wallTime;
      }
      this.d.bus.emit({ type: 'session.event', event: e });
    }
  }

  /** Runs the engine until it waits for the participant (or the run ends). */
  private async settle(): Promise<void> {
    for (;;) {
      const step = next(this.d.task, this.state, this.d.partners ? { livePartners: this.d.partners.seats } : {});
      if (step.effects.length === 0) {
        if (step.waitFor === 'partner' && this.d.partners) {
          await this.answerPartners(this.d.partners);
          continue;
        }
        if (step.waitFor !== 'label') return;
        await this.label();
        continue;
      }
      for (const effect of step.effects) if ((await this.carryOut(effect)) === 'checking') return;
    }
  }

  /**
   * Live partners answer the participant's message. As for a panel label, the message is on disk before the wait,
   * the page shows a teammate typing, and the wait (up to the partner's timeout) is kept out of active time: each
   * answer's record and message commit together after it (teamClock.ts).
   */
  private async answerPartners(partners: LivePartners): Promise<void> {
    this.flush();
    // Read as it stands meanwhile (teamView does not queue behind the send): the page shows the line, then typing.
    this.labelWaits++;
    let answers;
    try {
      answers = await partners.answer(this.d.resolved, this.state);
    } finally {
      this.labelWaits--;
    }
    if (answers.length === 0) throw new Error(`the engine waits for a live partner of task ${this.d.task.id} but none is due; this is a bug`);
    this.absorb(this.d.log.appendAll(this.d.id, answers.flatMap((a) => [{ kind: PARTNER_REPLY, payload: a.record }, { kind: a.message.type, payload: a.message }])));
  }

  private async label(): Promise<void> {
    // The participant's message is on disk before any wait for the labeller.
    this.flush();
    this.labelWaits++;
    let decision;
    try {
      decision = await this.d.labeller.label(labelRequestOf(this.d.resolved, this.state));
    } finally {
      this.labelWaits--;
    }
    this.persist(labelDecided(decision));
  }

  /** `checking`: the run's hidden tests run in the background (teamCheck.ts); the engine waits for their `checked`. */
  private async carryOut(effect: Effect): Promise<'checking' | void> {
    if (effect.type === 'append') return this.persist(effect.event);
    if (effect.type === 'edit_file') return this.teammateEdit(effect);
    const inputs = this.checkInputs();
    if (!checksInPython(this.d.resolved)) return this.persist({ type: 'checked', score: scoreNow(inputs) });
    const score = this.check.take();
    if (score) return this.persist({ type: 'checked', score });
    // Everything before the check is on disk (flushed by checkInputs) before the request is answered.
    this.check.start(
      () => scoreInPython(this.d.python, this.d.id, inputs),
      () => this.serial(() => this.settle()),
    );
    return 'checking';
  }

  /** A scripted teammate (or the previous model) changes a file itself. */
  private teammateEdit(effect: Extract<Effect, { type: 'edit_file' }>): void {
    // The journal commits the edit itself: what came before it is committed first, so the log keeps the order.
    this.flush();
    const ws = this.d.workspace;
    if (!ws) throw new Error(`task ${this.d.task.id} edits ${effect.path} but has no workspace`);
    teammateEdit(ws, effect, this.recorder);
  }

  private checkInputs(): CheckInputs {
    this.flush();
    const ws = this.d.workspace;
    // The checker reads the files the log records, not whatever is on disk.
    return { resolved: this.d.resolved, state: this.state, files: ws ? ws.journal.files() : {}, hashesBefore: ws ? { ...ws.space.hashesBefore } : {} };
  }
}
