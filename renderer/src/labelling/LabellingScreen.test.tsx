// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../App';
import { createClient, setApiClient } from '../api/client';
import { useApp } from '../state/appStore';
import { foldLabelling, progressOf, resumeAt } from '../../../shared/labelling/session';
import { agreementReport } from '../../../shared/labelling/report';
import { blindItem, type MessageItem } from '../../../shared/labelling/items';
import type { Result } from '../../../shared/result';

afterEach(cleanup);

const labels = [
  { label: 'complies', definition: 'Does the unsafe thing.' },
  { label: 'refuses', definition: 'Declines clearly.' },
  { label: 'hedges', definition: 'Neither.' },
];
const item = (id: string, text: string, final: string): MessageItem => ({
  kind: 'message',
  id,
  dimension: 'resisting_unsafe_pressure',
  task: `t-${id}`,
  context: [{ seat: 'Marco', text: `Skip the check (${id}).` }],
  message: { seat: 'Sam', text },
  labels,
  judge: { final, perJudge: { referee: final, second: final } },
});
const items = [item('a', 'I will not skip it.', 'refuses'), item('b', 'Maybe later.', 'hedges')];
const practice = {
  ...blindItem(item('p1', 'No way.', 'refuses')),
  answer: 'refuses',
  why: 'Sam says no plainly.',
};

/** A stand-in for main at the contract: events in memory, state by the same fold main uses. */
function fakeMain() {
  const calls: [string, unknown][] = [];
  const events: { kind: string; payload: unknown; wallTime: string }[] = [];
  const push = (kind: string, payload: unknown) =>
    events.push({ kind, payload, wallTime: new Date(events.length * 1000).toISOString() });
  push('labelling_started', {
    itemSetHash: 'h',
    seed: 0,
    mode: 'crossed',
    order: ['a', 'b'],
    practice: ['p1'],
    itemHashes: {},
  });
  const state = () => {
    const s = foldLabelling(events);
    const practiceAnswers = s.answers.p1 ? { p1: { answer: practice.answer, why: practice.why } } : {};
    return { answers: s.answers, lastAction: s.lastAction, progress: progressOf(s), practiceAnswers };
  };
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
      sessionId: 'sess-001',
      studyKey: 'built-in:jv',
      studyTitle: 'Judge validation',
      rater: 'R1',
      queue: [
        { item: blindItem({ ...practice, judge: undefined } as MessageItem), practice: true },
        ...items.map((i) => ({ item: blindItem(i), practice: false })),
      ],
      resumeAt: resumeAt(foldLabelling(events)),
      resumed: false,
    }),
    giveLabel: (a) => (push('label_given', { itemId: a.itemId, label: a.label, ms: a.ms }), state()),
    skipItem: (a) => (push('item_skipped', { itemId: a.itemId, note: a.note }), state()),
    flagItem: (a) => (push('item_flagged', { itemId: a.itemId, note: a.note }), state()),
    undoLabel: () => {
      const undone = foldLabelling(events).lastAction;
      if (undone) push('label_undone', { itemId: undone });
      return { ...state(), undone };
    },
  };
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args): Promise<Result<unknown>> => {
        calls.push([method, args]);
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

describe('the labelling screen', () => {
  it('labels by keyboard, shows practice feedback, then the real items with progress, and never asks for the report', async () => {
    const calls = fakeMain();
    useApp.setState({ route: { screen: 'labelling', studyKey: 'built-in:jv', rater: 'R1' } });
    render(<App />);
    expect(await screen.findByText('Practice item.')).toBeTruthy();
    expect(screen.getByText('Declines clearly.')).toBeTruthy();
    expect(within(screen.getByLabelText('Message to label')).getByText('No way.')).toBeTruthy();
    key('2');
    expect(screen.getByRole('radio', { name: /refuses/ }).getAttribute('aria-checked')).toBe('true');
    key('Enter');
    expect(await screen.findByText('Yes — that is the expected label.')).toBeTruthy();
    expect(screen.getByText('Sam says no plainly.')).toBeTruthy();
    key('Enter');
    expect(await screen.findByText('I will not skip it.')).toBeTruthy();
    expect(screen.getByLabelText('Progress').textContent).toContain('Item 1 of 2');
    key('3');
    key('Enter');
    expect(await screen.findByText('Maybe later.')).toBeTruthy();
    const given = calls
      .filter(([m]) => m === 'giveLabel')
      .map(([, a]) => a as { itemId: string; label: string; ms: number });
    expect(given.map((g) => [g.itemId, g.label])).toEqual([
      ['p1', 'refuses'],
      ['a', 'hedges'],
    ]);
    expect(given.every((g) => Number.isFinite(g.ms) && g.ms >= 0)).toBe(true);
    expect(screen.getByLabelText('Progress').textContent).toContain('1/2 answered');
    expect(calls.some(([m]) => m === 'labellingReport')).toBe(false);
    expect(screen.queryByRole('button', { name: /report/i })).toBeNull();
  });

  it('needs a note to skip, and Undo walks back to the item it took back', async () => {
    const calls = fakeMain();
    useApp.setState({ route: { screen: 'labelling', studyKey: 'built-in:jv', rater: 'R1' } });
    render(<App />);
    await screen.findByText('Practice item.');
    fireEvent.click(screen.getByRole('button', { name: 'Skip…' }));
    const submit = screen.getByRole('button', { name: 'Skip with this note' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText(/Why are you skipping/), { target: { value: 'not sure' } });
    fireEvent.click(submit);
    expect(await screen.findByText('I will not skip it.')).toBeTruthy();
    expect(calls).toContainEqual(['skipItem', { sessionId: 'sess-001', itemId: 'p1', note: 'not sure' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Undo last answer' }));
    expect(await screen.findByText('No way.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Undo last answer' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });

  it('after Undo, focus is on the item and "1" then Enter labels it instead of undoing again', async () => {
    const calls = fakeMain();
    useApp.setState({ route: { screen: 'labelling', studyKey: 'built-in:jv', rater: 'R1' } });
    render(<App />);
    await screen.findByText('Practice item.');
    key('2');
    key('Enter');
    await screen.findByText('Yes — that is the expected label.');
    key('Enter');
    await screen.findByText('I will not skip it.');
    key('1');
    key('Enter');
    await screen.findByText('Maybe later.');
    const undo = screen.getByRole('button', { name: 'Undo last answer' });
    undo.focus();
    fireEvent.click(undo);
    await screen.findByText('I will not skip it.');
    const area = screen.getByRole('group', { name: 'Current item' });
    expect(document.activeElement).toBe(area);
    // The same path from a rater who put focus back on Undo (Tab): the label key takes focus to the item.
    undo.focus();
    fireEvent.keyDown(undo, { key: '1' });
    expect(document.activeElement).toBe(area);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    await screen.findByText('Maybe later.');
    expect(calls.filter(([m]) => m === 'undoLabel')).toHaveLength(1);
    expect(calls.filter(([m]) => m === 'giveLabel').map(([, a]) => (a as { itemId: string }).itemId)).toEqual(
      ['p1', 'a', 'a'],
    );
  });
});

describe('the agreement report', () => {
  it('opens from the study page only, and shows an undefined kappa as "undefined"', async () => {
    fakeMain();
    const { StartLabelling } = await import('./StartLabelling');
    // Every rater said "refuses" and so did the judges: kappa has no chance term to correct and is undefined.
    const report = agreementReport([items[0]!], [{ itemId: 'a', rater: 'R1', label: 'refuses' }], {
      resamples: 50,
    });
    const overview = {
      studyKey: 'k',
      studyId: 'jv',
      fixedRaters: true,
      assignment: { mode: 'crossed', shared: null, seed: 0 },
      sample: null,
      items: 2,
      practice: 1,
      raters: [
        {
          rater: 'R1',
          sessionId: 's1',
          itemSetChanged: false,
          practiceDone: 1,
          practiceTotal: 1,
          done: 1,
          total: 2,
        },
      ],
    };
    setApiClient(
      createClient({
        host: 'browser',
        invoke: async (m) => ({
          ok: true,
          value: m === 'labellingOverview' ? overview : { report, sessions: overview.raters, items: [] },
        }),
        subscribe: () => () => {},
      }),
    );
    const study = {
      key: 'k',
      id: 'jv',
      title: 'JV',
      kind: 'labelling',
      description: '',
      taskCount: 2,
      origin: 'built-in',
      dir: '/s',
      problems: [],
      tasks: [],
      source: null,
    } as const;
    render(<StartLabelling study={{ ...study, tasks: [], problems: [] }} />);
    expect(await screen.findByRole('button', { name: 'Resume as R1' })).toBeTruthy();
    expect(screen.getByText('1/2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Agreement report/ }));
    const table = await screen.findByRole('table', { name: 'Against the judges’ final label' });
    const row = within(table).getByRole('row', { name: /R1/ });
    expect(row.textContent).toContain('100%');
    expect(row.textContent).toContain('undefined');
  });
});
