// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TeamView } from '../../../shared/team/viewSchema';
import { SubmitDialog } from './SubmitDialog';

afterEach(cleanup);

function view(answerChoice: TeamView['answerChoice']): TeamView {
  return {
    sessionId: 's',
    studyKey: 'k',
    taskId: 'hidden-profile',
    taskTitle: 'Where to evacuate the village',
    version: 'alone',
    seed: 0,
    participant: 'P01',
    startedAt: new Date(0).toISOString(),
    endedAt: null,
    instructions: '',
    you: { name: 'you', role: 'Community leader', facts: [] },
    teammates: [],
    channels: ['team'],
    messages: [],
    round: 1,
    rounds: 6,
    status: 'your_turn',
    pausedReason: null,
    ended: null,
    deal: null,
    workspace: null,
    inbox: [],
    answerChoice,
  };
}

const OPTIONS = ['North Hill', 'West City', 'East Town'];

function open(answerChoice: TeamView['answerChoice']) {
  const onSubmit = vi.fn();
  render(<SubmitDialog view={view(answerChoice)} busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}

const confirmAndSubmit = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Submit…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, submit' }));
};

describe('the submit dialog where the answer is one of a set', () => {
  it('shows the options in the run’s order, and “in my own words” picked at first', () => {
    open({ options: OPTIONS });
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([...OPTIONS, 'In my own words (below)']);
    expect(radios.at(-1)!.checked).toBe(true);
    // The dialog takes the focus on its picked radio.
    expect(document.activeElement).toBe(radios.at(-1));
    expect(screen.getByRole('textbox', { name: 'Your answer or summary' })).toBeTruthy();
  });

  it('sends a picked option as a choice, the box’s text as its reason', () => {
    const onSubmit = open({ options: OPTIONS });
    fireEvent.click(screen.getByRole('radio', { name: 'West City' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your reason (optional)' }), { target: { value: '  the bridge holds ' } });
    confirmAndSubmit();
    expect(onSubmit).toHaveBeenCalledWith(undefined, { option: 'West City', reason: 'the bridge holds' });
  });

  it('sends a choice without a reason when the box is empty', () => {
    const onSubmit = open({ options: OPTIONS });
    fireEvent.click(screen.getByRole('radio', { name: 'East Town' }));
    confirmAndSubmit();
    expect(onSubmit).toHaveBeenCalledWith(undefined, { option: 'East Town' });
  });

  it('sends the text as a typed answer when “in my own words” is picked again', () => {
    const onSubmit = open({ options: OPTIONS });
    fireEvent.click(screen.getByRole('radio', { name: 'West City' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your reason (optional)' }), { target: { value: 'West City, the bridge holds' } });
    fireEvent.click(screen.getByRole('radio', { name: 'In my own words (below)' }));
    confirmAndSubmit();
    expect(onSubmit).toHaveBeenCalledWith('West City, the bridge holds');
  });

  it('goes on to the confirmation with Enter on an option, and its button takes the focus', () => {
    open({ options: OPTIONS });
    const west = screen.getByRole('radio', { name: 'West City' });
    fireEvent.click(west);
    fireEvent.keyDown(west, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('Submit now?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, submit' }));
  });

  it('offers no choice where the run offers none', () => {
    const onSubmit = open(null);
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your answer or summary' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer or summary' }), { target: { value: 'Done.' } });
    confirmAndSubmit();
    expect(onSubmit).toHaveBeenCalledWith('Done.');
  });
});
