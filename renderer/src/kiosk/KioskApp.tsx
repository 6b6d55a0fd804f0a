import { useEffect, useRef, useState } from 'react';
import { ErrorBanner } from '../components/ErrorBanner';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { TeamSeatScreen } from '../team/TeamSeatScreen';
import { WorkspaceScreen } from '../slack/workspace/WorkspaceScreen';
import { LeaveKiosk } from './LeaveKiosk';
import { Questions } from './Questions';
import { useKiosk, type OpenScreen } from './useKiosk';
import './kiosk.css';

/**
 * A participant's whole visit, one screen at a time, with "Next". Nothing else is reachable from here: no
 * library, Settings, brand link, data path or other session; the way out is the experimenter's PIN.
 */
export function KioskApp({ participantId, studyKey }: { participantId: string; studyKey: string }) {
  const { screen, error, busy, actions } = useKiosk(participantId);
  const inRun = screen?.screen === 'run' && screen.run !== null && !screen.run.ended;
  return (
    <div className={`app kiosk${inRun ? ' kiosk-in-run' : ''}`}>
      <header className="topbar">
        <span className="kiosk-title">Study visit</span>
        {screen && screen.screen !== 'closed' ? (
          <span className="kiosk-progress" aria-label="Progress">
            Step {screen.step} of {screen.steps}
          </span>
        ) : null}
        <LeaveKiosk />
      </header>
      <ErrorBanner />
      <ConnectionBanner who="participant" />
      <main className={inRun ? 'kiosk-run' : 'content kiosk-content'}>
        {error ? (
          <p className="banner banner-error" role="alert">
            {error}
          </p>
        ) : null}
        {!screen ? <p className="muted">Opening your visit…</p> : <Step screen={screen} busy={busy} actions={actions} studyKey={studyKey} />}
      </main>
    </div>
  );
}

type Actions = ReturnType<typeof useKiosk>['actions'];

function Step({ screen, busy, actions, studyKey }: { screen: NonNullable<ReturnType<typeof useKiosk>['screen']>; busy: boolean; actions: Actions; studyKey: string }) {
  if (screen.screen === 'closed')
    return (
      <section className="kiosk-card" aria-labelledby="kiosk-h">
        <h1 id="kiosk-h" tabIndex={-1}>
          {closedTitle[screen.reason]}
        </h1>
        <p>{screen.message}</p>
      </section>
    );
  switch (screen.screen) {
    case 'consent':
      return <Consent screen={screen} busy={busy} actions={actions} />;
    case 'screener':
    case 'manipulation_check':
    case 'questionnaire':
      return (
        <Card title={questionTitle[screen.screen]} key={screen.stepToken}>
          <Questions questions={screen.questions} busy={busy} onSubmit={(a) => void actions.answer(screen, a)} />
        </Card>
      );
    case 'instructions':
      return (
        <Card title="Instructions" key={screen.stepToken}>
          <Paragraphs text={screen.text} />
          <NextButton busy={busy} onNext={() => void actions.next(screen)} />
        </Card>
      );
    case 'run':
      return <Run screen={screen} busy={busy} actions={actions} studyKey={studyKey} />;
    case 'break':
      return <Break key={screen.stepToken} screen={screen} busy={busy} actions={actions} />;
    case 'debrief':
      return <Debrief key={screen.stepToken} screen={screen} busy={busy} actions={actions} />;
    case 'completion':
      return (
        <Card title="Thank you" key={screen.stepToken}>
          <Paragraphs text={screen.text} />
          <p className="kiosk-code">
            Your completion code: <strong data-testid="completion-code">{screen.code}</strong>
          </p>
          {screen.redirect ? <BackToPlatform address={screen.redirect} /> : null}
        </Card>
      );
  }
}

const closedTitle: Record<Extract<Parameters<typeof Step>[0]['screen'], { screen: 'closed' }>['reason'], string> = {
  declined: 'The visit has ended',
  screened_out: 'The visit has ended',
  withdrawn: 'Your data has been withdrawn',
  void: 'This link is no longer in use',
  finished: 'This visit is complete',
  not_started: 'This visit has not started yet',
  erased: 'This link is no longer in use',
  abandoned: 'This visit was closed',
};
/** An enrolled participant goes back to the recruitment platform with their code at once; the link stays if that fails. */
function BackToPlatform({ address }: { address: string }) {
  useEffect(() => {
    window.location.assign(address);
  }, [address]);
  return (
    <p>
      Taking you back to the recruitment platform… If nothing happens, <a href={address}>continue to the platform</a>.
    </p>
  );
}

const questionTitle = { screener: 'A few questions first', manipulation_check: 'About the task you just did', questionnaire: 'Questionnaire' };

/** A screen's card: its heading takes the focus when the screen changes, so a keyboard or screen-reader user starts at the top. */
function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const h = useRef<HTMLHeadingElement>(null);
  useEffect(() => h.current?.focus(), []);
  return (
    <section className="kiosk-card" aria-labelledby="kiosk-h">
      <h1 id="kiosk-h" ref={h} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </>
  );
}

function NextButton({ busy, onNext, disabled = false }: { busy: boolean; onNext(): void; disabled?: boolean }) {
  return (
    <div className="kiosk-actions">
      <button className="primary" onClick={onNext} disabled={busy || disabled}>
        Next
      </button>
    </div>
  );
}

function Consent({ screen, busy, actions }: { screen: Extract<OpenScreen, { screen: 'consent' }>; busy: boolean; actions: Actions }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Card title={screen.title} key={screen.stepToken}>
      <Paragraphs text={screen.text} />
      <label className="kiosk-consent">
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} /> {screen.checkbox}
      </label>
      <div className="kiosk-actions">
        <button onClick={() => void actions.consent(screen, false)} disabled={busy}>
          I do not agree
        </button>
        <button className="primary" onClick={() => void actions.consent(screen, true)} disabled={busy || !agreed}>
          Next
        </button>
      </div>
    </Card>
  );
}

function Run({ screen, busy, actions, studyKey }: { screen: Extract<OpenScreen, { screen: 'run' }>; busy: boolean; actions: Actions; studyKey: string }) {
  if (!screen.run)
    return (
      // The host names a practice "Practice" itself (a lab-session run showed "Practice: Practice").
      <Card title={screen.title}>
        <p>
          {screen.practice ? 'This is a practice task: it is not scored. ' : ''}
          {screen.timeLimitSec ? `You have ${Math.round(screen.timeLimitSec / 60)} minutes. ` : ''}
          Start when you are ready.
        </p>
        <div className="kiosk-actions">
          <button className="primary" onClick={() => void actions.startRun(screen)} disabled={busy}>
            Start
          </button>
        </div>
      </Card>
    );
  return (
    <>
      {screen.run.ended ? (
        <div className="banner banner-ended kiosk-run-ended" role="status">
          <span>
            <strong>This task is finished.</strong> Thank you.
          </span>
          <button className="primary" onClick={() => void actions.next(screen)} disabled={busy} autoFocus>
            Next
          </button>
        </div>
      ) : null}
      {screen.run.seat === 'team' ? (
        <TeamSeatScreen key={screen.run.runId} sessionId={screen.run.runId} kiosk />
      ) : (
        <WorkspaceScreen key={screen.run.runId} studyKey={studyKey} runId={screen.run.runId} kiosk />
      )}
    </>
  );
}

function Break({ screen, busy, actions }: { screen: Extract<OpenScreen, { screen: 'break' }>; busy: boolean; actions: Actions }) {
  // Counted from a deadline, not by ticks, so a tab in the background (timers slowed) still ends the break on time.
  const [until] = useState(() => Date.now() + screen.seconds * 1000);
  const [left, setLeft] = useState(screen.seconds);
  useEffect(() => {
    const t = setInterval(() => {
      const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
  }, [until]);
  return (
    <Card title="A short break">
      <Paragraphs text={screen.text} />
      <p aria-live="polite">{left > 0 ? `Next in ${left} s.` : 'Go on when you are ready.'}</p>
      <NextButton busy={busy} disabled={left > 0} onNext={() => void actions.next(screen)} />
    </Card>
  );
}

function Debrief({ screen, busy, actions }: { screen: Extract<OpenScreen, { screen: 'debrief' }>; busy: boolean; actions: Actions }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card title="About this study">
      <Paragraphs text={screen.text} />
      {screen.canWithdraw ? (
        confirming ? (
          <div className="banner banner-notice" role="alert">
            <span>Withdraw your data? Everything you did in this visit will be left out of the study.</span>
            <button onClick={() => void actions.withdraw(screen)} disabled={busy}>
              Yes, withdraw my data
            </button>
            <button className="link" onClick={() => setConfirming(false)}>
              Keep my data in the study
            </button>
          </div>
        ) : (
          <p>
            <button onClick={() => setConfirming(true)}>Withdraw my data…</button>
          </p>
        )
      ) : null}
      <NextButton busy={busy} onNext={() => void actions.next(screen)} />
    </Card>
  );
}
