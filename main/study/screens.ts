import crypto from 'node:crypto';
import type { Answers, ParticipantScreen, Question } from '../../shared/contract/study.js';
import type { Question as ProtocolQuestion } from '../../shared/study/protocolScreens.js';
import { currentStep, currentStepIndex, participantStatus, type ParticipantState } from '../../shared/study/fold.js';
import type { StudyProtocol } from '../../shared/study/protocol.js';
import { completionAddress } from '../../shared/study/enrolment.js';

/** Opaque per screen: changes whenever the participant's screen changes, and says nothing about the plan. */
export function stepToken(p: ParticipantState): string {
  return crypto.createHash('sha256').update(`${p.id}:${p.moves}:${currentStepIndex(p) ?? -1}`).digest('hex').slice(0, 16);
}

export function questionsForParticipant(questions: readonly ProtocolQuestion[]): Question[] {
  return questions.map((q): Question => {
    switch (q.kind) {
      case 'likert':
        return { id: q.id, kind: 'likert', text: q.text, required: q.required, points: q.points, anchors: q.anchors ?? null };
      case 'choice':
        return { id: q.id, kind: 'choice', text: q.text, required: q.required, choices: q.choices, multiple: q.multiple };
      case 'text':
        return { id: q.id, kind: 'text', text: q.text, required: q.required, maxLength: q.max_length };
    }
  });
}

/** The questions of the screen a step shows, or null for a step without questions. */
export function questionsOfStep(protocol: StudyProtocol, kind: string): readonly ProtocolQuestion[] | null {
  const s = protocol.screens;
  if (kind === 'screener') return s.screener?.questions ?? [];
  if (kind === 'manipulation_check') return s.manipulation_check?.questions ?? [];
  if (kind === 'questionnaire') return s.questionnaire?.questions ?? [];
  return null;
}

const closedMessages = {
  declined: 'You chose not to take part. Thank you for your time; nothing else was recorded.',
  screened_out: 'Thank you for your interest. This study is looking for people with a different profile.',
  withdrawn: 'Your data has been withdrawn from the study. Thank you for your time.',
  void: 'This visit was cancelled by the experimenter. Please ask them for help.',
  finished: 'You have finished this study. Thank you for taking part.',
  not_started: 'Your visit has not been started yet. Please ask the experimenter.',
  erased: 'This participant link is no longer valid.',
  abandoned: 'This visit was closed because nothing happened in it for a long time, and its place went to someone else. Please return the study on the recruitment platform. Thank you for your interest.',
} as const;

export function closedScreen(participantId: string, reason: keyof typeof closedMessages, message?: string): ParticipantScreen {
  return { participantId, screen: 'closed', reason, message: message ?? closedMessages[reason] };
}

export interface ScreenContext {
  protocol: StudyProtocol;
  /** A team task's title or a Slack query's place ("Question 2"), never its id, version or seed. */
  runTitle: (cell: string) => string;
}

/** What the participant's page shows now. Built field by field: nothing of the plan leaks through a spread. */
export function participantScreen(p: ParticipantState, ctx: ScreenContext): ParticipantScreen {
  const status = participantStatus(p);
  if (status === 'void') return closedScreen(p.id, 'void');
  if (status === 'withdrawn') return closedScreen(p.id, 'withdrawn');
  if (status === 'abandoned') return closedScreen(p.id, 'abandoned');
  if (status === 'declined') return p.screenedOut ? closedScreen(p.id, 'screened_out', ctx.protocol.screens.screener?.screened_out) : closedScreen(p.id, 'declined');
  if (status === 'invited') return closedScreen(p.id, 'not_started');
  const step = currentStep(p);
  const index = currentStepIndex(p) ?? 0;
  const s = ctx.protocol.screens;
  if (!step) return closedScreen(p.id, 'finished');
  const common = { participantId: p.id, stepToken: stepToken(p), step: Math.min(index + 1, p.plan!.steps.length), steps: p.plan!.steps.length };
  switch (step.kind) {
    case 'consent':
      return { ...common, screen: 'consent', title: s.consent.title, text: s.consent.text, checkbox: s.consent.checkbox };
    case 'screener':
    case 'manipulation_check':
    case 'questionnaire':
      return { ...common, screen: step.kind, questions: questionsForParticipant(questionsOfStep(ctx.protocol, step.kind) ?? []) };
    case 'instructions':
      return { ...common, screen: 'instructions', text: s.instructions?.text ?? '' };
    case 'practice':
    case 'run': {
      const run = p.runs.find((r) => r.runId === p.currentRun);
      return {
        ...common,
        screen: 'run',
        seat: step.cell.kind,
        practice: step.kind === 'practice',
        title: ctx.runTitle(step.cell.cell),
        timeLimitSec: step.cell.timeLimitSec ?? null,
        run: run ? { seat: run.seat, runId: run.runId, ended: run.endedHow !== null } : null,
      };
    }
    case 'break':
      return { ...common, screen: 'break', seconds: step.seconds, text: s.breaks?.text ?? 'Take a short break. Continue when you are ready.' };
    case 'debrief':
      return { ...common, screen: 'debrief', text: `${s.debrief.text}\n\n${s.debrief.withdrawal}`, canWithdraw: true };
    case 'completion':
      return {
        ...common,
        screen: 'completion',
        code: p.completionCode ?? '',
        text: s.completion?.text ?? 'Thank you.',
        // Only a participant who came through the study link is sent back to the platform.
        redirect: p.source === 'enrolled' ? completionAddress(ctx.protocol.enrolment, p.completionCode ?? '') : null,
      };
  }
}

/** Checks answers against the screen's questions; returns the problem, or null. `screenedOut` for an ineligible screener answer. */
export function checkAnswers(questions: readonly ProtocolQuestion[], answers: Answers): { problem: string | null; screenedOut: boolean } {
  const known = new Set(questions.map((q) => q.id));
  const extra = Object.keys(answers).find((k) => !known.has(k));
  if (extra) return { problem: `There is no question "${extra}" on this screen.`, screenedOut: false };
  let screenedOut = false;
  for (const q of questions) {
    const a = answers[q.id];
    if (a === undefined || a === '' || (Array.isArray(a) && a.length === 0)) {
      if (q.required) return { problem: `Please answer: ${q.text}`, screenedOut: false };
      continue;
    }
    if (q.kind === 'likert' && (typeof a !== 'number' || a < 1 || a > q.points)) return { problem: `"${q.text}" takes a point from 1 to ${q.points}.`, screenedOut: false };
    if (q.kind === 'text' && (typeof a !== 'string' || a.length > q.max_length)) return { problem: `"${q.text}" takes text of at most ${q.max_length} characters.`, screenedOut: false };
    if (q.kind === 'choice') {
      const picked = typeof a === 'number' ? [a] : Array.isArray(a) ? a : null;
      if (!picked || (!q.multiple && picked.length !== 1) || picked.some((i) => i >= q.choices.length)) {
        return { problem: `"${q.text}" takes ${q.multiple ? 'one or more' : 'one'} of its choices.`, screenedOut: false };
      }
      if (q.eligible && picked.some((i) => !q.eligible!.includes(q.choices[i]!))) screenedOut = true;
    }
  }
  return { problem: null, screenedOut };
}
