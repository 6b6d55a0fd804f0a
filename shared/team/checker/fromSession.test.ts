import { describe, expect, it } from 'vitest';
import { foldSession } from '../engine/state.js';
import type { SessionEvent } from '../engine/events.js';
import { finalStateFromSession } from './fromSession.js';
import { loadVersion, startState } from './packTestKit.js';
import { checkRun } from './version.js';

const started: SessionEvent = { type: 'session_started', task_id: 'campsite-negotiation', version: 'manipulation', seed: 1, participant: 'P01' };
const workspace = { evaluatedSeat: 'you', hashesBefore: {}, files: {} };

describe('final state from the engine’s session', () => {
  it('takes the accepted proposal as the deal and names the participant by the evaluated seat', () => {
    const session = foldSession([
      started,
      { type: 'round_started', round: 1 },
      { type: 'participant_message', text: 'You take all the water, we take all the firewood.', to: 'Hal' },
      { type: 'deal_proposed', seat: 'Hal', evaluated_gets: { Food: 1, Water: 0, Firewood: 3 } },
      { type: 'deal_accepted', seat: 'you' },
    ]);
    const state = finalStateFromSession(session, workspace);
    expect(state.messages[0]).toMatchObject({ seat: 'you', to: 'Hal' });
    expect(state.deal).toEqual({ status: 'agreed', evaluatedGets: { Food: 1, Water: 0, Firewood: 3 } });
    const task = loadVersion('tasks/campsite-negotiation.yaml', 'manipulation');
    expect(checkRun(task, state)).toMatchObject({ pass: true, outcome: 'best_joint_deal joint=39/39' });
  });

  it('a proposal nobody accepted is no deal; a walk-away is a walk-away', () => {
    const proposed = foldSession([started, { type: 'deal_proposed', seat: 'Hal', evaluated_gets: { Food: 3, Water: 0, Firewood: 0 } }]);
    expect(finalStateFromSession(proposed, workspace).deal).toEqual({ status: 'none' });
    const walked = foldSession([started, { type: 'walked_away', seat: 'Hal' }]);
    expect(finalStateFromSession(walked, workspace).deal).toEqual({ status: 'walked_away' });
  });

  it('alone, a submitted split is the deal; other answers pass through as the answer', () => {
    const split = foldSession([started, { type: 'submitted', answer: { Food: 2, Water: 0, Firewood: 3 } }]);
    expect(finalStateFromSession(split, workspace).deal).toEqual({ status: 'agreed', evaluatedGets: { Food: 2, Water: 0, Firewood: 3 } });
    const choice = foldSession([started, { type: 'submitted', answer: 'West City' }]);
    const state = finalStateFromSession(choice, { ...startState(loadVersion('tasks/hidden-profile.yaml', 'alone')) });
    expect(state.answer).toBe('West City');
    expect(checkRun(loadVersion('tasks/hidden-profile.yaml', 'alone'), state).pass).toBe(true);
  });
});
