/**
 * The label-fidelity audit of a team study (issue 27): auditors' queues over its deciding labels, each auditor's
 * answers an append-only session in the event log (like a rater's), and the figures folded from those logs.
 * Nothing here changes a run: a run's labels are only read.
 */
import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { AuditOverview, AuditState, AuditView } from '../../shared/contract/audit.js';
import { AUDIT_TASK, auditLogKey, foldAudit, type AuditSessionState } from '../../shared/audit/session.js';
import { auditorOrder, describeSample, sampledMessages, type AuditConfig, type AuditSample } from '../../shared/audit/sample.js';
import { auditFigures, type FigureAnswer } from '../../shared/audit/figures.js';
import type { DisputedBranchRule, DisputedRun } from '../../shared/team/export/disputedBranches.js';
import { evaluatedModelId } from '../../shared/team/export/transcript.js';
import { describeProblem } from '../../shared/problems.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import type { EventLog } from '../db/eventLog.js';
import { loadStudyProtocol } from '../studies/protocolLoad.js';
import { foldStudy, type StudyState } from '../../shared/study/fold.js';
import { studyLogKey, STUDY_LOG_TASK } from '../study/studyLog.js';
import { AuditItemSource, type StudyAuditItem, type StudyAuditItems } from './auditItems.js';

interface StudyAuditConfig {
  title: string;
  audit: AuditConfig;
  disputedBranch: DisputedBranchRule;
}

// Reading a protocol validates and hashes the whole pack: kept briefly, as the study service does.
const CONFIG_TTL_MS = 30_000;

export class AuditService {
  private readonly source: AuditItemSource;
  private readonly configs = new Map<string, { at: number; value: Result<StudyAuditConfig> }>();

  constructor(private readonly s: AppServices) {
    this.source = new AuditItemSource(s.library);
  }

  private log(): Result<EventLog> {
    const log = this.s.database.eventLog;
    return log ? ok(log) : fail('database', 'The session database cannot be used; see the message on the library screen.');
  }

  config(studyKey: string): Result<StudyAuditConfig> {
    const kept = this.configs.get(studyKey);
    if (kept && Date.now() - kept.at < CONFIG_TTL_MS) return kept.value;
    const value = this.readConfig(studyKey);
    this.configs.set(studyKey, { at: Date.now(), value });
    return value;
  }

  private readConfig(studyKey: string): Result<StudyAuditConfig> {
    const study = this.s.library.open(studyKey);
    const dir = this.s.library.dirOf(studyKey);
    if (!study || !dir) return fail('not_found', `No study "${studyKey}" in the library.`);
    if (study.kind !== 'team') return fail('bad_request', `"${study.title}" is not a team study: only a team study's labels decide a teammate's branch, so only a team study has a label audit.`);
    const loaded = loadStudyProtocol(dir);
    if (!loaded.ok) return fail('invalid_pack', `"${study.title}" has no usable protocol: ${loaded.problems.map(describeProblem).join('; ')}`);
    const protocol = loaded.value.protocol;
    if (protocol.kind !== 'team') return fail('bad_request', `"${study.title}" is not a team study.`);
    return ok({ title: study.title, audit: protocol.audit, disputedBranch: protocol.scoring.disputed_branch });
  }

  items(studyKey: string): Result<StudyAuditItems> {
    const log = this.log();
    if (!log.ok) return log;
    const state = studyStateOf(log.value, studyKey);
    if (!state) return ok({ items: [], byRun: new Map(), tasks: new Map(), problems: [] });
    return ok(this.source.read(log.value, studyKey, state));
  }

  /** The auditor's queue: the sampled deciding labels of counted runs, in the auditor's own seeded order. */
  private queueOf(all: StudyAuditItems, sample: AuditSample, seed: number, auditor: string): StudyAuditItem[] {
    const chosen: StudyAuditItem[] = [];
    for (const [runId, items] of all.byRun) {
      if (!items[0]?.counted) continue;
      const keep = new Set(sampledMessages(runId, items.map((i) => i.message), sample, seed));
      chosen.push(...items.filter((i) => keep.has(i.message)));
    }
    const byId = new Map(chosen.map((i) => [i.itemId, i]));
    return auditorOrder([...byId.keys()], auditor, seed).map((id) => byId.get(id)!);
  }

  private sessionsOf(log: EventLog, studyKey: string) {
    // listSessions is newest first: an auditor's first session seen is theirs.
    const out = new Map<string, { id: string; stored: StoredEvent[] }>();
    for (const session of log.listSessions(auditLogKey(studyKey))) {
      if (session.taskId !== AUDIT_TASK || out.has(session.participant)) continue;
      out.set(session.participant, { id: session.id, stored: log.replay(session.id) });
    }
    return out;
  }

  open(studyKey: string, auditor: string): Result<AuditView> {
    const log = this.log();
    if (!log.ok) return log;
    const config = this.config(studyKey);
    if (!config.ok) return config;
    const all = this.items(studyKey);
    if (!all.ok) return all;
    let mine = this.sessionsOf(log.value, studyKey).get(auditor);
    let resumed = true;
    if (!mine) {
      const session = log.value.createSession({ studyKey: auditLogKey(studyKey), taskId: AUDIT_TASK, participant: auditor, meta: { kind: 'audit', studyKey } });
      const { sample, seed } = config.value.audit;
      const events = log.value.appendAll(session.id, [
        { kind: 'session_started', payload: { studyKey, taskId: AUDIT_TASK, participant: auditor } },
        { kind: 'audit_started', payload: { auditor, seed, sample } },
      ]);
      for (const event of events) this.s.bus.emit({ type: 'session.event', event });
      mine = { id: session.id, stored: log.value.replay(session.id) };
      resumed = false;
    }
    const state = foldAudit(mine.stored);
    // The sample and seed recorded when this auditor started: a later edit of study.yaml never reshuffles a queue.
    const sample = state.started?.sample ?? config.value.audit.sample;
    const seed = state.started?.seed ?? config.value.audit.seed;
    const queue = this.queueOf(all.value, sample, seed, auditor);
    const shown = this.stateOf(state, queue);
    return ok({
      ...shown,
      sessionId: mine.id,
      studyKey,
      studyTitle: config.value.title,
      auditor,
      queue: queue.map((i) => {
        const task = all.value.tasks.get(i.taskId)!;
        const labels = task.versions[i.version].labels.map((l) => ({ id: l.id, definition: l.definition }));
        return { itemId: i.itemId, taskTitle: task.task.title, labels, conversation: i.conversation.map(({ seat, to, text, you }) => ({ seat, to, text, you })) };
      }),
      resumeAt: queue.find((i) => !shown.answers[i.itemId])?.itemId ?? null,
      resumed: resumed && Object.keys(shown.answers).length > 0,
    });
  }

  private stateOf(state: AuditSessionState, queue: readonly StudyAuditItem[]): AuditState {
    const inQueue = new Set(queue.map((i) => i.itemId));
    const answers = Object.fromEntries(
      Object.entries(state.answers)
        .filter(([id]) => inQueue.has(id))
        .map(([id, a]) => [id, { label: a.label, at: a.at }]),
    );
    return { answers, lastAction: state.lastAction, progress: { done: Object.keys(answers).length, total: queue.length } };
  }

  /** Checks the label against the auditor's queue and the task's labels, appends it, and returns the new state. */
  act(sessionId: string, action: { kind: 'label'; itemId: string; label: string; ms: number } | { kind: 'undo' }): Result<AuditState & { undone: string | null }> {
    const log = this.log();
    if (!log.ok) return log;
    const session = log.value.getSession(sessionId);
    if (!session || session.taskId !== AUDIT_TASK || !session.studyKey.startsWith('audit:')) return fail('not_found', `No audit session ${sessionId}.`);
    const studyKey = session.studyKey.slice('audit:'.length);
    const state = foldAudit(log.value.replay(sessionId));
    if (!state.started) return fail('conflict', `Audit session ${sessionId} has no audit_started event; it cannot be resumed.`);
    const all = this.items(studyKey);
    if (!all.ok) return all;
    const queue = this.queueOf(all.value, state.started.sample, state.started.seed, session.participant);
    let event: { kind: string; payload: unknown };
    if (action.kind === 'undo') {
      if (state.lastAction === null) return ok({ ...this.stateOf(state, queue), undone: null });
      event = { kind: 'audit_label_undone', payload: { itemId: state.lastAction } };
    } else {
      const item = queue.find((i) => i.itemId === action.itemId);
      if (!item) {
        const known = all.value.items.some((i) => i.itemId === action.itemId);
        return fail(
          'bad_request',
          known
            ? 'This message\'s run no longer counts in the study (it was voided, withdrawn or replaced), so it is out of your queue; nothing was recorded.'
            : 'This message is not in your audit queue; nothing was recorded.',
        );
      }
      const labels = all.value.tasks.get(item.taskId)!.versions[item.version].labels.map((l) => l.id);
      if (!labels.includes(action.label)) return fail('bad_request', `"${action.label}" is not a label of this task; expected one of ${labels.join(', ')}. Nothing was recorded.`);
      event = { kind: 'audit_label_given', payload: { itemId: item.itemId, label: action.label, ms: Math.round(action.ms) } };
    }
    const stored = log.value.append(sessionId, event.kind, event.payload);
    this.s.bus.emit({ type: 'session.event', event: stored });
    const after = foldAudit(log.value.replay(sessionId));
    return ok({ ...this.stateOf(after, queue), undone: action.kind === 'undo' ? state.lastAction : null });
  }

  /** Every auditor's current labels, as the figures read them. */
  private answers(log: EventLog, studyKey: string): { answers: FigureAnswer[]; progress: Map<string, { id: string; state: AuditSessionState }> } {
    const answers: FigureAnswer[] = [];
    const progress = new Map<string, { id: string; state: AuditSessionState }>();
    for (const [auditor, session] of this.sessionsOf(log, studyKey)) {
      const state = foldAudit(session.stored);
      progress.set(auditor, { id: session.id, state });
      for (const [itemId, a] of Object.entries(state.answers)) answers.push({ auditor, itemId, label: a.label });
    }
    return { answers, progress };
  }

  overview(studyKey: string): Result<AuditOverview> {
    const log = this.log();
    if (!log.ok) return log;
    const config = this.config(studyKey);
    if (!config.ok) return config;
    const all = this.items(studyKey);
    if (!all.ok) return all;
    const { answers, progress } = this.answers(log.value, studyKey);
    const labelSets = Object.fromEntries([...all.value.tasks].map(([id, t]) => [id, t.versions.manipulation.labels.map((l) => l.id)]));
    const figures = auditFigures(
      all.value.items.map((i) => ({ ...i, recorded: i.recorded.label })),
      answers,
      labelSets,
      { seed: config.value.audit.seed },
    );
    const runOf = new Map(all.value.items.map((i) => [i.runId, i]));
    const { sample, seed } = config.value.audit;
    const counted = [...all.value.byRun.values()].filter((items) => items[0]?.counted);
    return ok({
      studyKey,
      title: config.value.title,
      sample: describeSample(sample),
      seed,
      disputedBranch: config.value.disputedBranch,
      deciding: counted.reduce((n, items) => n + items.length, 0),
      sampled: this.queueOf(all.value, sample, seed, '-').length,
      auditors: [...progress].map(([auditor, p]) => {
        const queue = this.queueOf(all.value, p.state.started?.sample ?? sample, p.state.started?.seed ?? seed, auditor);
        const shown = this.stateOf(p.state, queue);
        return { auditor, sessionId: p.id, done: shown.progress.done, total: shown.progress.total };
      }),
      tasks: figures.tasks.map((t) => ({
        taskId: t.taskId,
        title: all.value.tasks.get(t.taskId)?.task.title ?? t.taskId,
        itemsAudited: t.itemsAudited,
        labelsAudited: t.labelsAudited,
        agree: t.agree,
        agreement: t.comparison?.agreement ?? { value: null, low: null, high: null },
        kappa: t.comparison?.kappa ?? { value: null, low: null, high: null },
        disagree: t.disputes.length,
        changesLine: t.disputes.filter((d) => d.changesLine).length,
        branchDisputed: t.branchDisputed.map((b) => {
          const run = runOf.get(b.runId)!;
          return { runId: b.runId, participant: run.code, version: run.version, seed: run.seed, round: b.round, reason: b.reason };
        }),
      })),
      leftOut: figures.leftOut,
      problems: all.value.problems,
    });
  }

  /** Branch-disputed counted runs, as final_results.json names them, and the study's rule for them. */
  disputedForScoring(studyKey: string): { runs: DisputedRun[]; rule: DisputedBranchRule } | null {
    // A study nobody audits is scored as before, without working out its deciding labels.
    if (!this.s.database.eventLog?.listSessions(auditLogKey(studyKey)).some((x) => x.taskId === AUDIT_TASK)) return null;
    const overview = this.overview(studyKey);
    if (!overview.ok) return null;
    const runs = overview.value.tasks.flatMap((t) =>
      t.branchDisputed.map((b) => ({ model: evaluatedModelId(b.participant), scenario: t.taskId, version: b.version, seed: b.seed, reason: b.reason })),
    );
    return { runs, rule: overview.value.disputedBranch };
  }
}

const services = new WeakMap<AppServices, AuditService>();
/** The one audit service of an app (the scorer and the handlers share its caches). */
export function auditServiceOf(s: AppServices): AuditService {
  let service = services.get(s);
  if (!service) {
    service = new AuditService(s);
    services.set(s, service);
  }
  return service;
}

/** The study's fold (read here, not through the scorer, which itself asks this service). */
function studyStateOf(log: EventLog, studyKey: string): StudyState | null {
  const session = log.listSessions(studyLogKey(studyKey)).find((x) => x.taskId === STUDY_LOG_TASK);
  return session ? foldStudy(log.replay(session.id)) : null;
}
