import { describe, expect, it } from 'vitest';
import type { ParticipantRow, StudyOverview } from '../../shared/contract/study.js';
import { call, refused, STUDY_KEY, type TestApp } from './study.testing.js';
import { eachTestBetweenStudy } from './eachTestBetweenStudy.testing.js';

// Found by the lab-session tester: adding participants to a study nobody had opened yet created the study log with
// only the added codes, so the protocol's own participants were never generated (5 in all instead of 10).

let app: TestApp;
eachTestBetweenStudy((_tmp, a) => (app = a));

const codes = async (studyKey: string) =>
  (await call<StudyOverview>(app, 'studyParticipants', { studyKey })).participants.map((p) => p.code);

describe('participants added before the study is first read', () => {
  it("come after the protocol's generated codes (team-demo: 6 of its own + 5 added = 11)", async () => {
    const added = await call<ParticipantRow[]>(app, 'studyAddParticipants', {
      studyKey: 'built-in:team-demo',
      count: 5,
    });
    expect(added.map((p) => p.code.replace(/^.*-/, ''))).toEqual(['P07', 'P08', 'P09', 'P10', 'P11']);
    const all = await codes('built-in:team-demo');
    expect(all.map((c) => c.replace(/^.*-/, ''))).toEqual([
      'P01',
      'P02',
      'P03',
      'P04',
      'P05',
      'P06',
      'P07',
      'P08',
      'P09',
      'P10',
      'P11',
    ]);
  });

  it("come after the protocol's listed codes, and a listed code pasted again is refused with its line", async () => {
    expect(await refused(app, 'studyAddParticipants', { studyKey: STUDY_KEY, codes: 'T09\nT02' })).toMatch(
      /line 2: "T02" is already a participant/,
    );
    await call(app, 'studyAddParticipants', { studyKey: STUDY_KEY, codes: 'T09' });
    expect(await codes(STUDY_KEY)).toEqual(['T01', 'T02', 'T03', 'T09']);
  });
});
