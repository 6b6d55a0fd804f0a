// Child process for the interrupted-check test (teamCheckStudy.test.ts): T02 of the between-subjects test study plays
// impossible-tests, submits, and this process kills itself with SIGKILL the moment `submitted` is committed, while
// the hidden-test check runs in the background: the log holds the submit and no `checked`.
import type { StudyOverview } from '../../shared/contract/study.js';
import { createTestApp } from '../testing/testApp.js';
import { call, consentAndStart, STUDY_KEY } from '../study/study.testing.js';

const [dataDir] = process.argv.slice(2) as [string];
const app = createTestApp(dataDir);
app.bus.subscribe((e) => {
  if (e.type === 'session.event' && e.event.kind === 'submitted') process.kill(process.pid, 'SIGKILL');
});
const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
const participantId = overview.participants.find((p) => p.code === 'T02')!.participantId;
await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
const runId = await consentAndStart(app, participantId);
process.stdout.write(`${runId}\n`);
await call(app, 'teamSubmit', { sessionId: runId, answer: 'Left the failing test for QA.' });
process.stdout.write('not killed\n');
