/**
 * Raters' sessions in the event log: one session per (study, rater), task `labelling`. Every action is
 * appended (and committed) before the call returns, and every answer is re-derived by folding the log.
 */
import fs from 'node:fs';
import type { SessionSummary } from '../../shared/contract/schemas.js';
import {
  foldLabelling,
  LABELLING_TASK,
  type ChecklistAnswers,
  type LabellingState,
  type LabellingStarted,
} from '../../shared/labelling/session.js';
import { labelSetOf, type LabellingItem } from '../../shared/labelling/items.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { EventLog } from '../db/eventLog.js';
import type { AppServices } from '../app/appServices.js';
import { practiceLabels, type PracticeItem } from './practice.js';
import { loadLabellingSet, orderFor, type LabellingSet } from './studySet.js';

export interface RaterSession {
  session: SessionSummary;
  state: LabellingState;
}

export type Action =
  | { kind: 'label'; itemId: string; label: string; ms: number; checklist?: ChecklistAnswers }
  | { kind: 'skip' | 'flag'; itemId: string; note: string }
  | { kind: 'undo' };

export class RaterSessions {
  private readonly dirs = new Map<string, string>();

  constructor(private readonly s: AppServices) {}

  log(): Result<EventLog> {
    const log = this.s.database.eventLog;
    if (log) return ok(log);
    const why = this.s.database.status.status === 'ok' ? 'it is closed' : this.s.database.status.message;
    return fail('database', `The session database cannot be used: ${why}`);
  }

  /** The study's current items. Folders are remembered because scanning the library reads every pack. */
  set(studyKey: string): Result<LabellingSet> {
    let dir = this.dirs.get(studyKey);
    if (!dir || !fs.existsSync(dir)) {
      dir = this.s.library.dirOf(studyKey);
      if (!dir) return fail('not_found', `No study "${studyKey}" in the library.`);
      this.dirs.set(studyKey, dir);
    }
    return loadLabellingSet(studyKey, dir);
  }

  /** Every rater's latest session of the study, folded. */
  all(log: EventLog, studyKey: string): Map<string, RaterSession> {
    const out = new Map<string, RaterSession>();
    // listSessions is newest first: the first session seen per rater is the one that counts.
    for (const session of log.listSessions(studyKey)) {
      if (session.taskId !== LABELLING_TASK || out.has(session.participant)) continue;
      out.set(session.participant, { session, state: foldLabelling(log.replay(session.id)) });
    }
    return out;
  }

  /** Starts the rater's session, or resumes it when it was labelled on the same item set. */
  open(log: EventLog, set: LabellingSet, rater: string): Result<RaterSession & { resumed: boolean }> {
    const existing = this.all(log, set.studyKey).get(rater);
    if (existing?.state.started) {
      const mismatch = itemSetMismatch(set, rater, existing);
      if (mismatch) return fail('conflict', mismatch);
      return ok({ ...existing, resumed: Object.keys(existing.state.answers).length > 0 });
    }
    const order = orderFor(set, rater);
    if (!order.ok) return order;
    const session =
      existing?.session ??
      log.createSession({ studyKey: set.studyKey, taskId: LABELLING_TASK, participant: rater });
    const started: LabellingStarted = {
      itemSetHash: set.hash,
      seed: set.seed,
      mode: set.plan.mode,
      order: order.value,
      practice: set.practice.map((p) => p.id),
      itemHashes: set.itemHashes,
    };
    const events = log.appendAll(session.id, [
      {
        kind: 'session_started',
        payload: { studyKey: set.studyKey, taskId: LABELLING_TASK, participant: rater },
      },
      { kind: 'labelling_started', payload: started },
    ]);
    for (const event of events) this.s.bus.emit({ type: 'session.event', event });
    return ok({ session, state: foldLabelling(log.replay(session.id)), resumed: false });
  }

  /** Checks the action against the session and the study, appends it, and returns the folded state. */
  act(
    log: EventLog,
    sessionId: string,
    action: Action,
  ): Result<{ set: LabellingSet; state: LabellingState; undone: string | null }> {
    const session = log.getSession(sessionId);
    if (!session || session.taskId !== LABELLING_TASK)
      return fail('not_found', `No labelling session ${sessionId}.`);
    const set = this.set(session.studyKey);
    if (!set.ok) return set;
    const state = foldLabelling(log.replay(sessionId));
    const mismatch = itemSetMismatch(set.value, session.participant, { session, state });
    if (mismatch) return fail('conflict', mismatch);
    const started = state.started as LabellingStarted;
    let event: { kind: string; payload: unknown };
    if (action.kind === 'undo') {
      if (state.lastAction === null) return ok({ set: set.value, state, undone: null });
      event = { kind: 'label_undone', payload: { itemId: state.lastAction } };
    } else {
      const practice = started.practice.includes(action.itemId);
      if (!practice && !started.order.includes(action.itemId)) {
        return fail('bad_request', `Item "${action.itemId}" is not among ${session.participant}'s items.`);
      }
      if (action.kind === 'label') {
        const item = practice
          ? set.value.practice.find((p) => p.id === action.itemId)
          : set.value.items.find((i) => i.id === action.itemId);
        const allowed = !item ? [] : practice ? practiceLabels(item as PracticeItem) : labelSetOf(item as LabellingItem);
        if (!allowed.includes(action.label)) {
          return fail(
            'bad_request',
            `"${action.label}" is not a label of item "${action.itemId}"; expected one of ${allowed.join(', ')}.`,
          );
        }
        const entries = item?.kind === 'verdict' ? (item.checklist ?? []).map((c) => c.id) : [];
        const badChecklist = checklistMismatch(action.itemId, entries, action.checklist);
        if (badChecklist) return fail('bad_request', badChecklist);
        event = {
          kind: 'label_given',
          payload: {
            itemId: action.itemId,
            label: action.label,
            ms: Math.round(action.ms),
            ...(practice ? { practice } : {}),
            ...(action.checklist && entries.length ? { checklist: pick(action.checklist, entries) } : {}),
          },
        };
      } else {
        event = {
          kind: action.kind === 'skip' ? 'item_skipped' : 'item_flagged',
          payload: { itemId: action.itemId, note: action.note },
        };
      }
    }
    const stored = log.append(sessionId, event.kind, event.payload);
    this.s.bus.emit({ type: 'session.event', event: stored });
    const undone = action.kind === 'undo' ? state.lastAction : null;
    return ok({ set: set.value, state: foldLabelling(log.replay(sessionId)), undone });
  }
}

/** Null when the answer grades exactly the item's checklist entries (or the item has none and none came). */
function checklistMismatch(itemId: string, entries: string[], given: ChecklistAnswers | undefined): string | null {
  if (entries.length === 0)
    return given && Object.keys(given).length ? `Item "${itemId}" has no checklist to grade.` : null;
  const answered = Object.keys(given ?? {});
  const unknown = answered.filter((id) => !entries.includes(id));
  if (unknown.length) return `Item "${itemId}" has no checklist entry ${unknown.map((id) => `"${id}"`).join(', ')}.`;
  const missing = entries.filter((id) => !answered.includes(id));
  if (missing.length)
    return `Item "${itemId}" is graded entry by entry: give YES or NO for every checklist entry (missing ${missing.map((id) => `"${id}"`).join(', ')}).`;
  return null;
}

/** The answers in the item's own checklist order, so the log reads like the item. */
const pick = (given: ChecklistAnswers, entries: string[]): ChecklistAnswers =>
  Object.fromEntries(entries.map((id) => [id, given[id] as 'YES' | 'NO']));

/**
 * Null when the rater's session was started on the study's current items. Otherwise a message that
 * says what changed, that nothing was lost, and what the researcher can do.
 */
export function itemSetMismatch(set: LabellingSet, rater: string, rs: RaterSession): string | null {
  const started = rs.state.started;
  if (!started)
    return `Session ${rs.session.id} of ${rater} has no labelling_started event; it cannot be resumed.`;
  if (started.itemSetHash === set.hash) return null;
  const removed = started.order.filter((id) => !(id in set.itemHashes));
  const changed = started.order.filter(
    (id) => id in set.itemHashes && set.itemHashes[id] !== started.itemHashes[id],
  );
  const known = new Set(Object.keys(started.itemHashes));
  const added = Object.keys(set.itemHashes).filter((id) => !known.has(id)).length;
  const list = (ids: string[]) =>
    ids.slice(0, 5).join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');
  const parts = [
    changed.length ? `${changed.length} of ${rater}'s items changed (${list(changed)})` : '',
    removed.length ? `${removed.length} were removed (${list(removed)})` : '',
    added ? `${added} item${added === 1 ? ' was' : 's were'} added to the study` : '',
  ].filter(Boolean);
  const answers = Object.keys(rs.state.answers).length;
  return (
    `${rater} started "${set.title}" on a different item set (set ${started.itemSetHash}; the study's items are now set ${set.hash}): ` +
    `${parts.join('; ') || 'the items differ'}. ${rater}'s ${answers} answer${answers === 1 ? ' is' : 's are'} kept in session ${rs.session.id}. ` +
    `To continue, restore the study's item file as it was when ${rater} started, or label the new set under a new rater id.`
  );
}
