import { formatRoute } from '../state/routes';
import { useApp } from '../state/appStore';

/** The browser host keeps this tab's token here (api/transport.ts); a new tab needs it in its link. */
const TOKEN_KEY = 'teamseat.token';

/**
 * The study page's way to the live dashboard: in the browser host a new tab of its own (the link carries the
 * experimenter's token, as the host's printed link does); on the desktop, a second window.
 */
export function DashboardLink({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  const route = formatRoute({ screen: 'dashboard', key: studyKey });
  const token = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOKEN_KEY);
  return (
    <p className="dashboard-entry">
      {token ? (
        <a href={`${window.location.pathname}#token=${encodeURIComponent(token)}&to=${encodeURIComponent(route.slice(1))}`} target="_blank" rel="noreferrer">
          Live dashboard (new tab)
        </a>
      ) : (
        <button
          onClick={() => {
            // The desktop opens it in a second window (main/electron/dashboardWindow.ts); where that is refused, here.
            if (!window.open(`${window.location.pathname}${route}`, '_blank')) navigate({ screen: 'dashboard', key: studyKey });
          }}
        >
          Live dashboard (new window)
        </button>
      )}{' '}
      <span className="muted small">every participant against the plan, live, with pause, void and withdraw.</span>
    </p>
  );
}
