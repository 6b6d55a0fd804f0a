import { useCallback, useMemo, useRef, useState } from 'react';
import { timeKeyFromTs } from '../../../../shared/slack/timeKey';
import { useApp } from '../../state/appStore';
import type { RowContext } from '../MessageRow';
import type { SlackMessage } from '../types';
import { ErrorLine, useCall } from '../useCall';
import { RepoView } from '../repo/RepoView';
import type { RepoTarget } from '../repo/repoTarget';
import { DocView } from '../docs/DocView';
import { RunBar } from '../run/RunBar';
import { RunCover } from '../run/RunCover';
import { ChannelView, type ChannelStart } from './ChannelView';
import { inAppTarget } from './inAppLinks';
import { namesOf } from './names';
import { SEARCH_HELP, SearchResults } from './SearchResults';
import { Sidebar } from './Sidebar';
import { ThreadPane } from './ThreadPane';
import { UserPopover } from './UserPopover';
import { SEARCH_SHORTCUTS, useSearchShortcut } from './useSearchShortcut';
import { useWorkspace } from './useWorkspace';
import { ImportProgressBar } from '../admin/ImportProgressBar';

type Pane =
  | { kind: 'intro' }
  | { kind: 'channel'; id: string; start: ChannelStart }
  | { kind: 'search'; query: string }
  | { kind: 'repo'; target: RepoTarget }
  | { kind: 'doc'; path: string };

type Thread = { conversationId: string; conversationName: string; threadTs: string; focusTs?: string | undefined };

interface Props {
  studyKey: string | null;
  runId?: string | undefined;
  workspaceId?: string | undefined;
  /** Inside a participant's kiosk: no way back to the study (the kiosk says what comes next). */
  kiosk?: boolean;
}

/** The workspace as Slack users know it: sidebar, conversation, thread pane, search; plus the study's repo and documents. */
export function WorkspaceScreen({ studyKey, runId, workspaceId, kiosk = false }: Props) {
  const ws = useWorkspace(studyKey, runId, workspaceId);
  const { error, setError, clearError } = useCall();
  const openStudy = useApp((s) => s.openStudy);
  const navigate = useApp((s) => s.navigate);
  const [pane, setPane] = useState<Pane>({ kind: 'intro' });
  const [thread, setThread] = useState<Thread | null>(null);
  const [popover, setPopover] = useState<{ userId: string; rect: DOMRect } | null>(null);
  const [searchText, setSearchText] = useState('');
  const { refreshRun } = ws;
  const searchBox = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchBox);

  const onError = useCallback(
    (m: string) => {
      setError(m);
      // A refused browse call usually means the run was paused or ran out of time elsewhere: show its state.
      void refreshRun();
    },
    [setError, refreshRun],
  );

  const data = ws.data;
  const names = useMemo(() => namesOf(data?.users ?? [], data?.conversations ?? []), [data]);
  const repoName = data?.resources.repository?.name ?? null;
  const documents = useMemo(() => data?.resources.documents ?? [], [data]);
  const browse = useMemo(() => ({ workspaceId: data?.status.workspaceId ?? '', ...(runId ? { runId } : {}) }), [data, runId]);

  const openMessage = useCallback(
    (m: SlackMessage) => {
      const reply = m.threadTs !== null && m.threadTs !== m.ts;
      const parentKey = reply && m.threadTs ? timeKeyFromTs(m.threadTs) : null;
      setPane({ kind: 'channel', id: m.conversationId, start: { kind: 'focus', id: parentKey ?? m.id } });
      setThread(reply && m.threadTs ? { conversationId: m.conversationId, conversationName: m.conversationName, threadTs: m.threadTs, focusTs: m.ts } : null);
    },
    [],
  );

  const ctx: RowContext = useMemo(
    () => ({
      names,
      onUser: (userId, anchor) => setPopover({ userId, rect: anchor.getBoundingClientRect() }),
      onChannel: (id) => {
        if (data?.conversations.some((c) => c.id === id)) setPane({ kind: 'channel', id, start: { kind: 'newest' } });
      },
      onOpenThread: (m) => setThread({ conversationId: m.conversationId, conversationName: m.conversationName, threadTs: m.threadTs ?? m.ts }),
      inAppLink: (url) => {
        const t = inAppTarget(url, { repoName, documents: documents.map((d) => d.path) });
        if (!t) return undefined;
        if (t.kind === 'doc') return () => setPane({ kind: 'doc', path: t.path });
        return () => setPane({ kind: 'repo', target: t.kind === 'commit' ? { kind: 'commit', oid: t.oid } : { kind: 'file', path: t.path, oid: t.oid } });
      },
    }),
    [names, data, repoName, documents],
  );

  const back = () => (studyKey ? void openStudy(studyKey) : navigate({ screen: 'slack-import' }));
  if (ws.fatal) {
    return (
      <section className="sk-app-message">
        {kiosk ? null : (
          <button className="link back" onClick={back}>
            ← Back
          </button>
        )}
        <p className="banner banner-error" role="alert">
          {ws.fatal}
        </p>
      </section>
    );
  }
  if (!data) {
    return (
      <section className="sk-app-message" aria-busy="true">
        <h1>Opening the workspace…</h1>
        {ws.progress ? <ImportProgressBar progress={ws.progress} /> : <p className="muted">This can take a moment the first time: the export is imported and indexed.</p>}
      </section>
    );
  }

  const run = ws.run;
  const active = pane.kind === 'channel' ? pane.id : undefined;
  const conversation = pane.kind === 'channel' ? data.conversations.find((c) => c.id === pane.id) : undefined;
  const blocked = run !== undefined && run.status !== 'running';
  return (
    <div className="sk-app">
      {/* Slack's own layout shows no page title; a screen reader still gets one to start from. */}
      <h1 className="sr-only">{data.status.title}</h1>
      {run ? <RunBar run={run} receivedAt={ws.runAt} showCategory={false} onRun={ws.setRun} onRefresh={() => void refreshRun()} onError={setError} /> : null}
      <div className="sk-topline">
        {run ? <span className="muted small">Participant {run.participant}</span> : (
          <button className="link" onClick={back}>
            ← {studyKey ? 'Study' : 'Workspaces'}
          </button>
        )}
        <form
          className="sk-searchbox"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (searchText.trim()) setPane({ kind: 'search', query: searchText.trim() });
          }}
        >
          <input
            ref={searchBox}
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={`Search ${data.status.title}`}
            aria-label="Search messages"
            aria-keyshortcuts={SEARCH_SHORTCUTS.aria}
            title={SEARCH_HELP}
            disabled={blocked}
          />
          <kbd className="sk-search-keys" aria-hidden="true">
            {SEARCH_SHORTCUTS.label}
          </kbd>
        </form>
        {run ? null : <span className="muted small">Browsing is not recorded.</span>}
      </div>
      <ErrorLine error={error} onDismiss={clearError} />
      <div className={`sk-main${thread ? ' sk-with-thread' : ''}`}>
        <Sidebar
          title={data.status.title}
          conversations={data.conversations}
          names={names}
          active={active}
          onOpen={(id) => setPane({ kind: 'channel', id, start: { kind: 'newest' } })}
          hasRepo={repoName !== null}
          documents={documents}
          activeResource={pane.kind === 'repo' ? 'repo' : pane.kind === 'doc' ? `doc:${pane.path}` : undefined}
          onRepo={() => setPane({ kind: 'repo', target: { kind: 'tree', path: '' } })}
          onDoc={(path) => setPane({ kind: 'doc', path })}
        />
        <div className="sk-pane">
          {pane.kind === 'intro' ? (
            <div className="sk-intro">
              <h2>{data.status.title}</h2>
              <p className="muted">Pick a channel or a direct message on the left, or search above.</p>
              <p className="muted small">Search modifiers: {SEARCH_HELP}</p>
            </div>
          ) : null}
          {pane.kind === 'channel' && conversation ? (
            <ChannelView
              conversation={conversation}
              browse={browse}
              start={pane.start}
              ctx={ctx}
              onJump={(day) => setPane({ kind: 'channel', id: pane.id, start: { kind: 'day', day } })}
              onError={onError}
            />
          ) : null}
          {pane.kind === 'search' ? <SearchResults browse={browse} query={pane.query} onOpen={openMessage} onError={onError} /> : null}
          {pane.kind === 'repo' && studyKey && repoName ? (
            <RepoView studyKey={studyKey} runId={runId} repoName={repoName} target={pane.target} onTarget={(target) => setPane({ kind: 'repo', target })} onError={onError} />
          ) : null}
          {pane.kind === 'doc' && studyKey ? <DocView studyKey={studyKey} runId={runId} path={pane.path} link={ctx.inAppLink} onError={onError} /> : null}
        </div>
        {thread ? (
          <ThreadPane browse={browse} {...thread} ctx={ctx} onClose={() => setThread(null)} onError={onError} />
        ) : null}
        {blocked && run ? <RunCover run={run} onLeave={kiosk ? undefined : back} /> : null}
      </div>
      {popover ? <UserPopover browse={browse} userId={popover.userId} anchor={popover.rect} onClose={() => setPopover(null)} /> : null}
    </div>
  );
}
