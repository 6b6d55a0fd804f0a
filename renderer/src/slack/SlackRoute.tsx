import type { Route } from '../state/appStore';
import { WorkspaceScreen } from './workspace/WorkspaceScreen';
import { ImportScreen } from './admin/ImportScreen';
import { ResultsScreen } from './admin/ResultsScreen';
import { GraderScreen } from './admin/GraderScreen';

type SlackRouteValue = Extract<Route, { screen: 'slack' | 'slack-import' | 'slack-results' | 'slack-grade' }>;

/** The Slack seat's screens, one route each. */
export function SlackRoute({ route }: { route: SlackRouteValue }) {
  switch (route.screen) {
    case 'slack':
      return <WorkspaceScreen key={`${route.studyKey}|${route.runId ?? ''}|${route.workspaceId ?? ''}`} studyKey={route.studyKey} runId={route.runId} workspaceId={route.workspaceId} />;
    case 'slack-import':
      return <ImportScreen studyKey={route.studyKey} />;
    case 'slack-results':
      return <ResultsScreen studyKey={route.studyKey} />;
    case 'slack-grade':
      return <GraderScreen studyKey={route.studyKey} graderId={route.graderId} />;
  }
}
