import { useEffect } from 'react';
import { useApp } from './state/appStore';
import { ErrorBanner, Notices } from './components/ErrorBanner';
import { LibraryScreen } from './screens/LibraryScreen';
import { StudyScreen } from './screens/StudyScreen';
import { DatabaseProblemScreen } from './screens/DatabaseProblemScreen';
import { LabellingScreen } from './labelling/LabellingScreen';
import { TeamSeatScreen } from './team/TeamSeatScreen';
import { SlackRoute } from './slack/SlackRoute';
import { SettingsScreen } from './screens/SettingsScreen';

export function App() {
  const info = useApp((s) => s.info);
  const route = useApp((s) => s.route);
  const load = useApp((s) => s.load);
  const goHome = useApp((s) => s.goHome);
  const navigate = useApp((s) => s.navigate);
  useEffect(() => {
    void load();
  }, [load]);
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
      <main className="content">
        {info ? <Notices notices={info.notices} /> : null}
        {info && info.database.status !== 'ok' ? <DatabaseProblemScreen status={info.database} /> : null}
        {route.screen === 'study' ? (
          <StudyScreen />
        ) : route.screen === 'labelling' ? (
          <LabellingScreen studyKey={route.studyKey} rater={route.rater} />
        ) : route.screen === 'team' ? (
          <TeamSeatScreen sessionId={route.sessionId} />
        ) : route.screen === 'slack' || route.screen === 'slack-import' || route.screen === 'slack-results' || route.screen === 'slack-grade' ? (
          <SlackRoute route={route} />
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
