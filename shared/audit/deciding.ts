/**
 * Which labels of a finished team run decided a branch (issue 27): a `label_decided` whose task labels would not
 * all have made the scripted teammates say (or do) the same next thing. For each, what every label would have
 * led to, so an auditor's label can be asked "would it have changed the teammate's next line?" from the task's own
 * script — the same engine step re-judging uses (main/judge/rejudge.ts) and the console previews.
 */
import { previewLabels } from '../team/console/nextLines.js';
import { applyEvent, foldSession, type SessionState } from '../team/engine/state.js';
import type { SessionEvent } from '../team/engine/events.js';
import { evaluatedSeat, type ResolvedTask } from '../team/pack/resolve.js';
import type { TeamTask } from '../team/pack/schema.js';

export interface ConversationLine {
  round: number;
  seat: string;
  to: string;
  text: string;
  /** The participant's own message (the seat they sat in). */
  you: boolean;
}

export interface DecidingLabel {
  /** Index of the labelled participant message among the run's messages. */
  message: number;
  round: number;
  recorded: { label: string; source: 'rules' | 'experimenter' | 'llm' };
  /** The conversation up to and including the labelled message (never what followed it). */
  conversation: ConversationLine[];
  /** Per label id, what the seats would have done next, as a comparable key. */
  outcomes: Record<string, string>;
}

/** The run's deciding labels, in order. Pure: the run's events are only read. */
export function decidingLabelsOf(task: TeamTask, resolved: ResolvedTask, events: readonly SessionEvent[]): DecidingLabel[] {
  const you = evaluatedSeat(resolved).name;
  const out: DecidingLabel[] = [];
  let state: SessionState = foldSession([]);
  for (const event of events) {
    if (event.type === 'label_decided' && state.lastParticipant && !state.lastParticipant.labelled) {
      const outcomes = Object.fromEntries(previewLabels(task, resolved, state).map((p) => [p.id, JSON.stringify({ next: p.next, ends: p.ends })]));
      if (new Set(Object.values(outcomes)).size > 1) {
        const index = state.lastParticipant.message;
        const message = state.messages[index]!;
        out.push({
          message: index,
          round: message.round,
          recorded: { label: event.label, source: event.source },
          conversation: state.messages.slice(0, index + 1).map((m) => ({ round: m.round, seat: m.seat ?? you, to: m.to, text: m.text, you: m.seat === null })),
          outcomes,
        });
      }
    }
    state = applyEvent(state, event);
  }
  return out;
}

/** Whether `label` would have made the seats do something else next than the recorded label did. */
export function wouldChange(decision: { outcomes: Record<string, string>; recorded: { label: string } }, label: string): boolean {
  return decision.outcomes[label] !== decision.outcomes[decision.recorded.label];
}

const hex = (n: number) => n.toString(16).padStart(8, '0');
/**
 * An audit item's id: opaque to the auditor (the run's session id is not sent), stable for the run and message.
 * Two 32-bit FNV/murmur mixes of the key; a collision within one study's few thousand items is not a practical risk.
 */
export function auditItemId(runId: string, message: number): string {
  const key = `${runId}#${message}`;
  return `a${hex(mix(key, 0x2f6b))}${hex(mix(key, 0x9e37))}`;
}

function mix(key: string, salt: number): number {
  let h = 0x811c9dc5 ^ salt;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
