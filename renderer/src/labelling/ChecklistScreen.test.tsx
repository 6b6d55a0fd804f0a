// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../App';
import { createClient, setApiClient } from '../api/client';
import { useApp } from '../state/appStore';
import { foldLabelling, progressOf, resumeAt } from '../../../shared/labelling/session';
import { agreementReport } from '../../../shared/labelling/report';
import { blindItem, type VerdictItem } from '../../../shared/labelling/items';
import type { Result } from '../../../shared/result';
import { LabellingReport } from './LabellingReport';

afterEach(cleanup);

const summary = (id: string, judge: Record<string, 'YES' | 'NO'>): VerdictItem => ({
  kind: 'verdict',
  id,
  category: 'SU',
  query: `Summarise thread ${id}.`,
  reference: 'The deploy failed; Lee rolled it back.',
  answer: `Answer ${id}: the deploy failed.`,
  checklist: [
    { id: 'c1', text: `Says the deploy failed (${id}).` },
    { id: 'c2', text: `Says Lee rolled it back (${id}).` },
  ],
  judge: { final: judge.c2 === 'YES' ? 'YES' : 'NO', checklist: judge },
});
const graded = summary('s1', { c1: 'YES', c2: 'NO' });
const plain: VerdictItem = {
  kind: 'verdict',
  id: 'q1',
  category: 'AS',
  query: 'Who rolled back the deploy?',
  reference: 'Lee.',
  answer: 'Lee did.',
  judge: { final: 'YES' },
};
const practice = {
  ...blindItem(summary('p1', { c1: 'YES', c2: 'YES' })),
  expected: 'YES',
  expectedChecklist: { c1: 'YES', c2: 'YES' },
};

/** A stand-in for main at the contract: events in memory, state by the same fold main uses. */
function fakeMain() {
  const calls: [string, Record<string, unknown>][] = [];
  const events: { kind: string; payload: unknown; wallTime: string }[] = [];
  const push = (kind: string, payload: unknown) =>
    events.push({ kind, payload, wallTime: new Date(events.length * 1000).toISOString() });
  push('labelling_started', {
    itemSetHash: 'h',
    seed: 0,
    mode: 'crossed',
    order: ['s1', 'q1'],
    practice: ['p1'],
    itemHashes: {},
  });
  const state = () => {
    const s = foldLabelling(events);
    const practiceAnswers = s.answers.p1
      ? { p1: { answer: 'YES', checklist: practice.expectedChecklist } }
      : {};
    return { answers: s.answers, lastAction: s.lastAction, progress: progressOf(s), practiceAnswers };
  };
  const { expected: _e, expectedChecklist: _c, ...blindPractice } = practice;
  const handlers: Record<string, (a: Record<string, unknown>) => unknown> = {
    // The researcher's own page (kiosk links are tested in e2e/kiosk*.spec.ts).
    accessWhoAmI: () => ({ kind: 'experimenter' }),
    appInfo: () => ({
      host: 'browser',
      version: '0',
      dataDir: '/d',
      database: { status: 'ok', path: '/d/t.db', schemaVersion: 1 },
      notices: [],
    }),
    listStudies: () => [],
    openLabelling: () => ({
      ...state(),
      sessionId: 'sess-002',
      studyKey: 'built-in:su',
      studyTitle: 'Graded summaries',
      rater: 'R1',
      queue: [
        { item: blindPractice, practice: true },
        { item: blindItem(graded), practice: false },
        { item: blindItem(plain), practice: false },
      ],
      resumeAt: resumeAt(foldLabelling(events)),
      resumed: false,
    }),
    giveLabel: (a) => {
      const { sessionId: _s, ...payload } = a;
      push('label_given', payload);
      return state();
    },
  };
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args): Promise<Result<unknown>> => {
        calls.push([method, args as Record<string, unknown>]);
        const h = handlers[method];
        return h
          ? { ok: true, value: h(args as Record<string, unknown>) }
          : { ok: false, error: { code: 'not_found', message: `no ${method}` } };
      },
      subscribe: () => () => {},
    }),
  );
  return calls;
}

const key = (k: string) => fireEvent.keyDown(document.body, { key: k });
const line = (name: RegExp | string) => screen.getByRole('radiogroup', { name });
const chosen = (name: RegExp | string) =>
  within(line(name))
    .getAllByRole('radio')
    .find((r) => r.getAttribute('aria-checked') === 'true')
    ?.textContent?.replace(/^\d\s*/, '')
    .trim();

describe('grading a verdict checklist line by line', () => {
  it('moves between lines by keyboard, confirms once, gives practice feedback per line, then shows plain verdicts as before', async () => {
    const calls = fakeMain();
    useApp.setState({ route: { screen: 'labelling', studyKey: 'built-in:su', rater: 'R1' } });
    render(<App />);
    expect(await screen.findByText('Grade each checklist line, then the whole answer', {}, { timeout: 10_000 })).toBeTruthy();
    const confirm = () => screen.getByRole('button', { name: /Confirm and next/ }) as HTMLButtonElement;
    key('1'); // line 1 YES, on to line 2
    key('2'); // line 2 NO, on to the overall verdict
    key('ArrowUp');
    key('ArrowUp');
    key('n'); // line 1 changed to NO, on to line 2
    expect(chosen(/deploy failed \(p1\)/)).toBe('NO');
    expect(chosen(/rolled it back \(p1\)/)).toBe('NO');
    expect(confirm().disabled).toBe(true);
    key('Enter'); // nothing yet: the overall verdict is missing
    expect(calls.filter(([m]) => m === 'giveLabel')).toHaveLength(0);
    key('ArrowDown');
    key('y');
    expect(chosen('Overall: does the answer pass?')).toBe('YES');
    expect(confirm().disabled).toBe(false);
    key('Enter');
    expect(await screen.findByText('Yes — that is the expected label.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Checklist: 0 of 2 lines as expected (marked beside each line).')).toBeTruthy();
    expect(screen.getAllByText('Expected: YES')).toHaveLength(3);
    key('Enter');

    expect(await screen.findByText('Answer s1: the deploy failed.', {}, { timeout: 10_000 })).toBeTruthy();
    key('1');
    key('2');
    key('2');
    key('Enter');
    expect(await screen.findByText('Lee did.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Choose a label')).toBeTruthy();
    key('1');
    key('Enter');
    await screen.findByText(/All 2 items have an answer/, {}, { timeout: 10_000 });
    const given = calls.filter(([m]) => m === 'giveLabel').map(([, a]) => a);
    expect(given.map(({ itemId, label, checklist }) => ({ itemId, label, checklist }))).toEqual([
      { itemId: 'p1', label: 'YES', checklist: { c1: 'NO', c2: 'NO' } },
      { itemId: 's1', label: 'NO', checklist: { c1: 'YES', c2: 'NO' } },
      { itemId: 'q1', label: 'YES', checklist: undefined },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    expect(await screen.findByText(/Your answer now: NO, checklist 1 of 2 YES/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(chosen(/deploy failed \(s1\)/)).toBe('YES');
  });

  it('shows checklist agreement against the judge in the report', async () => {
    fakeMain();
    const report = agreementReport(
      [graded, plain],
      [
        { itemId: 's1', rater: 'R1', label: 'NO', checklist: { c1: 'YES', c2: 'YES' } },
        { itemId: 'q1', rater: 'R1', label: 'YES' },
      ],
      { resamples: 50 },
    );
    setApiClient(
      createClient({
        host: 'browser',
        invoke: async () => ({ ok: true, value: { report, sessions: [], items: [] } }),
        subscribe: () => () => {},
      }),
    );
    render(<LabellingReport studyKey="k" />);
    const table = await screen.findByRole('table', { name: 'Checklist lines against the judge' });
    expect(within(table).getByRole('row', { name: /^R1/ }).textContent).toContain('50%');
    expect(
      within(screen.getByLabelText('Checklist disagreements')).getByText(/rolled it back \(s1\)/),
    ).toBeTruthy();
  });
});
