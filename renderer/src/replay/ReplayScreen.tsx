import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Route } from '../state/routes';
import { useApp } from '../state/appStore';
import { useReplayRun } from './useReplayRun';
import { RunPane, type PaneOptions } from './RunPane';
import { RunPicker } from './RunPicker';
import { parseJump, positionOf } from './address';
import { usePresenterFit } from './usePresenterFit';
import './replay.css';

type ReplayRoute = Extract<Route, { screen: 'replay' }>;
const SPEEDS = [0.5, 1, 2, 4] as const;
/** One round per this many ms at 1×: long enough to read a short message aloud. */
const BASE_MS = 2500;
const NONE = { a: null, b: null };

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
  // A long file's outline can come first with its first round only (the host still reading the rest): until the whole
  // one is here, the counter does not claim a total, the end (verdict) is not reached, the address is left as it is,
  // and an address naming a later round waits for it rather than showing the first.
  const settled = a.header?.complete !== false && b.header?.complete !== false;
  const timeline = useMemo(() => {
    const set = new Set<number>();
    for (const h of [a.header, b.header]) for (const r of h?.rounds ?? []) set.add(r.round);
    const all = [...set].sort((x, y) => x - y);
    return settled || route.round === undefined || all.includes(Number(route.round)) ? all : [];
  }, [a.header, b.header, settled, route.round]);
  // The address is the position: nothing is remembered here, so a prepared link or an edited `round=` is obeyed.
  const at = positionOf(route.round, timeline);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [highlight, setHighlight] = useState<{ a: number | null; b: number | null }>(NONE);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const jumpBox = useRef<HTMLInputElement>(null);
  const last = Math.max(0, timeline.length - 1);
  const roundNo = timeline[at] ?? null;
  const presenter = route.presenter === '1';
  const roles = route.roles === '1';
  const pair = Boolean(route.b);
  const root = useRef<HTMLDivElement>(null);
  usePresenterFit(root, presenter);

  // One history entry per run, not per step: stepping rewrites the address in place.
  const go = useCallback(
    (next: number) => {
      const round = timeline[Math.min(Math.max(next, 0), last)];
      if (round === undefined) return;
      setHighlight(NONE);
      navigate({ ...route, round: String(round) }, { replace: true });
    },
    [timeline, last, navigate, route],
  );
  // An address without a round, or naming one the run lacks, is rewritten to the round shown.
  useEffect(() => {
    if (settled && roundNo !== null && route.round !== String(roundNo)) navigate({ ...route, round: String(roundNo) }, { replace: true });
  }, [settled, roundNo, route, navigate]);
  const isPlaying = playing && at < last;
  useEffect(() => {
    if (!isPlaying) return;
    const t = window.setTimeout(() => {
      go(at + 1);
      if (at + 1 >= last) setPlaying(false);
    }, BASE_MS / speed);
    return () => window.clearTimeout(t);
  }, [isPlaying, at, last, speed, go]);

  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === ' ' && t?.tagName !== 'BUTTON') {
        e.preventDefault();
        setPlaying((p) => !p);
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        go(at + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        go(at - 1);
      } else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(last);
      else if (e.key === 'Escape') setHighlight(NONE);
      // Side by side, h moves the highlight in both runs, so the two rounds are read together.
      else if (e.key === 'h') setHighlight((h) => ({ a: h.a === null ? 0 : h.a + 1, b: pair ? (h.b === null ? 0 : h.b + 1) : null }));
      else if (/^[0-9]$/.test(e.key)) {
        // A round number typed anywhere goes to the jump box; Enter there jumps.
        e.preventDefault();
        setJump(e.key);
        setJumpError(null);
        jumpBox.current?.focus();
      }
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [at, last, go, pair]);

  const opts = (pane: 'a' | 'b'): PaneOptions => ({
    presenter,
    roles,
    highlight: highlight[pane],
    onHighlight: (i) => setHighlight((h) => ({ ...h, [pane]: i })),
  });
  const toggle = (field: 'presenter' | 'roles') => navigate({ ...route, ...(roundNo !== null ? { round: String(roundNo) } : {}), [field]: route[field] ? undefined : '1' });

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
          Round {roundNo ?? '—'} <span className="muted">({timeline.length ? at + 1 : 0} of {settled ? timeline.length : '…'})</span>
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
            if (!settled) {
              setJumpError('The run is still being read; press Enter again in a moment.');
              return;
            }
            const target = parseJump(jump, timeline);
            if ('error' in target) {
              setJumpError(target.error);
              return;
            }
            go(target.index);
            setJump('');
            setJumpError(null);
            // Back to the page, so the arrow keys step again.
            (document.activeElement as HTMLElement | null)?.blur();
          }}
        >
          <label>
            Round{' '}
            <input
              ref={jumpBox}
              value={jump}
              onChange={(e) => {
                setJump(e.target.value);
                setJumpError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setJump('');
                  setJumpError(null);
                  e.currentTarget.blur();
                }
              }}
              inputMode="numeric"
              size={4}
              aria-label="Jump to round number"
              aria-invalid={jumpError ? true : undefined}
              aria-describedby={jumpError ? 'replay-jump-error' : undefined}
            />
          </label>
          <button type="submit">Go</button>
          {jumpError ? (
            <span id="replay-jump-error" className="small" role="alert">
              {jumpError}
            </span>
          ) : null}
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
        <RunPane run={a} roundNo={roundNo} atEnd={settled && at === last} opts={opts('a')} side={route.b ? 'Left run' : undefined} />
        {route.b ? <RunPane run={b} roundNo={roundNo} atEnd={settled && at === last} opts={opts('b')} side="Right run" /> : null}
      </div>
      {!presenter ? <p className="muted small replay-keys">Keys: space play/pause · ← → step · Home/End · a round number then Enter jumps · h highlight the next message (in both runs side by side), Esc clear · click a message to highlight it.</p> : null}
    </div>
  );
}
