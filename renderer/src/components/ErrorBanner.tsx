import { useApp } from '../state/appStore';

export function ErrorBanner() {
  const error = useApp((s) => s.error);
  const dismiss = useApp((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="banner banner-error" role="alert">
      <span>{error.message}</span>
      <button className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

export function Notices({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="banner banner-notice" role="status">
      {notices.map((n) => (
        <div key={n}>{n}</div>
      ))}
    </div>
  );
}
