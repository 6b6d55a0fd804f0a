import { describe, expect, it } from 'vitest';
import { checkProtocol } from './protocolCheck.js';
import { slackProtocolSchema, teamProtocolSchema, type PackContent, type StudyProtocol } from './protocol.js';
import { studyManifestSchema, protocolOf } from '../studies/manifest.js';

const screens = { consent: { text: 'About.', checkbox: 'I agree' }, debrief: { text: 'Scripted.' } };
const team = (extra: Record<string, unknown>, count = 6): StudyProtocol => ({
  kind: 'team',
  ...teamProtocolSchema.parse({ participants: { generate: { count } }, screens, ...extra }),
});
const slack = (extra: Record<string, unknown>, count = 6): StudyProtocol => ({
  kind: 'slack',
  ...slackProtocolSchema.parse({
    participants: { generate: { count } },
    ...extra,
    screens: { ...screens, ...(extra.screens as object) },
  }),
});
const seeds = { alone: [0], control: [0], manipulation: [1, 2, 3] };
const ABC: PackContent = { kind: 'team', tasks: ['a', 'b', 'c'].map((id) => ({ id, seeds })) };
const QUERIES: PackContent = { kind: 'slack', queries: ['q1', 'q2', 'q3'] };
const messages = (p: StudyProtocol, c: PackContent) =>
  checkProtocol(p, c).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('checkProtocol', () => {
  it('defaults to a between design, random order and all tasks and versions', () => {
    const p = team({});
    expect(p).toMatchObject({ design: 'between', ordering: 'random', seed: 0 });
    expect(messages(p, ABC)).toEqual([]);
  });

  it('refuses a practice query that is also counted, and a time limit for a query the study does not play', () => {
    const p = slack({
      queries: ['q1', 'q2'],
      screens: { practice: { query: 'q1' }, time_limit: { seconds: 600, per_task: { q9: 60 } } },
    });
    expect(messages(p, QUERIES)).toEqual([
      'protocol.screens.practice.query: "q1" is also a counted query; practise on one the study does not count',
      'protocol.screens.time_limit.per_task.q9: "q9" is not a query this study plays',
    ]);
  });

  it('refuses a manipulation check shown only after manipulation runs (it tells the version), and a protocol of the wrong kind', () => {
    const p = team({
      screens: {
        ...screens,
        manipulation_check: { after: 'manipulation', questions: [{ id: 'm', kind: 'likert', text: 'Pressed?' }] },
      },
    });
    expect(messages(p, ABC)).toEqual([
      'protocol.screens.manipulation_check.after: a check shown only after manipulation runs tells participants which version they played (and the number of steps tells them in advance); use every_run',
    ]);
    expect(messages(p, QUERIES)).toEqual(['protocol: a team protocol in a slack study']);
  });

  it('checks balance only once the items are right, so a typo is not drowned in balance messages', () => {
    expect(messages(team({ tasks: ['a', 'x'] }, 1), ABC)).toEqual([
      'protocol.tasks.1: no task "x" in this study; it has a, b, c',
    ]);
  });
});

describe('the manifest', () => {
  it('gives a team or Slack study its protocol with its kind, and a labelling study none', () => {
    const base = { schema: 'teamseat/study@1', id: 'p', title: 'P' };
    const protocol = { participants: { generate: { count: 3 } }, screens };
    const t = studyManifestSchema.parse({ ...base, kind: 'team', tasks: ['a.yaml'], protocol });
    expect(protocolOf(t)).toMatchObject({ kind: 'team', design: 'between' });
    const s = studyManifestSchema.parse({ ...base, kind: 'slack', export: 'e', queries: 'q.yaml', protocol });
    expect(protocolOf(s)).toMatchObject({ kind: 'slack', ordering: 'random' });
    expect(
      protocolOf(studyManifestSchema.parse({ ...base, kind: 'labelling', items: 'i.jsonl' })),
    ).toBeNull();
    const slackDesign = studyManifestSchema.safeParse({
      ...base,
      kind: 'slack',
      export: 'e',
      queries: 'q.yaml',
      protocol: { ...protocol, design: 'within' },
    });
    expect(slackDesign.error?.issues[0]).toMatchObject({
      path: ['protocol'],
      message: expect.stringMatching(/design/),
    });
  });
});
