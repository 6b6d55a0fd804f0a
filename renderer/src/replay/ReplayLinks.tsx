import { useApp } from '../state/appStore';

/** The library's way into live demos: the run viewer and the quick seat. */
export function ReplayLinks() {
  const navigate = useApp((s) => s.navigate);
  return (
    <>
      <button onClick={() => navigate({ screen: 'replay' })}>Replay runs</button>
      <button onClick={() => navigate({ screen: 'demo' })}>Quick seat</button>
    </>
  );
}
