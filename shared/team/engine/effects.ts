import type { SessionEvent } from './events.js';

/**
 * What the session runner must do next, in order. `append` events go straight into the log; the
 * others need I/O the engine does not do: the runner carries them out and appends what came of them
 * (`file_edited`, `checked`).
 */
export type Effect =
  | { type: 'append'; event: SessionEvent }
  | {
      type: 'edit_file';
      /** The seat making the change (a scripted teammate, or the previous model of a taking-over task). */
      seat: string;
      path: string;
      content?: string;
      replace?: { find: string; with: string };
    }
  | { type: 'run_checker' };

/** What the engine waits for after its effects: who or what must act before `next` has more to say. */
/** `partner`: a partner seat played live by an endpoint owes the participant's message an answer (the runner asks it). */
export type WaitFor = 'start' | 'participant' | 'label' | 'partner' | 'resume' | 'nothing';

export interface Step {
  effects: Effect[];
  waitFor: WaitFor;
}

export const append = (event: SessionEvent): Effect => ({ type: 'append', event });
