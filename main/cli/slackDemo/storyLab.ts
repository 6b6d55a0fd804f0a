import type { Post } from './messages.js';
import { at, ch } from './people.js';

// Lab-wide story: the workshop paper (a deadline that moved), the GPU purchase that was deferred, and Leo joining.
export const labStory: Post[] = [
  {
    in: 'paper-sensus', at: '2024-10-02 09:30', by: 'maya',
    text: `Plan: we target the SenSus 2025 workshop (Sensing for Sustainable Cities), deadline *15 November*. Sections: intro (me), related work (${at('priya')}), method and results (${at('aiko')}), deployment (${at('dev')} and ${at('tomas')}). Outline: <https://docs.aerolab.example.org/d/sensus-outline|SenSus outline>`,
    reactions: [['+1', 'priya', 'aiko', 'tomas', 'dev']],
  },
  { in: 'paper-sensus', at: '2024-10-02 09:41', by: 'sofia', text: 'Happy to write the paragraph on the Bologna comparison sites.' },
  {
    in: 'paper-sensus', at: '2024-10-25 17:05', by: 'priya',
    text: 'Related work draft is in the doc: <https://docs.aerolab.example.org/d/sensus-draft|SenSus draft v2>. It is long, I will cut it down once the results are in.',
  },
  {
    in: 'paper-sensus', at: '2024-11-04 08:50', by: 'sofia',
    text: 'FYI: the SenSus deadline was extended to *22 November* (AoE). Email from the chairs this morning.',
    reactions: [['tada', 'aiko', 'priya', 'clara']],
    replies: [{ at: '2024-11-04 09:15', by: 'maya', text: 'Great. New internal deadline for a full draft: 18 November.' }],
  },
  {
    in: 'paper-sensus', at: '2024-11-22 20:40', by: 'maya',
    text: 'Submitted! Paper ID 117. Thank you all, especially for the last two days.',
    reactions: [['tada', 'aiko', 'priya', 'tomas', 'dev', 'sofia', 'clara'], ['raised_hands', 'tomas']],
  },
  {
    in: 'paper-sensus', at: '2024-12-05 13:10', by: 'sofia',
    text: 'The SenSus site now says notifications go out on 24 January.',
  },
  {
    in: 'general', at: '2024-11-12 10:40', by: 'tomas', text: 'Any news on the GPU server we asked for in September?',
    replies: [
      {
        at: '2024-11-12 11:05', by: 'maya',
        text: 'Finance says the equipment budget is frozen until the new financial year, so we are deferring the GPU purchase to next year. Please keep using the department cluster until then.',
      },
      { at: '2024-11-12 11:09', by: 'aiko', text: 'OK. The cluster queue is fine for the retraining runs anyway.' },
    ],
  },
  {
    in: 'general', at: '2024-10-14 09:05', by: 'maya',
    text: `Welcome ${at('leo')}, who joins us as a research intern until March! Leo will help with the data pipeline and the figures. Say hi in ${ch('random')}.`,
    reactions: [['wave', 'tomas', 'priya', 'jonas', 'aiko', 'ben', 'clara', 'dev']],
  },
  { in: 'general', at: '2024-10-14 09:00', by: 'leo', text: `${at('leo')} has joined the channel`, subtype: 'channel_join' },
  { in: 'calibration', at: '2024-10-14 09:01', by: 'leo', text: `${at('leo')} has joined the channel`, subtype: 'channel_join' },
  { in: 'random', at: '2024-10-14 09:02', by: 'leo', text: `${at('leo')} has joined the channel`, subtype: 'channel_join' },
  { in: 'data-pipeline', at: '2024-10-14 09:03', by: 'leo', text: `${at('leo')} has joined the channel`, subtype: 'channel_join' },
  { in: 'reading-group', at: '2024-10-14 09:04', by: 'leo', text: `${at('leo')} has joined the channel`, subtype: 'channel_join' },
  { in: 'old-dashboard', at: '2024-09-03 09:00', by: 'jonas', text: 'Last call: anything from the 2023 dashboard prototype we want to keep? Archiving this channel on Friday.' },
  { in: 'old-dashboard', at: '2024-09-03 09:30', by: 'ben', text: 'Only the site colour scheme. I copied it over.' },
  { in: 'old-dashboard', at: '2024-09-06 16:00', by: 'jonas', text: 'archived the channel', subtype: 'channel_archive' },
];
