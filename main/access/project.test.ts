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

describe('errors to a participant or rater: no path of any kind, not the study', () => {
  const team: AccessScope = { kind: 'participant', studyKey: 'user:pressure-manipulation-2026', participantId: 'ab'.repeat(12) };
  const failWith = (message: string) => projectResult(team, 'slackStudyResources', { ok: false, error: { code: 'bad_request', message } });
  const said = (message: string) => {
    const r = failWith(message);
    return r.ok ? 'accepted' : r.error.message;
  };

  it('drops a pack path with its line, an absolute path and a bare pack file name', () => {
    expect(said('pressure-manipulation-2026/study.yaml:4 kind: this is a team study, not a Slack study')).toBe('… kind: this is a team study, not a Slack study');
    expect(said('cannot read /home/lab/.config/Teamseat/results/x/y.json')).toBe('cannot read …');
    expect(said('C:\\Users\\lab\\Teamseat\\teamseat.db is locked')).toBe('… is locked');
    expect(said('queries.yaml line 3: expected a string')).toBe('… line 3: expected a string');
    expect(said('tasks/hidden-profile.yaml')).toBe('…');
  });

  it('drops the study key and its name, wherever they stand', () => {
    expect(said('No study user:pressure-manipulation-2026.')).toBe('No study this study.');
    expect(said('pressure-manipulation-2026 has no repository')).toBe('this study has no repository');
    // A word that only contains the name is left alone.
    expect(said('not-pressure-manipulation-2026-x')).toBe('not-pressure-manipulation-2026-x');
  });

  it('leaves an error with no path as the handler worded it', () => {
    for (const m of ['This screen has already moved on.', 'The run is paused: 1 of 4 steps left.', 'Wrong PIN. Try again in 30 seconds.'])
      expect(said(m)).toBe(m);
  });

  it('the experimenter still gets the whole message', () => {
    const r = projectResult({ kind: 'experimenter' }, 'slackStudyResources', { ok: false, error: { code: 'bad_request', message: 'team-demo/study.yaml:4 kind' } });
    expect(!r.ok && r.error.message).toBe('team-demo/study.yaml:4 kind');
  });
});

describe('the study a participant page knows: an alias, never the key', () => {
  it('replaces the key at any depth of any result, and leaves the experimenter the key', () => {
    const value = { kind: 'participant', studyKey: 'built-in:slack-demo', nested: [{ note: 'from built-in:slack-demo' }], n: 3 };
    const r = projectResult(participant, 'accessWhoAmI', { ok: true, value }, null, 'study-0123');
    expect(r.ok && r.value).toEqual({ kind: 'participant', studyKey: 'study-0123', nested: [{ note: 'from study-0123' }], n: 3 });
    expect(projectResult({ kind: 'experimenter' }, 'accessWhoAmI', { ok: true, value }, null, 'study-0123')).toEqual({ ok: true, value });
  });
});
