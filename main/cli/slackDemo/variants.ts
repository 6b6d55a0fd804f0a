import type { Post } from './messages.js';
import { at, ch } from './people.js';

/**
 * CI queries are asked of a variant of the workspace: a folder of export files that replace the base export's files
 * of the same path. Each variant adds the few messages the circumstance is inferred from.
 */
export const variants: Record<string, Post[]> = {
  'ci-ben': [
    { in: 'general', at: '2024-12-16 09:20', by: 'maya', text: `Cake in the kitchen on Friday at 3, let us give ${at('ben')} a proper goodbye after four years with us :cake:`, reactions: [['heart', 'clara', 'dev', 'aiko']] },
    { in: 'D06A31BCL', at: '2024-12-17 10:05', by: 'ben', text: 'Tomorrow I will walk you through the ingest cron jobs and the credentials vault. After Friday it is all yours.' },
    { in: 'D06A31BCL', at: '2024-12-17 10:09', by: 'clara', text: 'OK! Slightly terrified, but OK. Will you still answer messages from the new job?' },
    { in: 'D06A31BCL', at: '2024-12-17 10:12', by: 'ben', text: 'For a few weeks, sure. The runbook should cover most of it.' },
    { in: 'data-pipeline', at: '2024-12-18 15:30', by: 'ben', text: `Updated the runbook: ${at('clara')} owns the nightly ingest and the quality flags from Monday. Please send pipeline questions to her.` },
  ],
  'ci-humidity': [
    { in: 'field-ops', at: '2024-12-11 08:40', by: 'dev', text: 'RV-02 relative humidity has been pinned at 100% since Monday night, and our PM2.5 there reads about three times the reference monitor.' },
    { in: 'field-ops', at: '2024-12-11 08:52', by: 'priya', text: 'It has been misty down by the river all week, the air is basically saturated.' },
    { in: 'field-ops', at: '2024-12-11 09:30', by: 'dev', text: 'The unit itself looks fine: fan running, inlet clean, no water inside the box.' },
  ],
  'ci-maya-away': [
    { in: 'general', at: '2024-12-09 16:45', by: 'maya', text: `I fly out to the conference in Singapore tomorrow and I am back in the office on the 19th. ${at('tomas')} signs forms and approvals for the lab while I am away.` },
    { in: 'D06A32MTR', at: '2024-12-09 16:50', by: 'maya', text: `Thanks for covering. The travel forms for ${at('leo')} and ${at('clara')} will probably land on your desk next week.` },
    { in: 'D06A32MTR', at: '2024-12-09 16:58', by: 'tomas', text: 'No problem, safe travels.' },
    { in: 'random', at: '2024-12-12 07:30', by: 'maya', text: `Greetings from a very humid conference centre. Poster is up! ${ch('paper-sensus')} folks, thanks again.` },
  ],
};
