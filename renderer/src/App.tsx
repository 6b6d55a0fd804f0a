import { useEffect } from 'react';
import { useApp } from './state/appStore';
import { ErrorBanner, Notices } from './components/ErrorBanner';
import { ConnectionBanner } from './components/ConnectionBanner';
import { LibraryScreen } from './screens/LibraryScreen';
import { StudyScreen } from './screens/StudyScreen';
import { DatabaseProblemScreen } from './screens/DatabaseProblemScreen';
import { LabellingScreen } from './labelling/LabellingScreen';
import { JudgeRunsScreen } from './labelling/judges/JudgeRunsScreen';
import { AdjudicationScreen } from './labelling/adjudication/AdjudicationScreen';
import { AdjudicateScreen } from './labelling/adjudication/AdjudicateScreen';
import { TeamSeatScreen } from './team/TeamSeatScreen';
import { TaskCardScreen } from './taskCard/TaskCardScreen';
import { SlackRoute } from './slack/SlackRoute';
import { RaterLinkPage } from './slack/admin/RaterLinkPage';
import { SettingsScreen } from './screens/SettingsScreen';
import { ComparisonScreen } from './comparison/ComparisonScreen';
import { KioskApp } from './kiosk/KioskApp';
import { LeaveKiosk } from './kiosk/LeaveKiosk';
import { ResultsScreen } from './results/ResultsScreen';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { ConsoleScreen } from './console/ConsoleScreen';
import { ReplayScreen } from './replay/ReplayScreen';
import { QuickSeat } from './demo/QuickSeat';
import { ModelSeatWatch } from './modelSeat/ModelSeatWatch';
import { AuditQueueScreen } from './audit/AuditQueueScreen';
import { AuditScreen } from './audit/AuditScreen';

export function App() {
  const mode = useApp((s) => s.mode);
  const route = useApp((s) => s.route);
  const load = useApp((s) => s.load);
  const followAddress = useApp((s) => s.followAddress);
  useEffect(() => {
    void load();
    window.addEventListener('hashchange', followAddress);
    return () => window.removeEventListener('hashchange', followAddress);
  }, [load, followAddress]);
  if (!mode) return <Opening />;
  // A participant's or rater's page: no brand link, no Settings, no data path, no other screen.
  if (mode.kind === 'participant') return <KioskApp participantId={mode.participantId} studyKey={mode.studyKey} />;
  // A rater link: labelling on a labelling study, grading on a Slack study.
  if (mode.kind === 'rater') return <RaterLinkPage studyKey={mode.studyKey} rater={mode.rater} />;
  if (mode.kind === 'auditor')
    return (
      <div className="app kiosk">
        <header className="topbar">
          <span className="kiosk-title">Label audit</span>
          <LeaveKiosk />
        </header>
        <ErrorBanner />
        <ConnectionBanner who="participant" />
        <main className="content">
          <AuditQueueScreen studyKey={mode.studyKey} auditor={mode.auditor} />
        </main>
      </div>
    );
  return <ExperimenterApp route={route} />;
}

function Opening() {
  const error = useApp((s) => s.error);
  return (
    <div className="app">
      <main className="content">{error ? <ErrorBanner /> : <p className="muted">Opening…</p>}</main>
    </div>
  );
}

function ExperimenterApp({ route }: { route: ReturnType<typeof useApp.getState>['route'] }) {
  const info = useApp((s) => s.info);
  const goHome = useApp((s) => s.goHome);
  const navigate = useApp((s) => s.navigate);
  // The presenter view is the replay alone, full screen, for a projector.
  if (route.screen === 'replay' && route.presenter === '1' && route.run) return <ReplayScreen route={route} />;
  return (
    <div className="app">
      <header className="topbar">
        <button className="brand" onClick={goHome}>
          Teamseat
        </button>
        <span className="topbar-right">
          {info ? <span className="host">{info.host === 'electron' ? 'Desktop' : 'Browser mode'} · v{info.version}</span> : null}
          {/* Not while a participant or rater holds the seat: settings (and the judge key) are the researcher's. */}
          {route.screen !== 'library' && route.screen !== 'study' && route.screen !== 'settings' ? null : (
            <button className="topbar-link" onClick={() => navigate({ screen: 'settings' })}>
              Settings
            </button>
          )}
        </span>
      </header>
      <ErrorBanner />
      <ConnectionBanner who="experimenter" />
      <main className={route.screen === 'replay' || route.screen === 'demo' || route.screen === 'dashboard' || route.screen === 'console' ? 'content content-wide' : 'content'}>
        {info ? <Notices notices={info.notices} /> : null}
        {info && info.database.status !== 'ok' ? <DatabaseProblemScreen status={info.database} /> : null}
        {route.screen === 'study' ? (
          <StudyScreen />
        ) : route.screen === 'labelling' ? (
          <LabellingScreen studyKey={route.studyKey} rater={route.rater} />
        ) : route.screen === 'labelling-judges' ? (
          <JudgeRunsScreen studyKey={route.studyKey} />
        ) : route.screen === 'labelling-adjudication' ? (
          <AdjudicationScreen studyKey={route.studyKey} />
        ) : route.screen === 'adjudicate' ? (
          <AdjudicateScreen studyKey={route.studyKey} adjudicator={route.adjudicator} />
        ) : route.screen === 'team' ? (
          <TeamSeatScreen sessionId={route.sessionId} />
        ) : route.screen === 'task-card' ? (
          <TaskCardScreen studyKey={route.studyKey} taskId={route.taskId} />
        ) : route.screen === 'model-seat' ? (
          <ModelSeatWatch sessionId={route.sessionId} />
        ) : route.screen === 'slack' || route.screen === 'slack-import' || route.screen === 'slack-results' || route.screen === 'slack-grade' ? (
          <SlackRoute route={route} />
        ) : route.screen === 'audit' ? (
          <AuditScreen studyKey={route.studyKey} />
        ) : route.screen === 'audit-queue' ? (
          <AuditQueueScreen studyKey={route.studyKey} auditor={route.auditor} />
        ) : route.screen === 'results' ? (
          <ResultsScreen studyKey={route.studyKey} />
        ) : route.screen === 'dashboard' ? (
          <DashboardScreen studyKey={route.key} />
        ) : route.screen === 'console' ? (
          <ConsoleScreen sessionId={route.sessionId} />
        ) : route.screen === 'replay' ? (
          <ReplayScreen route={route} />
        ) : route.screen === 'demo' ? (
          <QuickSeat session={route.session} />
        ) : route.screen === 'comparison' ? (
          <ComparisonScreen studyKey={route.studyKey} />
        ) : route.screen === 'settings' ? (
          <SettingsScreen />
        ) : (
          <LibraryScreen />
        )}
      </main>
      {info ? (
        <footer className="footer muted small">
          Data: <code>{info.dataDir}</code>
        </footer>
      ) : null}
    </div>
  );
}
