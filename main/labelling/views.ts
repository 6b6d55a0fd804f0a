/** What the labelling handlers send to the UI, built from the folded log and the study's current items. */
import type { z } from 'zod';
import type {
  labellingOverviewSchema,
  labellingStateSchema,
  labellingViewSchema,
  raterProgressSchema,
} from '../../shared/contract/labelling.js';
import { blindItem, type BlindItem } from '../../shared/labelling/items.js';
import { progressOf, raterLabelsOf, resumeAt, type LabellingState } from '../../shared/labelling/session.js';
import type { RaterLabel } from '../../shared/labelling/labels.js';
import { expectedLabel, type PracticeItem } from './practice.js';
import type { RaterSession } from './raterSessions.js';
import { orderFor, type LabellingSet } from './studySet.js';

type State = z.infer<typeof labellingStateSchema>;
type View = z.infer<typeof labellingViewSchema>;
type Overview = z.infer<typeof labellingOverviewSchema>;
type RaterProgress = z.infer<typeof raterProgressSchema>;

export function stateView(set: LabellingSet, state: LabellingState): State {
  const practiceAnswers: State['practiceAnswers'] = {};
  for (const p of set.practice) {
    if (!state.answers[p.id]) continue;
    const checklist = p.kind === 'verdict' ? p.expectedChecklist : undefined;
    practiceAnswers[p.id] = { answer: expectedLabel(p), ...(p.why ? { why: p.why } : {}), ...(checklist ? { checklist } : {}) };
  }
  return {
    answers: state.answers,
    lastAction: state.lastAction,
    progress: progressOf(state),
    practiceAnswers,
  };
}

/** A practice item as the rater first sees it: without its answer. */
function blindPractice(practice: PracticeItem): BlindItem {
  if (practice.kind === 'message') {
    const { answer: _answer, why: _why, ...item } = practice;
    return item;
  }
  const { expected: _expected, expectedChecklist: _checklist, why: _why, ...item } = practice;
  return item;
}

export function sessionView(set: LabellingSet, rs: RaterSession, resumed: boolean): View {
  const started = rs.state.started;
  const practiceById = new Map(set.practice.map((p) => [p.id, p]));
  const itemById = new Map(set.items.map((i) => [i.id, i]));
  const queue: View['queue'] = [];
  for (const id of started?.practice ?? []) {
    const p = practiceById.get(id);
    if (p) queue.push({ item: blindPractice(p), practice: true });
  }
  for (const id of started?.order ?? []) {
    const item = itemById.get(id);
    if (item) queue.push({ item: blindItem(item), practice: false });
  }
  return {
    ...stateView(set, rs.state),
    sessionId: rs.session.id,
    studyKey: set.studyKey,
    studyTitle: set.title,
    rater: rs.session.participant,
    queue,
    resumeAt: resumeAt(rs.state),
    resumed,
  };
}

export function raterProgress(set: LabellingSet, rater: string, rs: RaterSession | undefined): RaterProgress {
  if (rs?.state.started) {
    return {
      rater,
      sessionId: rs.session.id,
      itemSetChanged: rs.state.started.itemSetHash !== set.hash,
      ...progressOf(rs.state),
    };
  }
  const order = orderFor(set, rater);
  return {
    rater,
    sessionId: rs?.session.id ?? null,
    itemSetChanged: false,
    practiceDone: 0,
    practiceTotal: set.practice.length,
    done: 0,
    total: order.ok ? order.value.length : 0,
  };
}

export function overview(set: LabellingSet, sessions: Map<string, RaterSession>): Overview {
  const raters = [...new Set([...(set.raters ?? []), ...sessions.keys()])];
  return {
    studyKey: set.studyKey,
    studyId: set.studyId,
    fixedRaters: set.raters !== null,
    raters: raters.map((r) => raterProgress(set, r, sessions.get(r))),
    assignment: {
      mode: set.plan.mode,
      shared: set.plan.mode === 'overlap' ? set.plan.shared : null,
      seed: set.seed,
    },
    sample: set.sample,
    items: set.items.length,
    practice: set.practice.length,
  };
}

/**
 * Every rater's current labels on real items. A label given to an item whose text has changed (or that was
 * removed) since the rater started is kept, marked `itemChanged`, so the exports show it and the report
 * counts it as left out instead of comparing it with a different item.
 */
export function currentLabels(set: LabellingSet, sessions: Map<string, RaterSession>): RaterLabel[] {
  return [...sessions.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([rater, rs]) => {
      const hashes = rs.state.started?.itemHashes ?? {};
      return raterLabelsOf(rater, rs.state).map((l) =>
        hashes[l.itemId] === set.itemHashes[l.itemId] ? l : { ...l, itemChanged: true },
      );
    });
}
