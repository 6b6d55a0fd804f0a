// The fictional Aerolab team: a small research group calibrating low-cost air-quality sensors against reference
// monitors. Every name, id and address is invented.

export interface Person {
  key: string;
  id: string;
  name: string;
  realName: string;
  title: string;
  email: string;
}

const person = (key: string, id: string, realName: string, title: string): Person => ({
  key,
  id,
  name: key,
  realName,
  title,
  email: `${realName.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.')}@aerolab.example.org`,
});

export const people: Person[] = [
  person('maya', 'U06A1K2MQ', 'Maya Okafor', 'Principal investigator'),
  person('tomas', 'U06A1K3TR', 'Tomás Reyes', 'Postdoctoral researcher'),
  person('priya', 'U06A1K4PN', 'Priya Natarajan', 'PhD student'),
  person('jonas', 'U06A1K5JL', 'Jonas Lindqvist', 'Research software engineer'),
  person('aiko', 'U06A1K6AT', 'Aiko Tanaka', 'PhD student'),
  person('ben', 'U06A1K7BA', 'Ben Adeyemi', 'Data manager'),
  person('clara', 'U06A1K8CH', 'Clara Haugen', "Master's student"),
  person('dev', 'U06A1K9DM', 'Dev Malhotra', 'Field technician'),
  person('sofia', 'U06A1KASM', 'Sofia Marchetti', 'Collaborator, University of Bologna'),
  person('leo', 'U07B2LFEO', 'Leo Fischer', 'Research intern'),
];

export const bot = { userId: 'U06CIB0T1', botId: 'B06CIB0T1', name: 'ci-bot', realName: 'CI bot' };

export function who(key: string): Person {
  const p = people.find((x) => x.key === key);
  if (!p) throw new Error(`no person ${key}`);
  return p;
}

export interface Channel {
  name: string;
  id: string;
  purpose: string;
  topic: string;
  members: string[];
  creator: string;
  created: string; // YYYY-MM-DD
  archived?: boolean;
}

const core = ['maya', 'tomas', 'priya', 'jonas', 'aiko', 'ben', 'clara', 'dev'];
const withLeo = [...core, 'leo'];

export const channels: Channel[] = [
  { name: 'general', id: 'C06A20GEN', purpose: 'Lab-wide announcements', topic: 'Lab meeting Mondays 10:00', members: [...withLeo, 'sofia'], creator: 'maya', created: '2024-09-02' },
  { name: 'random', id: 'C06A21RND', purpose: 'Anything that is not work', topic: '', members: withLeo, creator: 'maya', created: '2024-09-02' },
  { name: 'calibration', id: 'C06A22CAL', purpose: 'The calibration model: features, training, evaluation', topic: 'Current: autumn retraining', members: withLeo, creator: 'jonas', created: '2024-09-02' },
  { name: 'field-ops', id: 'C06A23FLD', purpose: 'Sensor sites, deployments, maintenance', topic: 'Site visits: post before you go', members: ['maya', 'tomas', 'priya', 'ben', 'dev', 'clara'], creator: 'dev', created: '2024-09-02' },
  { name: 'data-pipeline', id: 'C06A24DAT', purpose: 'Ingest, storage, quality flags', topic: 'Nightly ingest 02:00 UTC', members: ['ben', 'jonas', 'clara', 'aiko', 'tomas', 'leo'], creator: 'ben', created: '2024-09-02' },
  { name: 'paper-sensus', id: 'C06A25PAP', purpose: 'Workshop paper on the autumn deployment', topic: '', members: ['maya', 'tomas', 'priya', 'aiko', 'dev', 'sofia', 'clara'], creator: 'maya', created: '2024-10-02' },
  { name: 'ci-alerts', id: 'C06A26CIA', purpose: 'Commits and CI results for the calibrate repository', topic: '', members: ['jonas', 'aiko', 'ben', 'tomas'], creator: 'jonas', created: '2024-09-02' },
  { name: 'reading-group', id: 'C06A27RDG', purpose: 'Thursday reading group', topic: 'Papers go in the thread', members: ['maya', 'tomas', 'priya', 'aiko', 'clara', 'leo', 'jonas'], creator: 'priya', created: '2024-09-02' },
  { name: 'old-dashboard', id: 'C05Z90DSH', purpose: 'The 2023 dashboard prototype (archived)', topic: '', members: ['jonas', 'ben', 'maya'], creator: 'jonas', created: '2024-09-02', archived: true },
];

export function channel(name: string): Channel {
  const c = channels.find((x) => x.name === name);
  if (!c) throw new Error(`no channel ${name}`);
  return c;
}

/** mrkdwn mention of a person. */
export const at = (key: string) => `<@${who(key).id}>`;
/** mrkdwn link to a channel. */
export const ch = (name: string) => `<#${channel(name).id}|${name}>`;

export interface Dm {
  id: string;
  members: [string, string];
}

export const dms: Dm[] = [
  { id: 'D06A30MDV', members: ['maya', 'dev'] },
  { id: 'D06A31BCL', members: ['ben', 'clara'] },
  { id: 'D06A32MTR', members: ['maya', 'tomas'] },
  { id: 'D06A33APN', members: ['aiko', 'priya'] },
  { id: 'D07A34JLE', members: ['jonas', 'leo'] },
];

export const mpim = { id: 'G06A40MPD', members: ['maya', 'tomas', 'aiko'], name: 'mpdm-maya--tomas--aiko-1' };

/** Sites of the deployment, with the ids the team uses. */
export const sites = ['MK-01', 'RV-02', 'NG-03', 'LB-04', 'PK-05', 'SC-06'];
