import { fail, ok } from '../../shared/result.js';
import type { studyMethods } from '../../shared/contract/study.js';
import { findRun, participantStatus, type ParticipantState } from '../../shared/study/fold.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { eraseParticipant, finishErasures } from './erasure.js';
import { Experimenter } from './experimenter.js';
import { ParticipantFlow } from './participantFlow.js';
import { ResultsWriter } from './resultsWriter.js';
import { prepareStudyWorkspaces, slackQueriesOf } from './slackPreparation.js';
import { StudyContext } from './studyContext.js';
import { STUDY_LOG_TASK } from './studyLog.js';
import { EnrolmentService } from './enrolment.js';
import type { AccessControl } from '../access/accessControl.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';

/** Run-log kinds after which a run may be over for its participant (team: ended, submitted, time up; Slack: submitted). */
const RUN_OVER_KINDS = new Set(['ended', 'submitted', 'time_up']);

// Keyed by the app's event bus: the composition root spreads its services into a new object, the bus stays the same.
const resultsWriters = new WeakMap<AppServices['bus'], ResultsWriter>();

/** The app's results writer (tests wait on `idle()`; scoring subscribes with onRunWritten). */
export const resultsWriterOf = (s: Pick<AppServices, 'bus'>): ResultsWriter | undefined => resultsWriters.get(s.bus);

/**
 * The study service: participants, plans and visits over the study log, and the one results writer, which
 * follows the runs' ends on the event bus and repairs results/ at startup.
 */
export function setupStudyProtocolHandlers(
  s: AppServices,
  access: AccessControl,
): Pick<AppHandlers, keyof typeof studyMethods | 'enrolVisit' | 'enrolmentParameter' | 'enrolmentLink'> {
  const writer = new ResultsWriter(s);
  resultsWriters.set(s.bus, writer);
  const c = new StudyContext(s, writer);
  const experimenter = new Experimenter(c);
  const wallClock = s.options.wallClock;
  // An abandoned visit's open run, team or Slack, is paused from its last event (idle time is downtime, not time on
  // task) and as the experimenter's pause, so nothing can lift it from the seat; its results are excluded as `abandoned`.
  const stopAbandonedRuns = (_studyKey: string, abandoned: readonly ParticipantState[]) => {
    for (const p of abandoned) {
      const run = p.runs.find((r) => r.runId === p.currentRun && r.endedHow === null && r.voided === null);
      if (run?.seat === 'slack') {
        const paused = slackRunsOf(s).pauseAbandoned(run.runId, 'visit abandoned');
        if (!paused.ok) s.log.warn('an abandoned visit’s run could not be paused', { error: paused.error.message });
      }
      if (run?.seat !== 'team') continue;
      const team = teamSessionsOf(s).get(run.runId);
      if (!team.ok) continue;
      void team.value.pauseAbandoned('visit abandoned').then(
        (r) => (r.ok ? undefined : s.log.warn('an abandoned visit’s run could not be paused', { error: r.error.message })),
        (err: unknown) => s.log.error('an abandoned visit’s run could not be paused', { error: String(err) }),
      );
    }
  };
  const enrolment = new EnrolmentService(c, experimenter, c.enrolmentMap, wallClock ? () => wallClock().getTime() : Date.now, stopAbandonedRuns);
  const startVisit = (studyKey: string, participantId: string) => {
    const started = experimenter.start(studyKey, participantId);
    const found = started.ok ? c.participant(studyKey, participantId) : null;
    const queries = found?.ok && found.value.p.plan ? slackQueriesOf(found.value.p.plan) : [];
    if (queries.length > 0) prepareStudyWorkspaces(s, studyKey, queries);
    return started;
  };
  const flow = new ParticipantFlow(c, (studyKey, p) => {
    // A link handed out is not a start: the plan is fixed when the participant's page first opens (issue 25).
    if (p.plan === null && participantStatus(p) === 'invited') {
      const started = startVisit(studyKey, p.id);
      if (!started.ok) s.log.warn('a visit could not start when its page opened', { error: started.error.message });
      return;
    }
    // The participant's own page is a look too: a visit idle past the window is closed before it is shown.
    const source = c.source(studyKey);
    if (source.ok && source.value.protocol.enrolment) enrolment.sweep(studyKey, source.value.protocol.enrolment, p.id);
  });
  /** Slack studies whose workspaces were put in preparation when their participants were first listed. */
  const prepared = new Set<string>();

  // A run linked to a plan cell ended in its own log: the study log says so too (run_ended), so the participant's
  // "Next" opens and the dashboard moves on. A crash before this is caught up by noticeRunEnd and at startup.
  // A submitted team run is over for the participant while its check runs (issue 13): the plan moves on at once.
  s.closers.push(
    s.bus.subscribe((e) => {
      if (e.type !== 'session.event' || !RUN_OVER_KINDS.has(e.event.kind)) return;
      const log = s.database.eventLog;
      const session = log?.getSession(e.event.sessionId);
      if (!log || !session || session.taskId === STUDY_LOG_TASK) return;
      const link = findRun(c.logs.state(session.studyKey), session.id);
      // The run's log as the study's cache keeps it: caught up with what is new, not read whole (issue 13).
      const read = c.runLogs.session(log, session);
      if (!link || link.run.endedHow !== null || !read?.over) return;
      c.logs.append(session.studyKey, [{ kind: 'run_ended', payload: { participantId: link.participant.id, runId: session.id, how: read.over } }]);
    }),
  );
  s.closers.push(() => writer.stop());
  // Idle visits are also closed on a timer, not only when someone looks: an abandoned seat's run must not stay live
  // (its clock, its partners) for hours because nobody opened the participants panel. Once a minute is plenty for
  // windows given in minutes; only studies with a log and `protocol.enrolment` are looked at.
  const sweeping = setInterval(() => {
    try {
      for (const studyKey of c.logs.studyKeys()) {
        const online = c.source(studyKey);
        if (online.ok && online.value.protocol.enrolment) enrolment.sweep(studyKey, online.value.protocol.enrolment);
      }
    } catch (err) {
      s.log.warn('the sweep for abandoned visits failed; the next look tries again', { error: String(err) });
    }
  }, 60_000);
  sweeping.unref();
  s.closers.push(() => clearInterval(sweeping));
  writer.start();
  finishErasures(c);

  return {
    studyParticipants: ({ studyKey }) => {
      const online = c.source(studyKey);
      if (online.ok && online.value.protocol.enrolment) enrolment.sweep(studyKey, online.value.protocol.enrolment);
      const overview = experimenter.overview(studyKey);
      // The first look at a Slack study's participants starts importing its workspaces, long before anyone plays.
      const source = overview.ok && !prepared.has(studyKey) ? c.source(studyKey) : null;
      if (source?.ok && source.value.protocol.kind === 'slack') {
        prepared.add(studyKey);
        prepareStudyWorkspaces(s, studyKey);
      }
      return overview;
    },
    studyAddParticipants: ({ studyKey, count, codes }) => experimenter.add(studyKey, { ...(count !== undefined ? { count } : {}), ...(codes !== undefined ? { codes } : {}) }),
    studyStartParticipant: ({ studyKey, participantId }) => startVisit(studyKey, participantId),
    studyVoid: ({ studyKey, participantId, runId, reason }) => experimenter.void(studyKey, participantId, reason, runId),
    studyWithdraw: async ({ studyKey, participantId, reason }) => {
      const found = c.participant(studyKey, participantId);
      const p = found.ok && !found.value.p.withdrawn ? found.value.p : undefined;
      const run = p?.runs.find((r) => r.runId === p.currentRun && r.endedHow === null && r.voided === null);
      // A team run in progress stops with the withdrawal: paused, so no more time counts and the seat takes nothing
      // more. It is never ended as if played out; the fold marks it abandoned. Paused first, while the participant
      // still owns the run: their page hears it on the run's stream (once withdrawn they hear nothing more) and reads
      // its screen again, which by then says they withdrew.
      if (run?.seat === 'team') {
        const team = teamSessionsOf(s).get(run.runId);
        if (team.ok && team.value.view().status !== 'paused' && team.value.view().status !== 'ended') await team.value.pause('participant withdrawn', 'experimenter');
      }
      return experimenter.withdraw(studyKey, participantId, reason);
    },
    studyCorrectCode: ({ studyKey, participantId, code }) => experimenter.correctCode(studyKey, participantId, code),
    studyRerunCell: ({ studyKey, participantId, cell, reason }) => experimenter.rerun(studyKey, participantId, cell, reason),
    studyChooseAttempt: ({ studyKey, participantId, cell, attempt }) => experimenter.chooseAttempt(studyKey, participantId, cell, attempt),
    studyErase: ({ studyKey, participantId, confirmCode }) => eraseParticipant(c, studyKey, participantId, confirmCode),
    studyWriteResults: async ({ studyKey }) => {
      await writer.idle();
      const report = writer.reconcile(studyKey);
      if (!report) return fail('not_found', `No study "${studyKey}" with results to write.`);
      const { dir, written, moved, removed, problems } = report;
      return ok({ dir, written, moved, removed, problems });
    },

    enrolmentParameter: (_args, ctx) => {
      const scope = ctx.access;
      if (scope?.kind !== 'enrolment') return fail('unauthorized', 'Open the study through its study link.');
      const source = c.source(scope.studyKey);
      const config = source.ok ? source.value.protocol.enrolment : undefined;
      return config ? ok({ idParameter: config.id_parameter }) : fail('conflict', 'This study does not take participants through a study link.');
    },
    enrolVisit: ({ platformId, held }, ctx) => {
      const scope = ctx.access;
      if (scope?.kind !== 'enrolment') return fail('unauthorized', 'Open the study through its study link.');
      // Only the capability this browser was given at its first visit brings the visit back; the id alone does not.
      const heldScope = held ? access.resolve(held) : null;
      const heldBy = heldScope?.kind === 'participant' && heldScope.studyKey === scope.studyKey ? heldScope.participantId : null;
      const enrolled = enrolment.enrol(scope.studyKey, platformId, heldBy);
      if (!enrolled.ok) return enrolled;
      const { participantId, returning } = enrolled.value;
      return ok({ capability: access.linkFor({ kind: 'participant', studyKey: scope.studyKey, participantId }), returning });
    },
    enrolmentLink: ({ studyKey }) => {
      const source = c.source(studyKey, { fresh: true });
      if (!source.ok) return source;
      const config = source.value.protocol.enrolment;
      if (!config) return fail('conflict', 'This study has no `protocol.enrolment` section: add one to take participants through a study link (studies/FORMAT-study.md).');
      return ok({
        fragment: `enrol=${access.linkFor({ kind: 'enrolment', studyKey })}`,
        idParameter: config.id_parameter,
        cap: config.cap,
        abandonAfterMinutes: config.abandon_after_minutes,
        completionUrl: config.completion_url ?? null,
      });
    },

    participantStep: ({ participantId }) => flow.screen(participantId),
    participantConsent: ({ participantId, stepToken, agree }) => flow.consent(participantId, stepToken, agree),
    participantAnswer: ({ participantId, stepToken, answers }) => flow.answer(participantId, stepToken, answers),
    participantNext: ({ participantId, stepToken }) => flow.next(participantId, stepToken),
    participantStartRun: ({ participantId, stepToken }) => flow.startRun(participantId, stepToken),
    participantWithdraw: ({ participantId, stepToken }) => flow.withdraw(participantId, stepToken),
  };
}
