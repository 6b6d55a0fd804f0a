import { useEffect, useState } from 'react';
import type { ToolResult } from '../../../shared/contract/team';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { useTeamSession } from './useTeamSession';
import { useTypingReveal } from './useTypingReveal';
import { TEAM, channelLabel, channelOf } from './channels';
import { ChatPanel } from './ChatPanel';
import { WorkspacePanel } from './WorkspacePanel';
import { BriefPanel, DealPanel, InboxPanel } from './SidePanels';
import { SubmitDialog } from './SubmitDialog';
import { ElapsedClock } from './ElapsedClock';
import { RunEnded } from './RunEnded';
import { DemoEnded } from '../demo/DemoEnded';
import { isDemoStudyKey } from '../../../shared/replay/demoKey';
import { PauseDialog } from './PauseDialog';
import { PauseCover } from './PauseCover';
import type { TeamView } from '../../../shared/team/viewSchema';
import { SessionIdCopy } from '../components/SessionIdCopy';

type Tab = 'brief' | 'workspace' | 'inbox';

/** `kiosk`: inside a participant's visit, where the kiosk (not this screen) says what comes after the run. */
export function TeamSeatScreen({ sessionId, kiosk = false }: { sessionId: string; kiosk?: boolean }) {
  const { view, receivedAt, error, busy, act, clearError } = useTeamSession(sessionId);
  if (!view) return error ? <p className="banner banner-error">{error}</p> : <p className="muted">Opening the session…</p>;
  return <Seat view={view} receivedAt={receivedAt} error={error} busy={busy} act={act} clearError={clearError} kiosk={kiosk} />;
}

function Seat({ view, receivedAt, error, busy, act, clearError, kiosk }: { view: TeamView; kiosk: boolean } & Omit<ReturnType<typeof useTeamSession>, 'view'>) {
  const [delay, setDelay] = useState<number | undefined>();
  const [tab, setTab] = useState<Tab>('brief');
  const [submitting, setSubmitting] = useState(false);
  const [pausing, setPausing] = useState(false);
  const navigate = useApp((s) => s.navigate);
  const experimenter = useApp((s) => s.mode?.kind === 'experimenter') && !kiosk;
  useEffect(() => {
    void api()
      .getSettings({})
      .then((r) => setDelay(r.ok ? r.value.typingDelayMs : 0));
  }, []);
  const { shown, typing } = useTypingReveal(view.messages, delay ?? 0);
  const { channel, open: openChannel, unread } = useChannels(shown, view.you.name);
  const sessionId = view.sessionId;
  // Submitted and being checked, or ended: nothing more can be done in the run.
  const over = view.status === 'ended' || view.status === 'checking';
  // The experimenter's pause covers the seat and only the experimenter lifts it (issue 25); the seat's own has Resume.
  const held = view.status === 'paused' && view.pausedBy === 'experimenter';

  const runTool = (name: 'list_files' | 'read_file' | 'edit_file' | 'grep' | 'run_tests', input: Record<string, unknown>) =>
    act<{ result: ToolResult; view: TeamView }>(() => api().teamTool({ sessionId, name, input }), (v) => v.view).then((v) => v?.result);

  return (
    <div className="seat">
      <header className="seat-head">
        <div>
          <h1>{view.taskTitle}</h1>
          {/* Never the version or seed: which condition a person sits in is hidden from them. */}
          <span className="muted small">Participant {view.participant}</span>
          {/* The experimenter's view of a run: the id `npm run rejudge` takes, to copy. */}
          {experimenter ? (
            <span className="muted small">
              {' '}
              · session <SessionIdCopy id={sessionId} label="this run" />
            </span>
          ) : null}
        </div>
        <div className="seat-status">
          <span className="round" aria-label="Round">
            Round {Math.max(view.round, 1)} of {view.rounds}
          </span>
          <ElapsedClock view={view} receivedAt={receivedAt} onThreshold={() => void act(() => api().teamView({ sessionId }), (v) => v)} />
          {held ? null : view.status === 'paused' ? (
            <button onClick={() => void act(() => api().teamResume({ sessionId, reason: 'resumed' }), (v) => v)}>Resume</button>
          ) : (
            <button onClick={() => setPausing(true)} disabled={over}>
              Pause
            </button>
          )}
          <button className="primary" onClick={() => setSubmitting(true)} disabled={over || busy || view.status === 'paused'}>
            Submit…
          </button>
        </div>
      </header>
      {error ? (
        <div className="banner banner-error" role="alert">
          <span>{error}</span>
          <button className="link" onClick={clearError}>
            Dismiss
          </button>
        </div>
      ) : null}
      {view.status === 'paused' && !held ? <div className="banner banner-notice">Paused: {view.pausedReason}</div> : null}
      {view.status === 'checking' ? (
        // Calm and content-free: nothing of the result reaches the page; the run ends when the check has committed.
        <div className="banner banner-notice" role="status">
          <span>
            <strong>Your work has been submitted.</strong> Checking your work… Nothing more is needed from you here
            {kiosk ? '; you can go on.' : '.'}
          </span>
        </div>
      ) : null}
      {view.timeWarning && !over ? (
        <div className="banner banner-notice" role="status">
          Time is nearly up:{' '}
          {view.timeWarning.remainingMs < 60_000 ? 'less than a minute' : `about ${Math.round(view.timeWarning.remainingMs / 60_000)} min`} left. Submit what
          you have before it runs out.
        </div>
      ) : null}
      {view.status === 'ended' && !kiosk ? (
        // A demo belongs to no study and is never exported: its end offers replay, a model beside it, or another task.
        isDemoStudyKey(view.studyKey) ? <DemoEnded sessionId={sessionId} /> : <RunEnded view={view} onLeave={() => navigate({ screen: 'study', key: view.studyKey })} />
      ) : null}
      {/* Always this wrapper, so the composer (and what is typed in it) is the same element before, under and after a cover. */}
      <div className="pause-cover-host">
        <div className="seat-body" inert={held}>
          <nav className="channels" aria-label="Channels">
            <h3>Channels</h3>
            {view.channels.map((c) => (
              <button key={c} className={`channel${c === channel ? ' channel-active' : ''}`} onClick={() => openChannel(c)} aria-current={c === channel}>
                {channelLabel(c)}
                {unread(c) > 0 ? <span className="unread" aria-label={`${unread(c)} unread`}>{unread(c)}</span> : null}
              </button>
            ))}
          </nav>
          <div className="seat-chat">
            <DealPanel
              view={view}
              busy={busy}
              onAccept={() => void act(() => api().teamAcceptDeal({ sessionId }), (v) => v)}
              onOffer={(youGet, theyGet) => void act(() => api().teamOfferDeal({ sessionId, youGet, theyGet }), (v) => v)}
            />
            <ChatPanel
              view={view}
              channel={channel}
              shown={shown}
              typing={typing}
              busy={busy}
              onSend={async (text) => !!(await act(() => api().teamSend({ sessionId, text, to: channel }), (v) => v))}
            />
          </div>
          <aside className="seat-side">
            <div className="tabs" role="tablist">
              <button role="tab" aria-selected={tab === 'brief'} onClick={() => setTab('brief')}>
                Brief
              </button>
              {view.workspace ? (
                <button role="tab" aria-selected={tab === 'workspace'} onClick={() => setTab('workspace')}>
                  Workspace
                </button>
              ) : null}
              {view.inbox.length > 0 ? (
                <button role="tab" aria-selected={tab === 'inbox'} onClick={() => setTab('inbox')}>
                  Inbox ({view.inbox.length})
                </button>
              ) : null}
            </div>
            {tab === 'brief' ? <BriefPanel view={view} /> : null}
            {tab === 'workspace' && view.workspace ? <WorkspacePanel view={view} runTool={runTool} /> : null}
            {tab === 'inbox' ? <InboxPanel view={view} /> : null}
          </aside>
        </div>
        {held ? <PauseCover reason={view.pausedReason} /> : null}
      </div>
      {pausing ? (
        <PauseDialog
          onCancel={() => setPausing(false)}
          onPause={(reason) => {
            setPausing(false);
            void act(() => api().teamPause({ sessionId, reason }), (v) => v);
          }}
        />
      ) : null}
      {submitting ? (
        <SubmitDialog
          view={view}
          busy={busy}
          onCancel={() => setSubmitting(false)}
          onSubmit={(answer, choice) => {
            void act(() => api().teamSubmit({ sessionId, ...(answer === undefined ? {} : { answer }), ...(choice ? { choice } : {}) }), (v) => v).then(() => setSubmitting(false));
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Unread badges: how many messages of each channel were on screen when the person last left it. Updated
 * when switching channels (an event), so the active channel never shows a badge.
 */
function useChannels(shown: TeamView['messages'], you: string) {
  const [channel, setChannel] = useState(TEAM);
  const [seen, setSeen] = useState<Record<string, number>>({});
  const countIn = (c: string) => shown.filter((m) => channelOf(m, you) === c).length;
  const open = (next: string) => {
    setSeen((s) => ({ ...s, [channel]: countIn(channel), [next]: countIn(next) }));
    setChannel(next);
  };
  const unread = (c: string) => (c === channel ? 0 : countIn(c) - (seen[c] ?? 0));
  return { channel, open, unread };
}
