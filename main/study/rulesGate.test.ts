import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { StudyDetail, StudySummary } from '../../shared/contract/schemas.js';
import type { TaskCard } from '../../shared/team/pack/taskCard.js';
import { teamseatTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import { call, consentAndStart, filesUnder, idle, refused, STUDY_ID, STUDY_KEY, type TestApp } from './study.testing.js';
import { eachTestBetweenStudy } from './eachTestBetweenStudy.testing.js';

// The between study (hidden-profile under a counted protocol, no labeller: section, so the rules label every
// message) with a label test set that the rules fail, or pass, written beside its task.
let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
eachTestBetweenStudy((t, a) => ((tmp = t), (app = a)));
const studyDir = () => path.join(tmp.dir, 'studies', 'between-test');

/** A set whose held-out half the rules get right (`holds`) or mostly wrong (asking about the way in other words). */
function writeSet(holds: boolean): void {
  const asks = holds ? ['is the driveway open?', 'which roads are blocked?', 'can we reach north hill by road?'] : ['anything we should know first?', 'what have you heard?', 'Kai, tell us everything you know'];
  const yaml = `task: hidden-profile
written_by: the test
held_out:
${asks.map((t) => `  - { text: "${t}", label: asks_route, after: k_school }`).join('\n')}
  - { text: "agreed, north hill it is", label: agrees }
train:
  - { text: "what do you think", label: other }
`;
  fs.mkdirSync(path.join(studyDir(), 'label-tests'), { recursive: true });
  fs.writeFileSync(path.join(studyDir(), 'label-tests', 'hidden-profile.yaml'), yaml);
}

const firstId = async () => (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants[0]!.participantId;

describe('rules not validated on their label test set', () => {
  it('are shown in the library and on the task card, and a counted study that labels by them is refused at start', async () => {
    writeSet(false);
    const listed = (await call<StudySummary[]>(app, 'listStudies', {})).find((s) => s.key === STUDY_KEY)!;
    expect(listed.problems).toEqual([]);
    expect(listed.unvalidatedRules).toEqual(['hidden-profile']);
    const study = await call<StudyDetail>(app, 'openStudy', { key: STUDY_KEY });
    expect(study.tasks[0]!.rules).toEqual({ validated: false, measured: true, reasons: ['held-out accuracy 25% (needs 90%)', 'asks_route recall 0% (needs 85%)'] });
    const card = await call<TaskCard>(app, 'teamTaskCard', { studyKey: STUDY_KEY, taskId: 'hidden-profile' });
    expect(card.labelTests).toMatchObject({ validated: false, heldOut: { n: 4, correct: 1 }, train: { n: 1, correct: 1 }, deciding: ['asks_route'] });
    expect(card.labels[0]!.rules[0]).toMatchObject({ id: 'route', keywords: expect.arrayContaining(['driveway']) });

    const participantId = await firstId();
    expect(await refused(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId })).toBe(
      'Task hidden-profile: rules not validated: run it with the panel or the console (or write labeller: { accept_unvalidated_rules: true } in study.yaml to count rules labels anyway).',
    );
    // Nothing was recorded: the participant is still only invited.
    expect((await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants[0]!.status).toBe('invited');
  });

  it('start when study.yaml accepts them, and every rules label of the run says so in the results', async () => {
    writeSet(false);
    const manifest = path.join(studyDir(), 'study.yaml');
    fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace('kind: team\n', 'kind: team\nlabeller: { accept_unvalidated_rules: true }\n'));
    const participantId = await firstId();
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);
    await call(app, 'teamSend', { sessionId: runId, text: 'Is the driveway to North Hill open?', to: 'team' });
    await call(app, 'teamSubmit', { sessionId: runId, answer: 'West City' });
    await idle(app);
    const file = filesUnder(path.join(tmp.dir, 'results', STUDY_ID, 'transcripts'))[0]!;
    const transcript = teamseatTranscriptSchema.parse(JSON.parse(fs.readFileSync(path.join(tmp.dir, 'results', STUDY_ID, 'transcripts', file), 'utf8')));
    expect(transcript.labels.length).toBeGreaterThan(0);
    for (const l of transcript.labels) expect(l).toMatchObject({ source: 'rules', why: expect.stringContaining('rules not validated') });
  });

  it('start without a word when the set shows the rules hold up', async () => {
    writeSet(true);
    const study = await call<StudyDetail>(app, 'openStudy', { key: STUDY_KEY });
    expect(study.tasks[0]!.rules).toMatchObject({ validated: true });
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: await firstId() });
  });
});
