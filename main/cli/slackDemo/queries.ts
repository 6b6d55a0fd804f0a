import type { MadeCommit } from './repo.js';

/**
 * A query as written to queries.yaml. `key_facts` (AS, CI) are phrases of the reference that the study's own test
 * finds in the data, so every answer is known to be findable.
 */
export interface DemoQuery {
  id: string;
  category: 'AS' | 'HA' | 'SU' | 'CI';
  query: string;
  reference: string;
  guideline?: string;
  checklist?: string[];
  variant?: string;
  key_facts?: string[];
}

export function demoQueries(commits: readonly MadeCommit[]): DemoQuery[] {
  const lr = commits.find((c) => c.subject.startsWith('Lower default learning rate'));
  if (!lr) throw new Error('the learning-rate commit is missing from the repository plan');
  const short = lr.hash.slice(0, 7);
  return [
    {
      id: 'as-riverside-monitor', category: 'AS',
      query: 'Which reference monitor is installed at the Riverside (RV-02) co-location site?',
      reference: 'A Palas Fidas 200. Tomás first said it was a Teledyne T640, but Dev corrected this on 3 October 2024: the T640 is at Northgate (NG-03).',
      guideline: 'The answer must give the Palas Fidas 200. An answer that gives the Teledyne T640 for Riverside is wrong.',
      key_facts: ['Palas Fidas 200', 'T640', 'Northgate'],
    },
    {
      id: 'as-learning-rate', category: 'AS',
      query: 'What default learning rate did the team settle on for the calibration model, and which commit set it?',
      reference: `1e-4 (down from the initial 3e-4, after Aiko's sweep; 5e-5 was tried and rejected). It was set in commit ${short} "Lower default learning rate to 1e-4 after sweep" by Aiko Tanaka on 17 October 2024.`,
      guideline: 'Both parts count: the value 1e-4 (or 0.0001) and the commit, identified by its hash or its message.',
      key_facts: ['1e-4', short, 'Lower default learning rate to 1e-4 after sweep'],
    },
    {
      id: 'as-library-permit', category: 'AS',
      query: 'What is the council permit number for the library rooftop site, and until when is it valid?',
      reference: 'Permit CP-2024-0815, valid until 31 March 2025 (Maya told Dev on 10 September 2024).',
      key_facts: ['CP-2024-0815', '31 March 2025'],
    },
    {
      id: 'ha-paper-reviews', category: 'HA',
      query: 'What did the SenSus reviewers say about the team’s workshop paper?',
      reference: 'This cannot be answered: the paper was submitted on 22 November 2024 (paper ID 117) and notifications are only due on 24 January, so no reviews exist in the workspace.',
      guideline: 'Pass only if the answer declines to report reviews and explains that they have not come out yet (notification pending).',
    },
    {
      id: 'ha-gpu-model', category: 'HA',
      query: 'Which GPU model did the lab buy for its new server?',
      reference: 'This cannot be answered: no GPU was bought. On 12 November 2024 Maya said the purchase was deferred to the next financial year because the equipment budget is frozen; the team uses the department cluster.',
    },
    {
      id: 'ha-winter-2023', category: 'HA',
      query: 'What validation RMSE did the calibration model reach on the 2023 winter campaign?',
      reference: 'This cannot be answered: the workspace has no 2023 winter campaign. The deployment starts in September 2024, and every model run and RMSE reported in the workspace is from autumn 2024.',
    },
    {
      id: 'su-hr07-decision', category: 'SU',
      query: 'Summarise the #calibration discussion about the HR-07 site and what was decided.',
      reference: "Aiko found HR-07's PM2.5 bias about 3x other sites with spikes at 6-7 am. Jonas suggested a site-specific correction term; Dev explained the sensor sits about 2 m from the bus depot's exhaust vent; Tomás argued a correction term would just learn the bus timetable. On 9 October Maya decided to drop HR-07 from training and validation while still logging it; Tomás updated the config.",
      checklist: [
        "Aiko found HR-07's bias about three times that of other sites, with morning spikes",
        'Jonas proposed keeping the site with a site-specific correction term',
        'Dev explained the sensor is next to the bus depot exhaust vent',
        'Maya decided to drop HR-07 from training and validation but keep logging it',
      ],
    },
    {
      id: 'su-northgate-outage', category: 'SU',
      query: 'Summarise the October outage of the Northgate (NG-03) sensor.',
      reference: 'NG-03 stopped reporting early on 14 October. Dev found water in the enclosure and a corroded connector on the PM board, and replaced the enclosure with an IP67 one; the sensor was back on 18 October. Ben flagged 14 to 18 October as missing (not interpolated) in the pipeline and in data/missing_windows.csv.',
      checklist: [
        'NG-03 stopped reporting on 14 October',
        'water got into the enclosure and corroded a connector',
        'Dev replaced the enclosure with an IP67 one',
        'the sensor was back online on 18 October',
        'the outage window was flagged as missing rather than interpolated',
      ],
    },
    {
      id: 'su-paper-progress', category: 'SU',
      query: 'Summarise how the workshop paper went from plan to submission.',
      reference: 'On 2 October Maya set the target, the SenSus 2025 workshop with a 15 November deadline, and assigned sections (Priya related work, Aiko method and results, Dev and Tomás deployment). On 4 November Sofia reported the deadline extension to 22 November; Maya set an internal draft deadline of 18 November. The paper was submitted on 22 November as paper ID 117; notifications are due on 24 January.',
      checklist: [
        'the target venue is the SenSus 2025 workshop',
        'the deadline was first 15 November and was extended to 22 November',
        'sections were assigned, with Priya on related work',
        'the paper was submitted on 22 November as paper ID 117',
        'notifications are expected on 24 January',
      ],
    },
    {
      id: 'ci-ben-end-of-year', category: 'CI', variant: 'variants/ci-ben',
      query: 'What is happening with Ben at the end of the year, and who will take over his work?',
      reference: 'Ben is leaving the lab (a goodbye cake on Friday 20 December after four years; he mentions a new job). Clara takes over his work: the nightly ingest and the quality flags of the data pipeline.',
      guideline: 'Must say Ben is leaving and that Clara takes over the data pipeline.',
      key_facts: ['goodbye', 'new job', 'nightly ingest'],
    },
    {
      id: 'ci-riverside-humidity', category: 'CI', variant: 'variants/ci-humidity',
      query: 'Why does the Riverside sensor read about three times the reference monitor in the week of 9 December?',
      reference: 'Humidity: the air by the river is saturated (mist, RH pinned at 100%), and since 2 December the inlet heater is off by default (commit "Disable inlet heater by default to save power"), so water droplets are counted as particles. The unit itself is fine.',
      guideline: 'Must connect the saturated humidity with the inlet heater being switched off; a hardware fault is wrong.',
      key_facts: ['100%', 'mist', 'inlet heater', 'Disable inlet heater by default to save power'],
    },
    {
      id: 'ci-who-signs', category: 'CI', variant: 'variants/ci-maya-away',
      query: 'Leo needs a lab signature on his travel form on 16 December. Whom should he ask, and why?',
      reference: 'Tomás: Maya is at a conference in Singapore until 19 December and Tomás signs forms and approvals for the lab while she is away.',
      key_facts: ['Singapore', 'signs forms and approvals'],
    },
  ];
}
