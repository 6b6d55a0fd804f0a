// Child process for the crash test: plays T01's run of the between-subjects test study and kills itself with
// SIGKILL the moment the run's `ended` event is committed, before the results writer can write the file.
import type { StudyOverview } from '../../shared/contract/study.js';
import { createTestApp } from '../testing/testApp.js';
import { call, consentAndStart, STUDY_KEY, submitRun } from './study.testing.js';

const [dataDir] = process.argv.slice(2) as [string];
const app = createTestApp(dataDir);
app.bus.subscribe((e) => {
  if (e.type === 'session.event' && e.event.kind === 'ended') process.kill(process.pid, 'SIGKILL');
});
const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
const participantId = overview.participants.find((p) => p.code === 'T01')!.participantId;
await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
const runId = await consentAndStart(app, participantId);
process.stdout.write(`${runId}\n`);
await submitRun(app, runId);
process.stdout.write('not killed\n');
