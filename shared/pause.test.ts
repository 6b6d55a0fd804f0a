import { describe, expect, it } from 'vitest';
import { experimenterReason, pausedByOf, shownReason } from './pause.js';

describe('who paused a run', () => {
  it('is the recorded `by`, or for a pause recorded before it existed, the dashboard reason prefix', () => {
    expect(pausedByOf({ reason: 'experimenter: fire alarm', by: 'participant' })).toBe('participant');
    expect(pausedByOf({ reason: 'participant break', by: 'experimenter' })).toBe('experimenter');
    expect(pausedByOf({ reason: experimenterReason('late') })).toBe('experimenter');
    expect(pausedByOf({ reason: 'participant break' })).toBe('participant');
    expect(shownReason(experimenterReason('fire alarm'))).toBe('fire alarm');
    expect(shownReason('technical problem')).toBe('technical problem');
  });
});
