// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import type { ChannelPageView, ConversationView } from '../../../../shared/contract/slack';
import { ChannelView } from './ChannelView';

afterEach(cleanup);

const conversation: ConversationView = {
  id: 'C1',
  name: 'r-and-d',
  kind: 'channel',
  topic: 'Q&amp;A with <@U1> &lt;weekly&gt;',
  purpose: 'Research &amp; development, ask <@U1>',
  isArchived: false,
  members: ['U1'],
};
const empty: ChannelPageView = { messages: [], olderCursor: null, newerCursor: null };

describe('the channel header', () => {
  it('shows the topic and purpose as Slack does: entities decoded, mentions by name', async () => {
    setApiClient(createClient({ host: 'browser', invoke: async () => ({ ok: true, value: empty }), subscribe: () => () => {} }));
    const names = { user: (id: string) => (id === 'U1' ? 'Ada' : undefined), channel: () => undefined };
    render(<ChannelView conversation={conversation} browse={{ workspaceId: 'ws' }} start={{ kind: 'newest' }} ctx={{ names }} onJump={() => {}} onError={() => {}} />);
    expect(screen.getByText('Q&A with @Ada <weekly>')).toBeTruthy();
    const purpose = await screen.findByText(/Research & development/);
    expect(purpose.closest('.sk-purpose')?.textContent).toBe('Research & development, ask @Ada');
    expect(document.body.textContent).not.toContain('&amp;');
  });
});
