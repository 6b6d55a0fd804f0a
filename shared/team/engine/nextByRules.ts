import { labelByRules } from '../labeller/rulesLabeller.js';
import type { Effect } from './effects.js';
import type { SessionEvent } from './events.js';
import { next } from './next.js';
import type { SessionState } from './state.js';
import type { Label, TeamTask } from '../pack/schema.js';

/**
 * The engine's next effects for an in-process run labelled by the rules (the test runner, the pack linter's path
 * player): a message waiting for its label is labelled here and the engine asked again; an empty list means the
 * engine waits for the participant or the run has ended. `push` appends an event and moves `state()` on.
 */
export function nextByRules(task: TeamTask, labels: readonly Label[], state: () => SessionState, push: (e: SessionEvent) => void): Effect[] {
  for (;;) {
    const step = next(task, state());
    if (step.waitFor !== 'label' || step.effects.length > 0) return step.effects;
    const message = state().messages[state().lastParticipant!.message]!;
    const d = labelByRules(labels, message.text);
    push({ type: 'label_decided', label: d.label, source: d.source, ...(d.rule ? { rule: d.rule } : {}) });
  }
}
