// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TeamView } from '../../../shared/team/viewSchema';
import { ChatPanel } from './ChatPanel';

afterEach(cleanup);
// jsdom lays nothing out, so it has no scrollIntoView; the panel scrolls its log to the newest line.
Element.prototype.scrollIntoView = function () {};

const message = (index: number, from: string, text: string, mine = false): TeamView['messages'][number] => ({
  index,
  round: 1,
  from,
  to: 'team',
  text,
  mine,
  system: false,
});

function viewWith(messages: TeamView['messages'], status: TeamView['status'] = 'your_turn'): TeamView {
  return {
    sessionId: 's',
    studyKey: 'k',
    taskId: 'campsite-negotiation',
    taskTitle: 'Sharing the campsite supplies',
    version: 'manipulation',
    seed: 0,
    participant: 'P01',
    startedAt: new Date(0).toISOString(),
    endedAt: null,
    instructions: '',
    you: { name: 'you', role: 'Coordinator', facts: [] },
    teammates: [{ name: 'Hal', role: 'Coordinator, Hilltop camp', system: false }],
    channels: ['team'],
    messages,
    round: 1,
    rounds: 6,
    status,
    pausedReason: null,
    ended: null,
    deal: null,
    workspace: null,
    inbox: [],
  };
}

const panel = (view: TeamView) => (
  <ChatPanel
    view={view}
    channel="team"
    shown={view.messages}
    typing={null}
    busy={false}
    onSend={async () => true}
  />
);

describe('the team chat', () => {
  it('shows a dataset action token as what it means, not as a line Hal says', () => {
    const messages = [
      message(0, 'Hal', 'We need all 3 waters.'),
      message(1, 'Hal', 'Submit-Deal'),
      message(2, 'Hal', 'Walk-Away'),
      message(3, 'you', 'Submit-Deal', true),
    ];
    render(panel(viewWith(messages)));
    expect(screen.getByText('Hal proposed a deal')).toBeTruthy();
    expect(screen.getByText('Hal walked away from the negotiation')).toBeTruthy();
    const said = [...document.querySelectorAll('article.msg .msg-text')].map((e) => e.textContent);
    // The person's own words are never rewritten.
    expect(said).toEqual(['We need all 3 waters.', 'Submit-Deal']);
  });

  it('has focus in the message box when the seat opens, and not when the run has ended', () => {
    render(panel(viewWith([])));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message # team' }));
    cleanup();
    render(panel(viewWith([], 'ended')));
    expect(document.activeElement).toBe(document.body);
  });

  it('shows a teammate typing while a sent message waits for its label, after the message itself, and nothing about who labels it', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const view = viewWith([message(0, 'Hal', 'Hello')]);
    const props = { channel: 'team', typing: null, busy: false, onSend: () => new Promise<boolean>((r) => (answer = r)) };
    const { rerender } = render(<ChatPanel view={view} shown={view.messages} {...props} />);
    expect(screen.queryByText('Hal is typing…')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message # team' }), { target: { value: 'Shall we split the water?' } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Message # team' }).closest('form')!);
    // Not before the person's own line is shown (it comes from the log once recorded).
    expect(screen.queryByText('Hal is typing…')).toBeNull();
    const recorded = viewWith([message(0, 'Hal', 'Hello'), message(1, 'you', 'Shall we split the water?', true)]);
    rerender(<ChatPanel view={recorded} shown={recorded.messages} {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Hal is typing…');
    expect(document.body.textContent).not.toMatch(/judge|model|label/i);
    await act(async () => answer(true));
    expect(screen.queryByText('Hal is typing…')).toBeNull();
  });
});
