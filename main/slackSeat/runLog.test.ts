import { SINGLE_GRADER } from '../../shared/judge/grades.js';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { foldRun, runView, type RunStarted } from './runLog.js';

// The run clock from a log with fixed monotonic times (microseconds): pauses do not count, the answer stops it.
const MIN = 60_000_000;
const started: RunStarted = { studyKey: 's', queryId: 'q1', category: 'AS', participant: 'P01', workspaceId: 'w', timeLimitMinutes: 20 };
let seq = 0;
const ev = (kind: string, monoUs: number, payload: unknown): StoredEvent => ({
  sessionId: 'run000001',
  seq: ++seq,
  monoUs,
  wallTime: new Date(Date.UTC(2025, 0, 1) + monoUs / 1000).toISOString(),
  kind,
  payload,
});

describe('the run clock', () => {
  const log = [
    ev('slack_run_started', 0, started),
    ev('tool_call', 1 * MIN, { tool: 'list_channels', arguments: {}, resultHead: '9 conversations' }),
    ev('paused', 5 * MIN, { reason: 'fire alarm' }),
    ev('resumed', 35 * MIN, { reason: 'back' }),
  ];

  it('does not count paused time', () => {
    const state = foldRun(log)!;
    expect(runView(state, 'Q?', 40 * MIN, SINGLE_GRADER)).toMatchObject({ status: 'running', elapsedMs: 10 * 60_000, remainingMs: 10 * 60_000, actionCount: 1 });
    expect(runView(foldRun(log.slice(0, 3))!, 'Q?', 30 * MIN, SINGLE_GRADER)).toMatchObject({ status: 'paused', elapsedMs: 5 * 60_000 });
  });

  it('is up at the limit, and stops at the answer', () => {
    expect(runView(foldRun(log)!, 'Q?', 50 * MIN, SINGLE_GRADER)).toMatchObject({ status: 'time_up', remainingMs: 0 });
    const answered = foldRun([...log, ev('submitted', 45 * MIN, { answer: 'x', late: false })])!;
    expect(runView(answered, 'Q?', 500 * MIN, SINGLE_GRADER)).toMatchObject({ status: 'submitted', elapsedMs: 15 * 60_000, grading: 'awaiting_grader' });
  });

  it('is not a run unless the log starts with slack_run_started', () => {
    expect(foldRun([ev('session_started', 0, {})])).toBeNull();
    expect(foldRun([])).toBeNull();
  });
});
