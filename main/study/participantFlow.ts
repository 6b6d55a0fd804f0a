import type { Answers, ParticipantScreen } from '../../shared/contract/study.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { currentStep, currentStepIndex, participantStatus, type ParticipantState } from '../../shared/study/fold.js';
import type { StudyEvent } from '../../shared/study/log.js';
import { startCellRun } from './runStarter.js';
import { checkAnswers, closedScreen, participantScreen, questionsOfStep, stepToken } from './screens.js';
import type { StudyContext } from './studyContext.js';

type Screen = Promise<Result<ParticipantScreen>> | Result<ParticipantScreen>;

/**
 * The participant's side of a visit: each call checks the screen it came from (its step token), records the
 * participant's action in the study log (committed) and only then returns the next screen.
 */
export class ParticipantFlow {
  private readonly starting = new Map<string, Promise<Result<ParticipantScreen>>>();

  constructor(
    private readonly c: StudyContext,
    /**
     * The participant's page looks at their visit: an invited participant's plan is fixed now, and an online visit
     * idle past the study's window is recorded abandoned (handlers.ts).
     */
    private readonly look: (studyKey: string, p: ParticipantState) => void = () => {},
  ) {}

  /** The participant's state after the look that may close an idle visit. */
  private located(participantId: string): Result<{ studyKey: string; p: ParticipantState }> {
    const found = this.c.locate(participantId);
    if (!found.ok) return found;
    this.look(found.value.studyKey, found.value.p);
    const again = this.c.participant(found.value.studyKey, participantId);
    return again.ok ? ok({ studyKey: found.value.studyKey, p: again.value.p }) : again;
  }

  screen(participantId: string): Result<ParticipantScreen> {
    const found = this.located(participantId);
    if (!found.ok) return ok(closedScreen(participantId, 'erased', found.error.message));
    const { studyKey } = found.value;
    const p = this.noticeRunEnd(studyKey, found.value.p);
    const source = this.c.source(studyKey);
    if (!source.ok) return fail(source.error.code, 'This study cannot be shown right now. Please ask the experimenter.');
    return ok(participantScreen(p, this.c.screenContext(source.value, p)));
  }

  consent(participantId: string, token: string, agree: boolean): Screen {
    return this.act(participantId, token, ['consent'], (p, i) =>
      agree
        ? [
            { kind: 'consent_given', payload: { participantId: p.id, step: i } },
            { kind: 'step_advanced', payload: { participantId: p.id, from: i, to: i + 1, detour: false } },
          ]
        : [{ kind: 'consent_declined', payload: { participantId: p.id } }],
    );
  }

  answer(participantId: string, token: string, answers: Answers): Screen {
    const found = this.c.locate(participantId);
    if (!found.ok) return found;
    const source = this.c.source(found.value.studyKey);
    if (!source.ok) return source;
    return this.act(participantId, token, ['screener', 'manipulation_check', 'questionnaire'], (p, i, kind) => {
      const checked = checkAnswers(questionsOfStep(source.value.protocol, kind) ?? [], answers);
      if (checked.problem) return checked.problem;
      const screen = kind as 'screener' | 'manipulation_check' | 'questionnaire';
      const answered: StudyEvent = { kind: 'answered', payload: { participantId: p.id, step: i, screen, answers, screenedOut: checked.screenedOut } };
      if (checked.screenedOut) return [answered];
      return [answered, { kind: 'step_advanced', payload: { participantId: p.id, from: i, to: i + 1, detour: false } }];
    });
  }

  next(participantId: string, token: string): Screen {
    return this.act(participantId, token, ['instructions', 'run', 'practice', 'break', 'debrief'], (p, i, kind) => {
      if (kind === 'run' || kind === 'practice') {
        const run = p.runs.find((r) => r.runId === p.currentRun);
        if (!run) return 'Start the task first.';
        if (run.endedHow === null) return 'The task has not ended yet.';
      }
      if (p.detour) return [{ kind: 'step_advanced', payload: { participantId: p.id, from: i, to: p.stepIndex, detour: true } }];
      return [{ kind: 'step_advanced', payload: { participantId: p.id, from: i, to: i + 1, detour: false } }];
    });
  }

  withdraw(participantId: string, token: string): Screen {
    return this.act(participantId, token, ['debrief'], (p) => [
      { kind: 'participant_withdrawn', payload: { participantId: p.id, reason: 'withdrew at the debrief', by: 'participant' } },
    ]);
  }

  /** Starts the current run step's session, or returns the one already started; one start at a time per participant. */
  startRun(participantId: string, token: string): Promise<Result<ParticipantScreen>> {
    const inFlight = this.starting.get(participantId);
    if (inFlight) return inFlight;
    const work = this.doStartRun(participantId, token).finally(() => this.starting.delete(participantId));
    this.starting.set(participantId, work);
    return work;
  }

  private async doStartRun(participantId: string, token: string): Promise<Result<ParticipantScreen>> {
    const found = this.located(participantId);
    if (!found.ok) return found;
    const { studyKey, p } = found.value;
    const refused = this.refuse(p, token, ['run', 'practice']);
    if (refused) return refused;
    if (p.currentRun) return this.screen(participantId);
    const step = currentStep(p)!;
    if (step.kind !== 'run' && step.kind !== 'practice') return fail('conflict', 'This screen has no task to start.');
    const started = await startCellRun(this.c.s, studyKey, p.code, step.cell);
    if (!started.ok) return started;
    // Read again: the start awaited the runner, and the study log is the authority on attempts.
    const now = this.c.participant(studyKey, participantId);
    if (!now.ok) return now;
    const attempt = now.value.p.runs.filter((r) => r.cell === step.cell.cell).length + 1;
    const appended = this.c.logs.append(studyKey, [
      {
        kind: 'run_started',
        payload: {
          participantId,
          step: currentStepIndex(p)!,
          cell: step.cell.cell,
          runId: started.value.runId,
          attempt,
          seat: started.value.seat,
          practice: step.kind === 'practice' || step.cell.practice,
        },
      },
    ]);
    if (!appended.ok) return appended;
    return this.screen(participantId);
  }

  /** A run that ended in its own log but not yet in the study log gets its `run_ended` now (the end is never lost). */
  noticeRunEnd(studyKey: string, p: ParticipantState): ParticipantState {
    const run = p.runs.find((r) => r.runId === p.currentRun);
    const log = this.c.s.database.eventLog;
    if (!run || run.endedHow !== null || !log) return p;
    const session = log.getSession(run.runId);
    // Asked on every step read (a kiosk reads its step at its run's events): the run's log is caught up, not replayed.
    const read = session ? this.c.runLogs.session(log, session) : null;
    if (!read?.over) return p;
    this.c.logs.append(studyKey, [{ kind: 'run_ended', payload: { participantId: p.id, runId: run.runId, how: read.over } }]);
    const again = this.c.participant(studyKey, p.id);
    return again.ok ? again.value.p : p;
  }

  private refuse(p: ParticipantState, token: string, kinds: readonly string[]): Result<never> | null {
    if (participantStatus(p) !== 'active') return fail('conflict', 'This visit is over.');
    if (token !== stepToken(p)) return fail('conflict', 'This screen has already moved on; showing where you are now.');
    const step = currentStep(p);
    if (!step || !kinds.includes(step.kind)) return fail('conflict', 'This action does not belong to the current screen.');
    return null;
  }

  /** Checks, records (one transaction), then returns the next screen. `decide` returns the events, or a refusal. */
  private act(participantId: string, token: string, kinds: readonly string[], decide: (p: ParticipantState, index: number, kind: string) => StudyEvent[] | string): Result<ParticipantScreen> {
    const found = this.located(participantId);
    if (!found.ok) return found;
    const { studyKey } = found.value;
    const p = this.noticeRunEnd(studyKey, found.value.p);
    const refused = this.refuse(p, token, kinds);
    if (refused) return refused;
    const decided = decide(p, currentStepIndex(p)!, currentStep(p)!.kind);
    if (typeof decided === 'string') return fail('bad_request', decided);
    const appended = this.c.logs.append(studyKey, decided);
    if (!appended.ok) return appended;
    return this.screen(participantId);
  }
}
