import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { LeaveKiosk } from '../../kiosk/LeaveKiosk';
import { RaterPage } from '../../labelling/adjudication/RaterPage';
import { GraderScreen } from './GraderScreen';

/**
 * A rater link's page. On a Slack study the link is a grader's (their own queue and grades, nobody else's); on a
 * labelling study it labels or adjudicates as before.
 */
export function RaterLinkPage({ studyKey, rater }: { studyKey: string; rater: string }) {
  const [kind, setKind] = useState<'grader' | 'rater'>();
  useEffect(() => {
    let live = true;
    void api()
      .slackGraderRole({ studyKey, graderId: rater })
      .then((r) => live && setKind(r.ok ? 'grader' : 'rater'));
    return () => {
      live = false;
    };
  }, [studyKey, rater]);
  return (
    <div className="app kiosk">
      <header className="topbar">
        <span className="kiosk-title">{kind === 'grader' ? 'Grading' : 'Labelling'}</span>
        <LeaveKiosk />
      </header>
      <ErrorBanner />
      <ConnectionBanner who="participant" />
      <main className="content">
        {!kind ? <p className="muted">Opening…</p> : kind === 'grader' ? <GraderScreen studyKey={studyKey} graderId={rater} link /> : <RaterPage studyKey={studyKey} rater={rater} />}
      </main>
    </div>
  );
}
