/**
 * The adjudicator's session: one log session per study (task `adjudication`, participant = the adjudicator's id),
 * so the adjudicator's rater-scope link owns it and nothing else. Each decision is appended, and committed,
 * before the call returns; the consensus is always re-derived from the raters' logs and this one.
 */
import type { z } from 'zod';
import type { adjudicationOverviewSchema, adjudicationViewSchema } from '../../../shared/contract/judgeValidation.js';
import {
  ADJUDICATION_TASK,
  consensusOf,
  foldAdjudication,
  type AdjudicationState,
  type ConsensusEntry,
} from '../../../shared/labelling/adjudication/consensus.js';
import { blindItem, labelSetOf } from '../../../shared/labelling/items.js';
import { resolveLabels } from '../../../shared/labelling/report.js';
import { fail, ok, type Result } from '../../../shared/result.js';
import type { SessionSummary } from '../../../shared/contract/schemas.js';
import type { AppServices } from '../../app/appServices.js';
import type { EventLog } from '../../db/eventLog.js';
import type { RaterSessions } from '../raterSessions.js';
import type { LabellingSet } from '../studySet.js';
import { currentLabels } from '../views.js';

type View = z.infer<typeof adjudicationViewSchema>;
type Overview = z.infer<typeof adjudicationOverviewSchema>;

/** The study's adjudication session (the first one named), or null. */
export function adjudicationSession(log: EventLog, studyKey: string): SessionSummary | null {
  const found = log.listSessions(studyKey).filter((x) => x.taskId === ADJUDICATION_TASK);
  return found[found.length - 1] ?? null;
}

/** The named adjudicator of a study, or null; a rater's link under this id opens adjudication, never labelling. */
export function adjudicatorOf(log: EventLog, studyKey: string): string | null {
  return adjudicationSession(log, studyKey)?.participant ?? null;
}

/** itemId → rater → usable label, as the agreement report counts them. */
export function usedLabels(set: LabellingSet, raters: RaterSessions, log: EventLog): Map<string, Map<string, string>> {
  return resolveLabels(new Map(set.items.map((i) => [i.id, i])), currentLabels(set, raters.all(log, set.studyKey))).used;
}

export class Adjudication {
  constructor(
    private readonly s: AppServices,
    private readonly raters: RaterSessions,
  ) {}

  state(log: EventLog, studyKey: string): AdjudicationState {
    const session = adjudicationSession(log, studyKey);
    return session ? foldAdjudication(log.replay(session.id)) : { adjudicator: null, given: new Map() };
  }

  consensus(log: EventLog, set: LabellingSet): { entries: ConsensusEntry[]; singleRater: number; used: Map<string, Map<string, string>> } {
    const used = usedLabels(set, this.raters, log);
    const entries = consensusOf(set.items, used, this.state(log, set.studyKey));
    const singleRater = [...used.values()].filter((m) => m.size === 1).length;
    return { entries, singleRater, used };
  }

  overview(log: EventLog, set: LabellingSet): Overview {
    const { entries, singleRater } = this.consensus(log, set);
    return {
      studyKey: set.studyKey,
      adjudicator: adjudicatorOf(log, set.studyKey),
      consensus: entries.map(({ shown: _shown, ...row }) => row),
      singleRater,
    };
  }

  name(log: EventLog, set: LabellingSet, adjudicator: string): Result<Overview> {
    const named = adjudicatorOf(log, set.studyKey);
    if (named && named !== adjudicator)
      return fail('conflict', `This study's adjudicator is already ${named}; one person adjudicates a study, so that every consensus label has one author.`);
    if (!named) {
      // Blind means someone who did not label: a rater would be judging their own disagreement.
      if (set.raters?.includes(adjudicator) || this.raters.all(log, set.studyKey).has(adjudicator))
        return fail('conflict', `${adjudicator} is a rater of this study; the adjudicator must be a third person who did not label.`);
      const session = log.createSession({ studyKey: set.studyKey, taskId: ADJUDICATION_TASK, participant: adjudicator });
      const event = log.append(session.id, 'adjudication_started', { studyKey: set.studyKey, adjudicator });
      this.s.bus.emit({ type: 'session.event', event });
    }
    return ok(this.overview(log, set));
  }

  open(log: EventLog, set: LabellingSet, adjudicator: string): Result<View> {
    const session = adjudicationSession(log, set.studyKey);
    if (!session || session.participant !== adjudicator)
      return fail('not_found', `${adjudicator} is not the adjudicator of "${set.title}"; the experimenter names the adjudicator on the study's adjudication page.`);
    return ok(this.view(log, set, session));
  }

  decide(log: EventLog, set: LabellingSet, session: SessionSummary, a: { itemId: string; label: string; ms: number; note?: string }): Result<View> {
    const entry = this.consensus(log, set).entries.find((e) => e.itemId === a.itemId);
    if (!entry || entry.source === 'agreed')
      return fail('conflict', `Item "${a.itemId}" has no disagreement between raters to resolve (the raters may have changed their labels).`);
    const item = set.items.find((i) => i.id === a.itemId);
    const labels = item ? labelSetOf(item) : [];
    if (!labels.includes(a.label)) return fail('bad_request', `"${a.label}" is not a label of item "${a.itemId}"; expected one of ${labels.join(', ')}.`);
    const payload = { itemId: a.itemId, label: a.label, shown: entry.shown, ms: Math.round(a.ms), ...(a.note ? { note: a.note } : {}) };
    this.s.bus.emit({ type: 'session.event', event: log.append(session.id, 'adjudication_given', payload) });
    return ok(this.view(log, set, session));
  }

  private view(log: EventLog, set: LabellingSet, session: SessionSummary): View {
    const state = foldAdjudication(log.replay(session.id));
    const entries = consensusOf(set.items, usedLabels(set, this.raters, log), state).filter((e) => e.source !== 'agreed');
    const byId = new Map(set.items.map((i) => [i.id, i]));
    const queue = entries.flatMap((e) => {
      const item = byId.get(e.itemId);
      if (!item) return [];
      const given = state.given.get(e.itemId);
      const decided = e.source === 'adjudicated' && given ? { label: given.label, ...(given.note ? { note: given.note } : {}) } : null;
      return [{ item: blindItem(item), shown: e.shown, decided }];
    });
    return {
      sessionId: session.id,
      studyKey: set.studyKey,
      studyTitle: set.title,
      adjudicator: session.participant,
      queue,
      done: queue.filter((q) => q.decided).length,
      total: queue.length,
    };
  }
}
