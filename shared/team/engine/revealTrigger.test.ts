import { describe, expect, it } from 'vitest';
import { fridayDeploy } from '../pack/fixtures/fridayDeploy.js';
import { teamTaskSchema } from '../pack/schema.js';
import { playSession, transcriptLines } from './testRunner.js';

// FORMAT-team.md: conditions are checked after every event, so an event waiting on a partner's reveal is
// posted right after the reply that reveals the fact, not after the next round's teammate line.
describe('engine: a trigger on a partner’s reveal', () => {
  const task = teamTaskSchema.parse({
    ...structuredClone(fridayDeploy),
    seats: fridayDeploy.seats.map((s) =>
      s.name === 'CI' ? { ...s, events: [{ id: 'lock_alarm', when: { fact_revealed: 'f_lock' }, text: 'monitor: payments lock alarm armed' }] } : s,
    ),
  });

  it('fires right after the reply, before the next round starts', () => {
    const { events } = playSession(task, 'manipulation', 1, [{ say: 'What is the risk of the migration?', to: 'Priya' }]);
    const lines = transcriptLines(events);
    const reply = lines.indexOf('Priya→you: The 4.2 migration locks the payments table for about 40 minutes.');
    expect(lines.slice(reply, reply + 3)).toEqual(['Priya→you: The 4.2 migration locks the payments table for about 40 minutes.', 'CI→team: monitor: payments lock alarm armed', '-- round 2']);
  });

  it('fires on a reveal in the last round, before the run ends', () => {
    const turns = [{ say: 'hm' }, { say: 'hm' }, { say: 'hm' }, { say: 'hm' }, { say: 'What is the risk of the migration?', to: 'Priya' }];
    const { events } = playSession(task, 'manipulation', 1, turns);
    expect(transcriptLines(events).slice(-2)).toEqual(['CI→team: monitor: payments lock alarm armed', '== ended: max_rounds']);
  });
});
