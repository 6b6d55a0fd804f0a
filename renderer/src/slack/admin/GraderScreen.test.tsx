// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import type { GradingItem } from '../../../../shared/contract/slack';
import { GraderScreen } from './GraderScreen';

afterEach(cleanup);

const match: GradingItem = { itemId: 'i1', queryId: 'as-1', category: 'AS', mode: 'match', query: 'Which permit?', answer: 'CP-1', reference: 'CP-1', guideline: null, checklist: null, settles: false };
const abstain: GradingItem = { ...match, itemId: 'i2', queryId: 'ha-1', category: 'HA', mode: 'abstention', answer: 'Not in the workspace.' };
const checklist: GradingItem = { ...match, itemId: 'i3', queryId: 'su-1', category: 'SU', mode: 'checklist', answer: 'Summary', checklist: ['names the site', 'gives the date', 'says why'] };

function fakeApi(queue: GradingItem[]) {
  const grades: Array<Record<string, unknown>> = [];
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args) => {
        if (method === 'slackGradingQueue') return { ok: true, value: queue };
        const a = args as Record<string, unknown>;
        grades.push(a);
        return { ok: true, value: { itemId: a.itemId, reward: 1 } };
      },
      subscribe: () => () => {},
    }),
  );
  return grades;
}
const key = (k: string, opts: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.body, { key: k, ...opts });

describe('blind grading from the keyboard', () => {
  it('Y or N chooses a verdict, shown on screen; only Enter records it; a held Enter records once', async () => {
    const grades = fakeApi([match, abstain]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Which permit?', { selector: 'h2' });
    expect(screen.getByText(/Keys:/).textContent).toContain('Y passes · N fails · then Enter to record');
    key('Enter');
    expect(grades).toEqual([]);
    key('y');
    expect(screen.getByRole('button', { name: 'YES — passes' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Chosen:/).textContent).toContain('YES — passes');
    key('n');
    expect(screen.getByRole('button', { name: 'NO — fails' }).getAttribute('aria-pressed')).toBe('true');
    expect(grades).toEqual([]);
    key('Enter');
    await waitFor(() => expect(grades).toEqual([{ studyKey: 'built-in:slack-demo', itemId: 'i1', graderId: 'G1', pass: false }]));
    // The next item starts with no choice: a held-down Enter does not grade it.
    await screen.findByText('Not in the workspace.');
    key('Enter', { repeat: true });
    key('Enter');
    expect(grades).toHaveLength(1);
    key('y');
    key('Enter');
    await waitFor(() => expect(grades[1]).toMatchObject({ itemId: 'i2', pass: true }));
    await screen.findByText('Nothing left to grade. Thank you.');
  });

  it('digits tick checklist items and Enter records them', async () => {
    const grades = fakeApi([checklist]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Summary');
    expect(screen.getByText(/Keys:/).textContent).toContain('1–3 tick or untick an item · Enter record');
    key('1');
    key('3');
    key('3');
    key('2');
    key('9');
    expect(screen.getByRole('button', { name: /Record/ }).textContent).toBe('Record (2 of 3 met)');
    key('y');
    key('Enter');
    await waitFor(() => expect(grades).toEqual([{ studyKey: 'built-in:slack-demo', itemId: 'i3', graderId: 'G1', items: [true, true, false] }]));
  });

  it('leaves Enter on a focused button to the button, so nothing is recorded twice', async () => {
    const grades = fakeApi([match]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Which permit?', { selector: 'h2' });
    key('y');
    const no = screen.getByRole('button', { name: 'NO — fails' });
    fireEvent.keyDown(no, { key: 'Enter' });
    expect(grades).toEqual([]);
  });
});
