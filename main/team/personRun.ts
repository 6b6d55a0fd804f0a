import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { SessionEvent } from '../../shared/team/engine/events.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import { evaluatedSeat, type ResolvedTask } from '../../shared/team/pack/resolve.js';
import type { PersonRun, RunMessage, RunToolCall } from '../../shared/team/export/transcript.js';
import type { BenchmarkToolName, TranscriptTiming } from '../../shared/team/export/transcriptSchema.js';
import { benchmarkToolNames } from '../../shared/team/export/transcriptSchema.js';
import { engineEvents } from './teamLog.js';

/**
 * A finished run as the transcript export needs it, derived from the log (never from UI state). The
 * participant's messages also appear as `send_message` tool calls, as a model's messages do.
 */
export function personRunFromLog(
  task: ResolvedTask,
  state: SessionState,
  stored: readonly StoredEvent[],
  sandbox: { hashesBefore: Record<string, string>; finalFiles: Record<string, string> },
): PersonRun {
  const you = evaluatedSeat(task);
  const started = state.started!;
  const events = engineEvents(stored);
  const labelOf = new Map(state.labels.map((l) => [l.message, l]));
  const messages: RunMessage[] = state.messages.map((m, i) => {
    const label = labelOf.get(i);
    return {
      round: m.round,
      seat: m.seat ?? you.name,
      text: m.text,
      to: m.to,
      ...(m.source?.kind === 'submit' ? { kind: 'submit' } : {}),
      ...(label
        ? {
            label: {
              raters: [{ rater: label.rule ? `${label.source}:${label.rule}` : label.source, label: label.label }],
              final_label: label.label,
              source: label.source,
            },
          }
        : {}),
    };
  });
  return {
    dimension: task.dimension,
    scenario: task.id,
    version: started.version,
    seed: started.seed,
    participant: started.participant,
    evaluatedSeat: you.name,
    seats: task.seats.map((s) => ({ name: s.name, kind: s.kind, role: s.role })),
    systemPrompts: { [you.name]: systemPrompt(task) },
    messages,
    toolCalls: toolCallsOf(events),
    hashesBefore: sandbox.hashesBefore,
    finalFiles: sandbox.finalFiles,
    ended: state.ended ?? 'abandoned',
    roundsRun: state.round,
    score: state.score ?? { pass: false, outcome: 'not_checked', details: {} },
    timing: timingOf(stored),
  };
}

/** What the person was shown as their brief: the instructions, then their own facts. */
function systemPrompt(task: ResolvedTask): string {
  const facts = evaluatedSeat(task).facts.map((f) => `- ${f.text}`);
  return facts.length ? `${task.instructions}\n\nWhat you know:\n${facts.join('\n')}` : task.instructions;
}

function toolCallsOf(events: readonly SessionEvent[]): RunToolCall[] {
  const calls: RunToolCall[] = [];
  let round = 0;
  for (const e of events) {
    if (e.type === 'round_started') round = e.round;
    else if (e.type === 'participant_message') calls.push({ round, name: 'send_message', input: { to: e.to, text: e.text }, resultHead: 'sent' });
    else if (e.type === 'tool_call' && isBenchmarkTool(e.name)) calls.push({ round, name: e.name, input: e.input, resultHead: e.result_head });
  }
  return calls;
}

const isBenchmarkTool = (name: string): name is BenchmarkToolName => (benchmarkToolNames as readonly string[]).includes(name);

function timingOf(stored: readonly StoredEvent[]): TranscriptTiming {
  const first = stored[0]!;
  const last = stored.find((e) => e.kind === 'ended') ?? stored.at(-1)!;
  const pauses: TranscriptTiming['pauses'] = [];
  let pausedUs = 0;
  let pausedAt: StoredEvent | null = null;
  const roundStarts: StoredEvent[] = [];
  for (const e of stored) {
    if (e.kind === 'round_started') roundStarts.push(e);
    if (e.kind === 'paused') {
      pausedAt = e;
      pauses.push({ at: e.wallTime, resumed_at: null, reason: String((e.payload as { reason: string }).reason) });
    }
    if (e.kind === 'resumed' && pausedAt) {
      pausedUs += e.monoUs - pausedAt.monoUs;
      pauses[pauses.length - 1]!.resumed_at = e.wallTime;
      pausedAt = null;
    }
  }
  const roundMs = roundStarts.map((r, i) => Math.max(0, Math.round(((roundStarts[i + 1] ?? last).monoUs - r.monoUs) / 1000)));
  return {
    started_at: first.wallTime,
    ended_at: last.wallTime,
    active_ms: Math.max(0, Math.round((last.monoUs - first.monoUs - pausedUs) / 1000)),
    pauses,
    round_ms: roundMs,
  };
}
