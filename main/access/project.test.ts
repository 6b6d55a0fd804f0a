import { describe, expect, it } from 'vitest';
import type { AccessScope } from '../../shared/contract/access.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { projectEvent, projectResult } from './project.js';

const participant: AccessScope = { kind: 'participant', studyKey: 'built-in:slack-demo', participantId: 'ab'.repeat(12) };

/** A CI query's workspace as slackWorkspaceStatus returns it: its title and variant name the variant folder. */
const variantStatus = {
  workspaceId: 'slack-demo.ci-humidity',
  title: 'SlackBench — demo research-team workspace (variants/ci-humidity)',
  origin: 'study',
  studyKey: 'built-in:slack-demo',
  variant: 'variants/ci-humidity',
  status: 'ready',
  importId: null,
  progress: null,
  report: null,
  error: null,
} as const;

describe('projectResult: the Slack workspace a participant browses', () => {
  it('names neither the variant folder nor its path, in the title shown on screen or in the variant field', () => {
    const projected = projectResult(participant, 'slackWorkspaceStatus', { ok: true, value: variantStatus });
    expect(projected.ok).toBe(true);
    const text = JSON.stringify(projected.ok ? projected.value : null);
    expect(text).not.toContain('variants/');
    expect(projected.ok && projected.value).toMatchObject({ title: 'SlackBench — demo research-team workspace', variant: null });
  });

  it('leaves the experimenter the variant (the study page shows which variant a query runs in)', () => {
    const projected = projectResult({ kind: 'experimenter' }, 'slackWorkspaceStatus', { ok: true, value: variantStatus });
    expect(projected.ok && projected.value).toMatchObject({ title: variantStatus.title, variant: 'variants/ci-humidity' });
  });
});

describe('projectResult: a participant Slack run view', () => {
  const runView = {
    runId: 'f691f33a7655f75585b5666c',
    studyKey: 'built-in:slack-demo',
    queryId: 'ci-riverside-humidity',
    category: 'CI',
    query: 'Why does the Riverside sensor read about three times the reference monitor in the week of 9 December?',
    participant: 'K7QX-P02',
    workspaceId: 'slack-demo.ci-humidity',
    status: 'running',
    startedAt: '2026-12-01T18:45:23.000Z',
    timeLimitMs: 1_200_000,
    elapsedMs: 1000,
    remainingMs: 1_199_000,
    pauses: [],
    actionCount: 1,
    answer: null,
    grading: 'not_submitted',
  } as const;

  it('carries no SlackBench category (the Slack condition) nor the query id, study key or grading', () => {
    for (const method of ['slackRunView', 'slackPauseRun', 'slackResumeRun', 'slackSubmitAnswer']) {
      const projected = projectResult(participant, method, { ok: true, value: runView });
      expect(projected.ok).toBe(true);
      const text = JSON.stringify(projected.ok ? projected.value : null);
      expect(text, method).not.toMatch(/"(category|queryId|studyKey|grading)"/);
      expect(projected.ok && projected.value).toMatchObject({ runId: runView.runId, query: runView.query, elapsedMs: 1000 });
    }
  });
});

describe('the workspace alias a participant sees (its real id names the variant)', () => {
  const runId = 'f691f33a7655f75585b5666c';
  const view = { runId, studyKey: 'built-in:slack-demo', queryId: 'ci-riverside-humidity', category: 'CI', query: 'Why?', participant: 'K7QX-P02', workspaceId: 'slack-demo.ci-humidity', status: 'running', startedAt: '2026-12-01T18:45:23.000Z', timeLimitMs: 1_200_000, elapsedMs: 0, remainingMs: 1_200_000, pauses: [], actionCount: 0, answer: null, grading: 'not_submitted' } as const;
  const seat = { kind: 'slack', runId, workspaceId: 'slack-demo.ci-humidity' } as const;

  it('replaces the run view workspace id and the status id the page asked by', () => {
    const projected = projectResult(participant, 'slackRunView', { ok: true, value: view });
    expect(projected.ok && projected.value).toMatchObject({ workspaceId: `ws-${runId}` });
    expect(JSON.stringify(projected)).not.toContain('ci-humidity');
    const status = projectResult(participant, 'slackWorkspaceStatus', { ok: true, value: variantStatus }, `ws-${runId}`);
    expect(status.ok && status.value).toMatchObject({ workspaceId: `ws-${runId}` });
    expect(JSON.stringify(status)).not.toContain('ci-humidity');
  });

  it("renames the workspace in the participant's own import events, and the experimenter keeps the real id", () => {
    const progress = { type: 'slack.import.progress', importId: 'i1', workspaceId: 'slack-demo.ci-humidity', progress: { entriesDone: 1, entriesTotal: 2 } } as unknown as AppEvent;
    const done = { type: 'slack.import.done', importId: 'i1', workspaceId: 'slack-demo.ci-humidity', report: null, error: null } as const;
    for (const event of [progress, done]) {
      expect(projectEvent(participant, event, { seat, sessions: [] })).toMatchObject({ workspaceId: `ws-${runId}` });
      expect(projectEvent({ kind: 'experimenter' }, event, { seat: null, sessions: [] })).toMatchObject({ workspaceId: 'slack-demo.ci-humidity' });
    }
  });
});
