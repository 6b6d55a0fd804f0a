import { useState } from 'react';
import type { RunView } from '../../../../shared/contract/slack';
import type { Result } from '../../../../shared/result';
import { api } from '../../api/client';
import { PauseDialog } from '../../team/PauseDialog';
import { AnswerDialog } from './AnswerDialog';
import { RunClock } from './RunClock';

interface Props {
  run: RunView;
  receivedAt: number;
  /** SlackBench can show the query's category to the person or not; the contract has no study setting yet. */
  showCategory: boolean;
  onRun(run: RunView): void;
  onRefresh(): void;
  onError(message: string): void;
}

const categoryName: Record<string, string> = { AS: 'agentic search', HA: 'abstention', SU: 'summarisation', CI: 'circumstance inference' };

/** The query on top of the workspace: the question, the clock, pause and the answer. */
export function RunBar({ run, receivedAt, showCategory, onRun, onRefresh, onError }: Props) {
  const [pausing, setPausing] = useState(false);
  const [answering, setAnswering] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = async (p: Promise<Result<RunView>>) => {
    setBusy(true);
    const r = await p;
    setBusy(false);
    if (r.ok) onRun(r.value);
    else onError(r.error.message);
    return r.ok;
  };
  const open = run.status === 'running' || run.status === 'time_up';
  return (
    <div className={`sk-runbar sk-run-${run.status}`}>
      <div className="sk-run-query">
        <span className="sk-run-label">Question{showCategory ? ` · ${categoryName[run.category] ?? run.category}` : ''}</span>
        <p className="sk-run-text" aria-label="Question">
          {run.query}
        </p>
      </div>
      <div className="sk-run-tools">
        <RunClock run={run} receivedAt={receivedAt} onTimeUp={onRefresh} />
        {/* The experimenter's pause is lifted by the experimenter only (issue 25): the cover says so. */}
        {run.status === 'paused' && run.pausedBy === 'experimenter' ? null : run.status === 'paused' ? (
          <button className="primary" disabled={busy} onClick={() => void act(api().slackResumeRun({ runId: run.runId, reason: 'resumed' }))}>
            Resume
          </button>
        ) : (
          <button disabled={busy || run.status !== 'running'} onClick={() => setPausing(true)}>
            Pause
          </button>
        )}
        {run.status === 'submitted' ? null : (
          <button className="primary" disabled={busy || !open} onClick={() => setAnswering(true)}>
            Answer…
          </button>
        )}
        {run.status === 'running' && run.timeWarning ? (
          <span className="sk-low small" role="status">
            Time is nearly up: answer soon.
          </span>
        ) : null}
        {run.ended === 'time_limit' && !run.answer ? (
          <span className="sk-low small" role="status">
            Time is up: searching has stopped; write your answer now.
          </span>
        ) : null}
        <span className="muted small" title="Searches, opened channels and files so far, recorded as tool calls">
          {run.actionCount} {run.actionCount === 1 ? 'action' : 'actions'} recorded
        </span>
      </div>
      {pausing ? (
        <PauseDialog
          onCancel={() => setPausing(false)}
          onPause={(reason) => {
            setPausing(false);
            void act(api().slackPauseRun({ runId: run.runId, reason }));
          }}
        />
      ) : null}
      {answering ? (
        <AnswerDialog
          late={run.status === 'time_up'}
          busy={busy}
          onCancel={() => setAnswering(false)}
          onSubmit={(answer) => {
            void act(api().slackSubmitAnswer({ runId: run.runId, answer })).then((ok) => ok && setAnswering(false));
          }}
        />
      ) : null}
    </div>
  );
}
