import { useState } from 'react';
import { useApp } from '../state/appStore';
import { KindBadge, countLabel } from '../components/KindBadge';
import { Problems } from '../components/Problems';
import { ComparisonLink } from '../comparison/ComparisonLink';
import { SessionList } from '../components/SessionList';
import { StartLabelling } from '../labelling/StartLabelling';
import { StartTeamSession } from '../team/StartTeamSession';
import { ModelRunPanel } from '../modelSeat/ModelRunPanel';
import { SlackStart } from '../slack/SlackStart';
import { ParticipantsPanel } from '../kiosk/ParticipantsPanel';
import { RaterLink } from '../kiosk/RaterLink';
import { ResultsLink } from '../results/ResultsLink';
import { TaskCardLink } from '../taskCard/TaskCardLink';
import { DashboardLink } from '../dashboard/DashboardLink';
import { StudyPageReady } from './studyPageReady';
import { AuditLink } from '../audit/AuditScreen';
import { PilotOnlyNote } from '../components/PilotOnly';

export function StudyScreen() {
  const study = useApp((s) => s.study);
  const goHome = useApp((s) => s.goHome);
  // A participant's action (an erasure above all) changes the recorded sessions below: read them again.
  const [sessionsRead, setSessionsRead] = useState(0);
  if (!study) return null;
  const runsParticipants = (study.kind === 'team' || study.kind === 'slack') && !study.pilotOnly;
  return (
    <section aria-labelledby="study-title">
      <button className="link back" onClick={goHome}>
        ← Study library
      </button>
      <div className="study-title-row">
        <KindBadge kind={study.kind} />
        <h1 id="study-title">{study.title}</h1>
      </div>
      {study.description ? <p>{study.description}</p> : null}
      {study.source ? (
        <p className="muted small source">
          Source: {study.source.citation} ({study.source.licence}).
          {study.source.fictional ? ` Fictional: ${study.source.fictional}` : ''}
        </p>
      ) : null}
      <Problems problems={study.problems} />
      {study.problems.length === 0 ? <PilotOnlyNote study={study} detailed /> : null}
      <StudyPageReady key={study.key}>
        {/* Participants first: a study is run from their links; the pilot panels below are never counted. A task
            library (no protocol) has none of them: only its pilot panels. */}
        {runsParticipants ? <ResultsLink studyKey={study.key} /> : null}
        {study.problems.length === 0 && runsParticipants ? <DashboardLink studyKey={study.key} /> : null}
        {study.problems.length === 0 && runsParticipants && study.kind === 'team' ? <AuditLink studyKey={study.key} /> : null}
        {study.problems.length === 0 && runsParticipants ? (
          <ParticipantsPanel studyKey={study.key} onChanged={() => setSessionsRead((n) => n + 1)} />
        ) : null}
        {study.problems.length === 0 && study.kind === 'labelling' ? <StartLabelling study={study} /> : null}
        {study.problems.length === 0 && study.kind === 'labelling' ? (
          <RaterLink studyKey={study.key} />
        ) : null}
        {study.problems.length === 0 && study.kind === 'team' ? <StartTeamSession study={study} /> : null}
        {study.problems.length === 0 && study.kind === 'team' ? <ModelRunPanel studyKey={study.key} /> : null}
        {study.problems.length === 0 && study.kind === 'slack' ? <SlackStart study={study} /> : null}
        {runsParticipants ? <ComparisonLink studyKey={study.key} /> : null}
        <h2>{countLabel(study.kind, study.taskCount)}</h2>
        <table className="tasks">
          <thead>
            <tr>
              <th>Id</th>
              <th>{study.kind === 'slack' ? 'Query' : 'Title'}</th>
              <th>{study.kind === 'team' ? 'Dimension' : study.kind === 'slack' ? 'Category' : 'Kind'}</th>
              {study.kind === 'team' ? <th>Rules labeller</th> : null}
            </tr>
          </thead>
          <tbody>
            {study.tasks.map((t) => (
              <tr key={t.id}>
                <td>
                  {study.kind === 'team' && study.problems.length === 0 ? (
                    <TaskCardLink studyKey={study.key} taskId={t.id} />
                  ) : (
                    <code>{t.id}</code>
                  )}
                </td>
                <td>{t.title}</td>
                <td>{t.detail.replaceAll('_', ' ')}</td>
                {study.kind === 'team' ? (
                  <td className={t.rules?.validated ? undefined : 'rules-not-validated'}>
                    {t.rules?.validated ? 'validated on its label test set' : 'rules not validated: run it with the panel or the console'}
                    {t.rules && !t.rules.validated ? <span className="muted small"> ({t.rules.reasons.join('; ')})</span> : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        <SessionList studyKey={study.key} openable={study.kind === 'team'} refresh={sessionsRead} />
      </StudyPageReady>
    </section>
  );
}
