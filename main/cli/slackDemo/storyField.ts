import type { Post } from './messages.js';
import { at, ch } from './people.js';

// The field story: the Riverside reference monitor (a stale claim, corrected later), the Northgate outage, and the
// library rooftop permit that only appears in a direct message.
export const fieldStory: Post[] = [
  {
    in: 'D06A30MDV', at: '2024-09-10 15:40', by: 'maya',
    text: 'The council permit for the library rooftop (LB-04) came through: permit number *CP-2024-0815*, valid until 31 March 2025. Please keep a printout in the site box.',
    replies: [{ at: '2024-09-10 15:52', by: 'dev', text: 'Great, printing it now. I will install on Thursday.' }],
  },
  { in: 'D06A30MDV', at: '2024-09-12 16:10', by: 'dev', text: 'LB-04 is up and reporting. The printout is taped inside the box lid.' },
  {
    in: 'field-ops', at: '2024-09-19 10:30', by: 'tomas',
    text: 'For the co-location at Riverside (RV-02) we compare against the Teledyne T640 reference monitor that the city runs there.',
    replies: [
      { at: '2024-09-19 10:41', by: 'priya', text: 'Great, that is an equivalent-method instrument, right?' },
      { at: '2024-09-19 10:50', by: 'tomas', text: 'Yes, so it is a good anchor for the humidity correction.' },
    ],
  },
  {
    in: 'field-ops', at: '2024-10-03 14:05', by: 'dev',
    text: `Correction to something from two weeks ago: the reference monitor at Riverside (RV-02) is a *Palas Fidas 200*, not a T640. The T640 is at Northgate (NG-03). I checked the label on the cabinet today. cc ${at('tomas')}`,
    reactions: [['pray', 'tomas'], ['eyes', 'priya', 'maya']],
    replies: [
      { at: '2024-10-03 14:20', by: 'tomas', text: 'Ah, my mistake, thanks. I will fix the site table in the field protocol.', editedAfter: 2 },
      { at: '2024-10-03 14:31', by: 'priya', text: 'Good catch, that changes which optical correction we compare against.' },
    ],
  },
  {
    in: 'field-ops', at: '2024-10-14 07:55', by: 'dev',
    text: 'NG-03 (Northgate) stopped reporting at 03:40 this morning. Heading there tomorrow unless it comes back.',
    replies: [
      { at: '2024-10-14 08:20', by: 'ben', text: 'Confirmed in the pipeline: last packet at 03:38 UTC.' },
      { at: '2024-10-16 12:10', by: 'dev', text: 'Went up there. Water got into the enclosure and the connector on the PM board is corroded. Replacing the enclosure with the IP67 one.' },
      { at: '2024-10-18 11:25', by: 'dev', text: 'NG-03 is back online as of 11:20.', reactions: [['tada', 'maya', 'ben', 'priya']] },
      {
        at: '2024-10-18 11:40', by: 'ben',
        text: `I will flag 14 to 18 October for NG-03 as missing in the pipeline, not interpolated. Details in ${ch('data-pipeline')}.`,
      },
    ],
  },
  {
    in: 'data-pipeline', at: '2024-10-22 10:15', by: 'ben',
    text: 'NG-03 outage window (14 to 18 Oct) is now in `data/missing_windows.csv`, flagged as missing. Anything downstream should skip it rather than interpolate.',
    reactions: [['white_check_mark', 'jonas', 'aiko']],
  },
];
