import { next } from '../../shared/team/engine/next.js';
import { applyEvent, foldSession, type SessionState } from '../../shared/team/engine/state.js';
import type { SessionEvent } from '../../shared/team/engine/events.js';
import { evaluatedSeat, type ResolvedTask } from '../../shared/team/pack/resolve.js';
import type { TeamTask } from '../../shared/team/pack/schema.js';
import { promptLine, type Labeller, type LabelRequest, type PromptTemplate } from '../../shared/team/labeller/index.js';
import { transcriptLabelOf } from './transcriptLabel.js';

export interface SaidLine {
  seat: string;
  to: string;
  text: string;
}

export interface RejudgedMessage {
  message_index: number;
  round: number;
  to: string;
  text: string;
  recorded: { label: string; source: string; rule?: string };
  /** The panel's decision, with each rater; null for an undetermined message (not asked). */
  panel: ReturnType<typeof transcriptLabelOf> | null;
  /** `same`, `differs` (the first message whose final label differs), or `undetermined` after it. */
  status: 'same' | 'differs' | 'undetermined';
  /** For `differs`: what the scripted teammates said in the run, and what they would have said with the panel's label. */
  did_say?: SaidLine[];
  would_have_said?: SaidLine[];
}

export interface RejudgeReport {
  schema: 'teamseat/rejudge@1';
  session_id: string;
  study_key: string;
  task_id: string;
  version: string;
  seed: number;
  participant: string;
  created_at: string;
  /** "these judges with this prompt": the template's name and hash, and the raters' models. */
  judges: { prompt: { name: string; sha256: string; built_in: boolean; line: string }; models: Record<string, string> };
  summary: { labelled_messages: number; same: number; first_difference: number | null; undetermined: number };
  messages: RejudgedMessage[];
}

export interface RejudgeInput {
  session: { id: string; studyKey: string };
  task: TeamTask;
  resolved: ResolvedTask;
  /** The finished run's engine events, in order (never changed: the report is written beside the run). */
  events: readonly SessionEvent[];
  panel: Labeller;
  template: PromptTemplate;
  models: Record<string, string>;
  now?: () => Date;
}

/**
 * Re-labels every labelled participant message of a finished run with the panel, in order, up to the first message
 * whose final label differs; that message reports what the teammates would have said instead, and every later one is
 * "undetermined" (the conversation would have gone differently from there, so asking about it means nothing).
 */
export async function rejudgeRun(input: RejudgeInput): Promise<RejudgeReport> {
  const you = evaluatedSeat(input.resolved).name;
  let state: SessionState = foldSession([]);
  const messages: RejudgedMessage[] = [];
  let differed: number | null = null;
  const started = input.events.find((e) => e.type === 'session_started');
  for (let i = 0; i < input.events.length; i++) {
    const event = input.events[i]!;
    if (event.type === 'label_decided' && state.lastParticipant) {
      const index = state.lastParticipant.message;
      const message = state.messages[index]!;
      const recorded = { label: event.label, source: event.source, ...(event.rule ? { rule: event.rule } : {}) };
      const base = { message_index: index, round: message.round, to: message.to, text: message.text, recorded };
      if (differed !== null) {
        messages.push({ ...base, panel: null, status: 'undetermined' });
      } else {
        const request: LabelRequest = {
          task: input.resolved,
          version: input.resolved.version,
          message: { round: message.round, to: message.to, text: message.text },
          history: state.messages.slice(0, index).map((m) => ({ round: m.round, seat: m.seat ?? you, to: m.to, text: m.text })),
        };
        const decision = await input.panel.label(request);
        const panel = transcriptLabelOf(decision);
        if (decision.label === event.label) {
          messages.push({ ...base, panel, status: 'same' });
        } else {
          differed = index;
          messages.push({
            ...base,
            panel,
            status: 'differs',
            did_say: saidAfter(input.events, i),
            would_have_said: wouldSay(input.task, applyEvent(state, { ...event, label: decision.label, source: decision.source })),
          });
        }
      }
    }
    state = applyEvent(state, event);
  }
  return {
    schema: 'teamseat/rejudge@1',
    session_id: input.session.id,
    study_key: input.session.studyKey,
    task_id: input.resolved.id,
    version: started?.type === 'session_started' ? started.version : input.resolved.version,
    seed: started?.type === 'session_started' ? started.seed : 0,
    participant: started?.type === 'session_started' ? started.participant : '',
    created_at: (input.now?.() ?? new Date()).toISOString(),
    judges: {
      prompt: { name: input.template.name, sha256: input.template.hash, built_in: input.template.builtIn, line: promptLine(input.template) },
      models: input.models,
    },
    summary: {
      labelled_messages: messages.length,
      same: messages.filter((m) => m.status === 'same').length,
      first_difference: differed,
      undetermined: messages.filter((m) => m.status === 'undetermined').length,
    },
    messages,
  };
}

/** What the seats said in the run after the label at `at`, until the participant's next message. */
function saidAfter(events: readonly SessionEvent[], at: number): SaidLine[] {
  const said: SaidLine[] = [];
  for (const e of events.slice(at + 1)) {
    if (e.type === 'participant_message' || e.type === 'ended') break;
    if (e.type === 'seat_message') said.push({ seat: e.seat, to: e.to, text: e.text });
  }
  return said;
}

/** What the engine would have had the seats say with the other label, until it next waits for the participant. */
function wouldSay(task: TeamTask, state: SessionState): SaidLine[] {
  const step = next(task, state);
  return step.effects.flatMap((effect) =>
    effect.type === 'append' && effect.event.type === 'seat_message' ? [{ seat: effect.event.seat, to: effect.event.to, text: effect.event.text }] : [],
  );
}
