import type { TeamView } from '../../../shared/team/viewSchema';

type Message = TeamView['messages'][number];

export const TEAM = 'team';

/** Which channel a message belongs to: the team channel, or the DM with the other person in it. */
export function channelOf(m: Message, you: string): string {
  if (m.to === TEAM) return TEAM;
  return m.mine ? m.to : m.to === you ? m.from : TEAM;
}

export const channelLabel = (channel: string) => (channel === TEAM ? '# team' : channel);
