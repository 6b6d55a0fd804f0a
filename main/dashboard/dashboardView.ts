import type { DashboardCell, DashboardNotice, DashboardParticipant, DashboardView, CellStatus } from '../../shared/contract/dashboard.js';
import { countedAttempt, currentStep, exclusionOf, participantStatus, type ParticipantState, type StudyRun } from '../../shared/study/fold.js';
import type { PlanCell } from '../../shared/study/model.js';
import type { StudyState } from '../../shared/study/fold.js';
import type { TeamGlance } from '../../shared/team/viewSchema.js';
import type { RunView } from '../../shared/contract/slack.js';
import { participantRow } from '../study/experimenter.js';

/** What the view needs of a run in progress: the team session at a glance and when its log last moved. */
export interface LiveRun {
  view: TeamGlance | null;
  /** A Slack run's own clock and status (its seat's RunView), so the cell shows the figure the participant's seat does. */
  slack?: Pick<RunView, 'elapsedMs' | 'status' | 'remainingMs' | 'warnAtMs'> | null;
  lastEventAt: string | null;
  /** The run could not be opened (its log or pack is broken): said as a notice. */
  error: string | null;
}

export interface ViewInputs {
  studyKey: string;
  title: string;
  state: StudyState;
  taskTitles: Record<string, string>;
  /** Only asked for a participant's current run that has not ended. */
  live(runId: string, seat: 'team' | 'slack'): LiveRun;
  /** Whether a run that is over for its participant is still being checked (its hidden tests run after the submit). */
  checking(runId: string): boolean;
  now: Date;
  /** Minutes without an event on a participant's turn before "idle" is shown. */
  idleMinutes: number;
}

const runCellsOf = (p: ParticipantState): PlanCell[] =>
  (p.plan?.steps ?? []).flatMap((s) => (s.kind === 'run' || s.kind === 'practice' ? [s.cell] : []));
const taskOf = (c: PlanCell) => (c.kind === 'team' ? c.taskId : c.queryId);
const titleOf = (i: ViewInputs, c: PlanCell) => i.taskTitles[taskOf(c)] ?? taskOf(c);

/**
 * Participants × plan cells, folded from the study log (cached, caught up event by event) plus, for each run in
 * progress, the open session at a glance. Nothing here reads a pack or rebuilds a closed run, so a dashboard
 * refresh on every event stays cheap with twenty participants playing.
 */
export function buildDashboard(i: ViewInputs): DashboardView {
  // Cell ids are places in each participant's own order (a Latin square gives the next one another task first),
  // so a column is named by its task only when everyone plays that task there; otherwise by its place.
  const cells = new Map<string, { cell: string; practice: boolean; tasks: Set<string>; place: number }>();
  for (const p of i.state.participants) {
    let place = 0;
    for (const c of runCellsOf(p)) {
      if (!c.practice) place++;
      const column = cells.get(c.cell) ?? { cell: c.cell, practice: c.practice, tasks: new Set<string>(), place };
      column.tasks.add(titleOf(i, c));
      cells.set(c.cell, column);
    }
  }
  return {
    studyKey: i.studyKey,
    title: i.title,
    cells: [...cells.values()].map((c) => {
      const sameTask = c.tasks.size === 1;
      const what = sameTask ? [...c.tasks][0]! : c.practice ? 'practice' : `Task ${c.place}`;
      return { cell: c.cell, label: c.practice && sameTask ? `Practice: ${what}` : c.practice ? 'Practice' : what, practice: c.practice, sameTask };
    }),
    participants: i.state.participants.map((p) => participantOf(p, i)),
    at: i.now.toISOString(),
  };
}

export function participantOf(p: ParticipantState, i: ViewInputs): DashboardParticipant {
  const status = participantStatus(p);
  const current = p.runs.find((r) => r.runId === p.currentRun) ?? null;
  const live = current && current.endedHow === null && current.voided === null && status === 'active' ? i.live(current.runId, current.seat) : null;
  const cells = runCellsOf(p).map((c): DashboardCell => {
    const latest = shownRun(p, c.cell);
    const isLive = latest !== null && live !== null && latest.runId === current?.runId;
    const view = isLive ? live.view : null;
    const slack = isLive ? (live.slack ?? null) : null;
    return {
      cell: c.cell,
      task: titleOf(i, c),
      status: checkingOr(cellStatus(p, latest, view?.status === 'paused' || slack?.status === 'paused'), latest, i),
      runId: latest?.runId ?? null,
      attempt: latest?.attempt ?? null,
      round: view?.round ?? null,
      rounds: view?.rounds ?? null,
      activeMs: view?.clock?.activeMs ?? slack?.elapsedMs ?? null,
    };
  });
  const step = currentStep(p);
  const cell = step && (step.kind === 'run' || step.kind === 'practice') ? step.cell : null;
  return {
    row: participantRow(p),
    cells,
    // A withdrawn or void participant is nowhere: their last place is not shown as where they are.
    current: p.plan && !p.withdrawn && !p.voided ? { cell: cell?.cell ?? null, task: cell ? (i.taskTitles[taskOf(cell)] ?? taskOf(cell)) : null, screen: status === 'finished' ? 'finished' : (step?.kind ?? 'finished') } : null,
    pausable: pausableOf(live),
    notices: noticesOf(p, live, i),
  };
}

/**
 * The run a cell shows: its latest attempt while that one is being played; once it is over, the attempt that counts
 * (issue 25: a cell showed "Excluded" when the experimenter had chosen an earlier attempt to count, or "Void" when a
 * rerun after a counted attempt was voided). With no counted attempt, the latest says why.
 */
function shownRun(p: ParticipantState, cell: string): StudyRun | null {
  const runs = p.runs.filter((r) => r.cell === cell);
  const latest = runs.at(-1) ?? null;
  if (!latest || (latest.endedHow === null && latest.voided === null)) return latest;
  const counted = countedAttempt(p, cell);
  return runs.find((r) => r.attempt === counted && r.endedHow !== null && r.voided === null) ?? latest;
}

/** What the row's button does to the run in progress: a team run or a Slack run, each by its own status. */
function pausableOf(live: LiveRun | null): DashboardParticipant['pausable'] {
  if (live?.view) return live.view.status === 'paused' ? 'resume' : live.view.status === 'ended' || live.view.status === 'checking' ? null : 'pause';
  if (live?.slack) return live.slack.status === 'paused' ? 'resume' : live.slack.status === 'running' ? 'pause' : null;
  return null;
}

/** A run over for its participant but still being checked shows so, not as done (nor the participant as idle). */
function checkingOr(status: CellStatus, run: StudyRun | null, i: ViewInputs): CellStatus {
  return run && (status === 'done' || status === 'excluded') && i.checking(run.runId) ? 'checking' : status;
}

function cellStatus(p: ParticipantState, run: StudyRun | null, paused: boolean): CellStatus {
  if (p.voided || run?.voided) return 'void';
  if (!run) return 'not_started';
  if (run.endedHow === null) {
    if (p.withdrawn || participantStatus(p) !== 'active') return 'abandoned';
    return paused ? 'paused' : 'in_progress';
  }
  if (run.endedHow === 'abandoned') return 'abandoned';
  const excluded = exclusionOf(p, run);
  return excluded === null || excluded === 'practice' ? 'done' : 'excluded';
}

function noticesOf(p: ParticipantState, live: LiveRun | null, i: ViewInputs): DashboardNotice[] {
  const notices: DashboardNotice[] = [];
  const ended = p.runs.filter((r) => r.endedHow !== null && r.voided === null && !knownEnd(r.endedHow));
  for (const r of ended) notices.push({ kind: 'run_error', text: `Run of ${r.cell} ended with "${r.endedHow}".` });
  if (!live) return notices;
  if (live.error) notices.push({ kind: 'run_error', text: live.error });
  if (live.slack) return [...notices, ...slackNotices(live.slack, live.lastEventAt, i)];
  const view = live.view;
  if (!view || view.status === 'ended' || view.status === 'checking' || view.status === 'paused') return notices;
  const { clock } = view;
  if (clock && clock.warnAtMs !== null && clock.limitMs !== null && clock.activeMs >= clock.warnAtMs) notices.push(limitNear(clock.limitMs - clock.activeMs));
  if (view.status === 'waiting' && live.lastEventAt && i.now.getTime() - Date.parse(live.lastEventAt) > 30_000) {
    notices.push({ kind: 'waiting_for_label', text: 'Waiting for a label before the teammates answer.' });
  }
  if (view.status === 'your_turn') notices.push(...idleSince(live.lastEventAt, i));
  return notices;
}

/**
 * A Slack run in progress: the limit is near once its seat's warning time is reached (the participant's run bar
 * warns then too), and the participant is idle when no tool call or answer was recorded for a while.
 */
function slackNotices(run: NonNullable<LiveRun['slack']>, lastEventAt: string | null, i: ViewInputs): DashboardNotice[] {
  if (run.status !== 'running') return [];
  const near = run.warnAtMs !== undefined && run.elapsedMs >= run.warnAtMs ? [limitNear(run.remainingMs)] : [];
  return [...near, ...idleSince(lastEventAt, i)];
}

const limitNear = (remainingMs: number): DashboardNotice => ({
  kind: 'time_limit_near',
  text: `Time limit near: ${Math.max(0, Math.ceil(remainingMs / 60_000))} min left.`,
});

function idleSince(lastEventAt: string | null, i: ViewInputs): DashboardNotice[] {
  if (!lastEventAt) return [];
  const idle = Math.floor((i.now.getTime() - Date.parse(lastEventAt)) / 60_000);
  return idle >= i.idleMinutes ? [{ kind: 'idle', text: `Idle for ${idle} minute${idle === 1 ? '' : 's'}.` }] : [];
}

const knownEnds = new Set(['submitted', 'max_rounds', 'walked_away', 'deal_accepted', 'script_ended', 'abandoned', 'time_limit', 'answered', 'skipped', 'gave_up']);
const knownEnd = (how: string) => knownEnds.has(how);
