import { useEffect } from 'react';
import { api } from '../api/client';
import { useHostUp } from '../api/useHostUp';
import './connectionBanner.css';

const words = {
  participant: 'The connection is interrupted. Please stay on this page: it reconnects by itself, and what you have typed is kept.',
  experimenter: "Teamseat's host is not answering (stopped or restarting). This page reconnects by itself and reads everything again when it is back.",
};

/**
 * A calm line while the host cannot be reached (issue 25), gone as soon as the event stream is back. It holds a
 * subscription itself, so a screen that listens to nothing still notices the drop.
 */
export function ConnectionBanner({ who }: { who: keyof typeof words }) {
  const up = useHostUp();
  useEffect(() => api().subscribe(() => {}), []);
  if (up) return null;
  return (
    <div className="banner banner-connection" role="status" data-testid="connection-lost">
      <span>{words[who]}</span>
    </div>
  );
}
