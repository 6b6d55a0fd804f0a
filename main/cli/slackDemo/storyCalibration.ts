import type { Post } from './messages.js';
import { at, ch } from './people.js';

// The calibration thread of the story: the learning rate that changed twice, the HR-07 site that was dropped, and the
// inlet heater switched off in December. Queries in queries.ts point at these messages.
export const calibrationStory: Post[] = [
  {
    in: 'calibration', at: '2024-09-05 09:12', by: 'jonas',
    text: 'The skeleton of `calibrate` is up. Default config uses `learning_rate: 3e-4` for now, copied from the old dashboard project, so treat it as a placeholder.',
    replies: [
      { at: '2024-09-05 09:20', by: 'aiko', text: "I'll run a proper sweep once the 1-minute loader is in." },
      { at: '2024-09-05 09:31', by: 'maya', text: 'Fine as a start. Let us not tune anything before we have two weeks of co-location data.' },
    ],
  },
  {
    in: 'calibration', at: '2024-10-01 13:40', by: 'aiko',
    text: 'Starting the learning-rate sweep over {1e-3, 3e-4, 1e-4, 3e-5} on the 1-minute feeds, five seeds each. Script is `scripts/lr_sweep.py`.',
    reactions: [['eyes', 'jonas', 'tomas']],
  },
  {
    in: 'calibration', at: '2024-10-08 10:05', by: 'aiko',
    text: 'Residuals for HR-07 (Harbour Road) are way off: its PM2.5 bias is about 3x that of any other site, and it spikes between 6 and 7 in the morning.',
    files: [{ name: 'hr07-residuals.png', title: 'HR-07 residuals by hour', mimetype: 'image/png' }],
    replies: [
      { at: '2024-10-08 10:22', by: 'jonas', text: 'Could we keep it and add a site-specific correction term instead of dropping it? Losing a site hurts the spatial coverage.' },
      { at: '2024-10-08 11:02', by: 'dev', text: 'HR-07 is mounted about 2 m from the exhaust vent of the bus depot. The morning spikes are the buses leaving.' },
      { at: '2024-10-08 11:15', by: 'tomas', text: 'Then a correction term would just learn the bus timetable. I would rather not.' },
      { at: '2024-10-08 14:30', by: 'jonas', text: 'Fair. Moving the sensor is not an option before the paper either.' },
      {
        at: '2024-10-09 09:10', by: 'maya', broadcast: true,
        text: `Decision: we drop HR-07 from the training set and from the validation split. We keep logging it, but it is out of the model. ${at('tomas')} can you update the config?`,
        reactions: [['white_check_mark', 'tomas', 'aiko', 'jonas']],
      },
      { at: '2024-10-09 09:14', by: 'tomas', text: 'On it, will push today or tomorrow.' },
    ],
  },
  {
    in: 'calibration', at: '2024-10-11 16:20', by: 'aiko',
    text: 'Sweep results: 3e-4 diverges on the humidity-corrected features after ~40 epochs; *1e-4 gives the best validation RMSE (4.1 µg/m³ vs 4.6 for 3e-4)*; 3e-5 is too slow to converge in 200 epochs.',
    files: [{ name: 'lr-sweep.png', title: 'Validation RMSE by learning rate', mimetype: 'image/png' }],
    reactions: [['tada', 'maya', 'priya'], ['raised_hands', 'jonas']],
    replies: [
      { at: '2024-10-11 16:45', by: 'maya', text: "Nice. Let's switch the default to 1e-4." },
      { at: '2024-10-16 10:02', by: 'tomas', text: 'Should we go down to 5e-5 to be safe?' },
      { at: '2024-10-16 11:30', by: 'aiko', text: 'I ran 5e-5 as an extra: validation RMSE 4.4, so worse than 1e-4. Staying with 1e-4.', editedAfter: 4 },
      { at: '2024-10-16 11:41', by: 'maya', text: 'Agreed, 1e-4 is final. Please change the default in the config.' },
    ],
  },
  {
    in: 'calibration', at: '2024-10-17 15:05', by: 'aiko',
    text: `Pushed the new default learning rate, see ${ch('ci-alerts')}. Retraining all sites tonight.`,
  },
  {
    in: 'calibration', at: '2024-12-02 11:20', by: 'jonas',
    text: 'Heads-up: I switched the inlet heater off by default (`inlet_heater: false`) to save battery on the solar-powered sites. It only matters on very humid days.',
    replies: [
      { at: '2024-12-02 11:34', by: 'ben', text: 'Noted. The sensors report relative humidity anyway, so we can flag those days later.' },
    ],
  },
];
