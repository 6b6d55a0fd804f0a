// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import type { GradingItem, MyGrade } from '../../../../shared/contract/slack';
import { GraderScreen } from './GraderScreen';

afterEach(cleanup);

const match: GradingItem = { itemId: 'i1', queryId: 'as-1', category: 'AS', mode: 'match', query: 'Which permit?', answer: 'CP-1', reference: 'CP-1', guideline: null, checklist: null, settles: false };
const abstain: GradingItem = { ...match, itemId: 'i2', queryId: 'ha-1', category: 'HA', mode: 'abstention', answer: 'Not in the workspace.' };
const checklist: GradingItem = { ...match, itemId: 'i3', queryId: 'su-1', category: 'SU', mode: 'checklist', answer: 'Summary', checklist: ['names the site', 'gives the date', 'says why', 'names who fixed it'] };

/** A fake host at the contract: a queue that shrinks as grades are recorded, and the grader's own grades. */
function fakeApi(initial: GradingItem[], mine: MyGrade[] = []) {
  const calls: Array<{ method: string; args: Record<string, unknown> }> = [];
  let queue = [...initial];
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args) => {
        const a = args as Record<string, unknown>;
        if (method === 'slackGradingQueue') return { ok: true, value: queue };
        if (method === 'slackMyGrades') return { ok: true, value: mine };
        if (method === 'slackGraderRole') return { ok: true, value: { gradersPerAnswer: 1, thirdGrader: false } };
        calls.push({ method, args: a });
        if (method === 'slackReviseGrade' && !String(a.reason).trim()) {
          return { ok: false, error: { code: 'bad_request', message: 'A revised grade needs a reason: say why the grade changes. Nothing was recorded.' } };
        }
        queue = queue.filter((q) => q.itemId !== a.itemId);
        return { ok: true, value: { itemId: a.itemId, reward: 1 } };
      },
      subscribe: () => () => {},
    }),
  );
  return calls;
}
const key = (k: string, opts: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.body, { key: k, ...opts });

describe('blind grading from the keyboard', () => {
  it('Y or N chooses a verdict, shown on screen; only Enter records it; a held Enter records once', async () => {
    const calls = fakeApi([match, abstain]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Which permit?', { selector: 'h2' });
    expect(screen.getByText(/Keys:/).textContent).toContain('Y passes · N fails · then Enter to record');
    key('Enter');
    expect(calls).toEqual([]);
    key('y');
    expect(screen.getByRole('button', { name: 'YES — passes' }).getAttribute('aria-pressed')).toBe('true');
    key('n');
    expect(screen.getByText(/Chosen:/).textContent).toContain('NO — fails');
    expect(calls).toEqual([]);
    key('Enter');
    await waitFor(() => expect(calls).toEqual([{ method: 'slackRecordGrade', args: { studyKey: 'built-in:slack-demo', itemId: 'i1', graderId: 'G1', pass: false } }]));
    // The next item starts with no choice: a held-down Enter does not grade it.
    await screen.findByText('Not in the workspace.');
    key('Enter', { repeat: true });
    key('Enter');
    expect(calls).toHaveLength(1);
    key('y');
    key('Enter');
    await waitFor(() => expect(calls[1]?.args).toMatchObject({ itemId: 'i2', pass: true }));
    await screen.findByText(/Nothing left for you to grade\. Thank you\./);
    // One grader per answer: the screen says why a second grader would find nothing, and what the study can ask for.
    await screen.findByText(/This study has one grader per answer/);
  });

  it('answers checklist items with Y and N one after another, as the screen says, and digits still tick', async () => {
    const calls = fakeApi([checklist]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Summary');
    expect(screen.getByText(/Keys:/).textContent).toContain('Y met · N not met (then the next item)');
    key('y');
    key('n');
    key('y');
    expect(screen.getByText(/Keys:/).textContent).toContain('Item 4 of 4 is current');
    key('ArrowUp');
    key('ArrowUp');
    key('y');
    key('4');
    expect(screen.getByRole('button', { name: /Record/ }).textContent).toBe('Record (4 of 4 met)');
    key('Enter');
    await waitFor(() => expect(calls).toEqual([{ method: 'slackRecordGrade', args: { studyKey: 'built-in:slack-demo', itemId: 'i3', graderId: 'G1', items: [true, true, true, true] } }]));
  });

  it('asks before recording a checklist with no item met: Escape goes back, a second Enter records', async () => {
    const calls = fakeApi([checklist]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Summary');
    key('Enter');
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('No item is met. Press Enter again to record 0 of 4 met');
    key('Escape');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Record (0 of 4 met)' }));
    expect(calls).toEqual([]);
    key('Enter');
    await waitFor(() => expect(calls).toEqual([{ method: 'slackRecordGrade', args: { studyKey: 'built-in:slack-demo', itemId: 'i3', graderId: 'G1', items: [false, false, false, false] } }]));
  });

  it('revises one of the grader\'s own grades only with a reason, shown in plain words when missing', async () => {
    const mine: MyGrade[] = [{ ...match, grade: { pass: true, reward: 1, items: null, at: '2026-12-03T10:00:00Z', revisions: 0 } }];
    const calls = fakeApi([], mine);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    fireEvent.click(await screen.findByRole('button', { name: /Revise your grade of as-1/ }));
    await screen.findByText(/Revising your grade/);
    expect(screen.getByRole('button', { name: 'YES — passes' }).getAttribute('aria-pressed')).toBe('true');
    key('n');
    fireEvent.submit(screen.getByLabelText('Reason for the revision').closest('form')!);
    await screen.findByText('A revised grade needs a reason: say why the grade changes. Nothing was recorded.');
    fireEvent.change(screen.getByLabelText('Reason for the revision'), { target: { value: 'the permit is the old one' } });
    fireEvent.submit(screen.getByLabelText('Reason for the revision').closest('form')!);
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'slackReviseGrade', args: { studyKey: 'built-in:slack-demo', itemId: 'i1', graderId: 'G1', pass: false, reason: 'the permit is the old one' } }));
  });

  it('leaves Enter on a focused button to the button, so nothing is recorded twice', async () => {
    const calls = fakeApi([match]);
    render(<GraderScreen studyKey="built-in:slack-demo" graderId="G1" />);
    await screen.findByText('Which permit?', { selector: 'h2' });
    key('y');
    fireEvent.keyDown(screen.getByRole('button', { name: 'NO — fails' }), { key: 'Enter' });
    expect(calls).toEqual([]);
  });
});
