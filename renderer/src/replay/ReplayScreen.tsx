import { useEffect, useMemo, useRef, useState } from 'react';
import type { Route } from '../state/routes';
import { formatRoute } from '../state/routes';
import { useApp } from '../state/appStore';
import { useReplayRun } from './useReplayRun';
import { RunPane, type PaneOptions } from './RunPane';
import { RunPicker } from './RunPicker';
import { usePresenterFit } from './usePresenterFit';
import './replay.css';

type ReplayRoute = Extract<Route, { screen: 'replay' }>;
const SPEEDS = [0.5, 1, 2, 4] as const;
/** One round per this many ms at 1×: long enough to read a short message aloud. */
const BASE_MS = 2500;

/**
 * The one run viewer: a run (or two, aligned by round number) stepped round by round, with play at a chosen
 * speed, a jump to any round, the keyboard (space, arrows, Home/End, h to highlight, Esc), and a presenter view.
 */
export function ReplayScreen({ route }: { route: ReplayRoute }) {
  if (!route.run) return <RunPicker />;
  return <Replay route={route} run={route.run} />;
}

function Replay({ route, run }: { route: ReplayRoute; run: string }) {
  const navigate = useApp((s) => s.navigate);
  const a = useReplayRun(run);
  const b = useReplayRun(route.b);
  const timeline = useMemo(() => {
    const set = new Set<number>();
    for (const h of [a.header, b.header]) for (const r of h?.rounds ?? []) set.add(r.round);
    return [...set].sort((x, y) => x - y);
  }, [a.header, b.header]);
  const [pos, setPos] = useState(() => Math.max(0, Number(route.round ?? '1') - 1));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [highlight, setHighlight] = useState<{ pane: 'a' | 'b'; i: number } | null>(null);
  const [jump, setJump] = useState('');
  const last = Math.max(0, timeline.length - 1);
  const at = Math.min(pos, last);
  const roundNo = timeline[at] ?? null;
  const presenter = route.presenter === '1';
  const roles = route.roles === '1';
  const root = useRef<HTMLDivElement>(null);
  usePresenterFit(root, presenter);

  const go = (next: number) => {
    setPos(Math.min(Math.max(next, 0), last));
    setHighlight(null);
  };
  // The address follows the round without a history entry per step, so a reload or a shared link opens here.
  useEffect(() => {
    if (timeline.length === 0) return;
    const hash = formatRoute({ ...route, round: String(at + 1) });
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
  }, [at, route, timeline.length]);
  const isPlaying = playing && at < last;
  useEffect(() => {
    if (!isPlaying) return;
    const t = window.setTimeout(() => {
      setPos(at + 1);
      setHighlight(null);
      if (at + 1 >= last) setPlaying(false);
    }, BASE_MS / speed);
    return () => window.clearTimeout(t);
  }, [isPlaying, at, last, speed]);

  useEffect(() => {
    const step = (to: number) => {
      setPos(Math.min(Math.max(to, 0), last));
      setHighlight(null);
    };
    const listener = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if (e.key === ' ' && t?.tagName !== 'BUTTON') {
        e.preventDefault();
        setPlaying((p) => !p);
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        step(at + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        step(at - 1);
      } else if (e.key === 'Home') step(0);
      else if (e.key === 'End') step(last);
      else if (e.key === 'Escape') setHighlight(null);
      else if (e.key === 'h') setHighlight((h) => ({ pane: 'a', i: h ? h.i + 1 : 0 }));
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [at, last]);

  const opts = (pane: 'a' | 'b'): PaneOptions => ({
    presenter,
    roles,
    highlight: highlight?.pane === pane ? highlight.i : null,
    onHighlight: (i) => setHighlight(i === null ? null : { pane, i }),
  });
  const toggle = (field: 'presenter' | 'roles') => navigate({ ...route, round: String(at + 1), [field]: route[field] ? undefined : '1' });

  return (
    // The presenter view is the whole page (no app frame around it), so it is its own main landmark.
    <div ref={root} className={`replay${presenter ? ' replay-presenter' : ''}${route.b ? ' replay-pair' : ''}`} role={presenter ? 'main' : undefined}>
      <h1 className="sr-only">Replay{route.b ? ' of two runs side by side' : ''}</h1>
      <div className="replay-bar" role="toolbar" aria-label="Replay controls">
        {!presenter ? (
          <button className="link" onClick={() => navigate({ screen: 'replay' })}>
            ← Runs
          </button>
        ) : null}
        <button onClick={() => go(at - 1)} disabled={at <= 0} aria-keyshortcuts="ArrowLeft">
          ◀ Previous round
        </button>
        <span className="replay-round" aria-live="polite" aria-label="Round">
          Round {roundNo ?? '—'} <span className="muted">({timeline.length ? at + 1 : 0} of {timeline.length})</span>
        </span>
        <button onClick={() => go(at + 1)} disabled={at >= last} aria-keyshortcuts="ArrowRight">
          Next round ▶
        </button>
        <button className="primary" onClick={() => setPlaying((p) => !p)} aria-keyshortcuts="Space" disabled={timeline.length < 2}>
          {isPlaying ? 'Pause' : 'Play'}
        </button>
        <label className="replay-speed">
          Speed{' '}
          <select value={speed} onChange={(e) => setSpeed(Number(e.target.value) as (typeof SPEEDS)[number])}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <form
          className="replay-jump"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(jump);
            const i = timeline.indexOf(n);
            if (i >= 0) go(i);
            setJump('');
            // Back to the page, so the arrow keys step again.
            (document.activeElement as HTMLElement | null)?.blur();
          }}
        >
          <label>
            Round{' '}
            <input value={jump} onChange={(e) => setJump(e.target.value)} inputMode="numeric" size={4} aria-label="Jump to round number" />
          </label>
          <button type="submit">Go</button>
        </form>
        <span className="replay-toggles">
          <button aria-pressed={presenter} onClick={() => toggle('presenter')}>
            Presenter view
          </button>
          <button aria-pressed={roles} onClick={() => toggle('roles')}>
            Names → roles
          </button>
        </span>
      </div>
      <div className="replay-panes">
        <RunPane run={a} roundNo={roundNo} atEnd={at === last} opts={opts('a')} side={route.b ? 'Left run' : undefined} />
        {route.b ? <RunPane run={b} roundNo={roundNo} atEnd={at === last} opts={opts('b')} side="Right run" /> : null}
      </div>
      {!presenter ? <p className="muted small replay-keys">Keys: space play/pause · ← → step · Home/End · h highlight the next message, Esc clear · click a message to highlight it.</p> : null}
    </div>
  );
}
