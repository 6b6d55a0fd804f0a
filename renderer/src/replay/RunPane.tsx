import { useEffect, useMemo } from 'react';
import type { ReplayItem } from '../../../shared/contract/replay';
import { naming } from '../../../shared/replay/presenter';
import type { ReplayRun } from './useReplayRun';
import { WorkspacePane } from './WorkspacePane';
import { ToolResult } from './ToolResult';

export interface PaneOptions {
  presenter: boolean;
  roles: boolean;
  /** `<index in round>` of the highlighted message, or null. */
  highlight: number | null;
  onHighlight(item: number | null): void;
}

/** One run at one round: the round's chat (each tool call where it happened, or where it was inferred to), workspace, verdict. */
export function RunPane({ run, roundNo, atEnd, opts, side }: { run: ReplayRun; roundNo: number | null; atEnd: boolean; opts: PaneOptions; side?: string }) {
  const { header, error, load, roundAt } = run;
  const index = header && roundNo !== null ? header.rounds.findIndex((r) => r.round === roundNo) : -1;
  useEffect(() => {
    if (index < 0) return;
    // Two rounds ahead and one back are fetched before they are asked for, so a step paints from memory.
    load(index);
    load(index + 1);
    load(index + 2);
    load(index - 1);
  }, [index, load]);
  const names = useMemo(() => (header ? naming(header, opts) : null), [header, opts]);
  if (error && !header) return <section className="replay-pane" aria-label={side ?? 'Run'}><p className="banner banner-error" role="alert">{error}</p></section>;
  if (!header || !names) return <section className="replay-pane" aria-label={side ?? 'Run'}><p className="muted">Opening the run…</p></section>;
  const round = index >= 0 ? roundAt(index) : undefined;
  const kindOf = new Map(header.seats.map((s) => [s.name, s.kind]));
  const title = `${header.title}${header.version ? ` · ${header.version}` : ''}${header.seed !== null ? ` · seed ${header.seed}` : ''}`;
  return (
    <section className="replay-pane" aria-label={side ? `${side}: ${title}` : title}>
      <header className="replay-pane-head">
        <h2 className="replay-title">{title}</h2>
        <p className="muted small">
          {header.format === 'benchmark' ? 'Transcript' : header.format === 'slack' ? 'Slack run' : 'Teamseat run'} · {names.model}
          {header.demo ? <span className="badge replay-demo-badge">demo</span> : null}
        </p>
      </header>
      {index < 0 ? (
        <p className="muted replay-empty">{roundNo === null ? 'This run has no rounds.' : `No round ${roundNo} in this run.`}</p>
      ) : !round ? (
        <p className="muted replay-empty">Loading round {roundNo}…</p>
      ) : (
        <>
          <ol className="replay-items" aria-label={`Round ${round.round}`}>
            {round.items.map((item, i) => (
              <Item key={`${item.type}-${item.index}`} item={item} names={names} kind={item.type === 'message' ? kindOf.get(item.seat) : 'evaluated'} lit={opts.highlight === i} dim={opts.highlight !== null && opts.highlight !== i} onToggle={() => opts.onHighlight(opts.highlight === i ? null : i)} />
            ))}
            {round.items.length === 0 ? <li className="muted">Nothing happened in this round.</li> : null}
          </ol>
          {round.order === 'inferred' && !opts.presenter ? (
            <p className="muted small replay-order-note">Order within this round inferred: the file keeps only each tool call’s round, so calls are placed before the message they lead to and after what they answer.</p>
          ) : null}
          {round.notes.length > 0 && !opts.presenter ? (
            <ul className="muted small replay-round-notes" aria-label="Not shown as the file has it">
              {round.notes.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          ) : null}
          {header.workspace.from !== 'none' && !opts.presenter ? <WorkspacePane id={header.id} round={round} note={header.workspace.note} side={side} /> : null}
          {header.workspace.from !== 'none' && opts.presenter && round.diffs.length > 0 ? <WorkspacePane id={header.id} round={round} note="" diffsOnly side={side} /> : null}
        </>
      )}
      {atEnd ? <Verdict verdict={header.verdict} ended={header.ended} awaiting={header.awaiting} /> : null}
      {!opts.presenter && header.problems.length > 0 ? (
        <details className="replay-problems">
          <summary>
            {header.problems.length === 1 ? '1 thing in this file could not be placed or was ignored' : `${header.problems.length} things in this file could not be placed or were ignored`}
          </summary>
          <ul>
            {header.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function Item({ item, names, kind, lit, dim, onToggle }: { item: ReplayItem; names: ReturnType<typeof naming>; kind: string | undefined; lit: boolean; dim: boolean; onToggle(): void }) {
  const cls = `replay-item${lit ? ' replay-lit' : ''}${dim ? ' replay-dim' : ''}`;
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      onToggle();
    }
  };
  if (item.type === 'tool') {
    if (item.matchedMessage) return null;
    return (
      <li className={`${cls} replay-tool`} tabIndex={0} aria-current={lit || undefined} onClick={onToggle} onKeyDown={keys}>
        <span className="replay-tool-name">{item.name}</span> <code className="replay-tool-input">{toolInput(item.input)}</code>
        {item.resultHead ? <ToolResult name={item.name} head={item.resultHead} text={names.text} /> : null}
      </li>
    );
  }
  return (
    <li className={`${cls} replay-msg replay-msg-${kind ?? 'other'}`} tabIndex={0} aria-current={lit || undefined} onClick={onToggle} onKeyDown={keys}>
      <span className="replay-seat">{names.seat(item.seat)}</span>
      {item.to ? <span className="muted small"> → {item.to === '#team' || item.to === 'team' ? 'team' : names.seat(item.to)}</span> : null}
      {item.kind === 'submit' ? <span className="badge replay-submit">submit</span> : null}
      {/* An offer made with the deal form, not typed (issue 23). */}
      {item.kind === 'deal_form' ? <span className="badge replay-submit">deal form</span> : null}
      <p className="replay-text">{names.text(item.text)}</p>
      {item.label ? (
        <p className="replay-label small">
          Label <strong>{item.label.final}</strong> ({item.label.source}
          {item.label.raters.length > 1 ? `; ${item.label.raters.map((r) => `${r.rater}: ${r.label ?? '—'}`).join(', ')}` : ''})
          {/* Only what the file says: a label that names no branch shows none. */}
          {item.label.branch ? (
            <>
              {' '}
              · branch taken: <strong>{item.label.branch}</strong>
            </>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

function toolInput(input: Record<string, unknown>): string {
  const parts = Object.entries(input)
    .filter(([k]) => k !== 'content')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const text = parts.join(' ');
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

function Verdict({ verdict, ended, awaiting }: { verdict: { pass: boolean; outcome: string } | null; ended: string | null; awaiting?: string | undefined }) {
  // A Slack answer not graded yet has no verdict because nobody has given one, not because there is none.
  if (!verdict && awaiting) return <p className="replay-verdict replay-verdict-none" role="status">Not graded yet: the answer is awaiting {awaiting}.</p>;
  if (!verdict) return <p className="replay-verdict replay-verdict-none" role="status">No checker verdict in this run{ended ? ` (ended: ${ended})` : ''}.</p>;
  return (
    <p className={`replay-verdict ${verdict.pass ? 'replay-pass' : 'replay-fail'}`} role="status">
      Checker: <strong>{verdict.pass ? 'pass' : 'fail'}</strong> — {verdict.outcome}
      {ended ? <span className="muted"> · ended: {ended}</span> : null}
    </p>
  );
}
