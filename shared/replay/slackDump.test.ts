import { describe, expect, it } from 'vitest';
import { isMessageTool, readChannelDump, timeOfTs } from './slackDump.js';

describe('a Slack message dump read as messages', () => {
  it('reads Teamseat’s own head, with a message cut where the head ends', () => {
    const d = readChannelDump('3 messages\n[1729157460.000100] maria: Riverside monitor is down again\n[1729157520.000200] ops-bot: alert: PM2.5 sensor offline\n[1729157580.000300] jon: I swapped the Palas Fid…');
    expect(d).toEqual({
      summary: '3 messages',
      cut: true,
      messages: [
        { author: 'maria', time: '17 Oct 2024, 09:31', text: 'Riverside monitor is down again', cut: false },
        { author: 'ops-bot', time: '17 Oct 2024, 09:32', text: 'alert: PM2.5 sensor offline', cut: false },
        { author: 'jon', time: '17 Oct 2024, 09:33', text: 'I swapped the Palas Fid', cut: true },
      ],
    });
  });

  it('reads the model seat’s JSON lines, the last one cut mid-string', () => {
    const d = readChannelDump(
      '2 messages, oldest first\n{"ts":"1729157460.000100","user":"maria","user_id":"U1","text":"Is the \\"Riverside\\" monitor up?","reply_count":2}\n{"ts":"1729157520.000200","user":"jon","text":"Not yet, the new Pal',
    );
    expect(d!.summary).toBe('2 messages, oldest first');
    expect(d!.messages).toEqual([
      { author: 'maria', time: '17 Oct 2024, 09:31', text: 'Is the "Riverside" monitor up?', cut: false, replies: 2 },
      { author: 'jon', time: '17 Oct 2024, 09:32', text: 'Not yet, the new Pal', cut: true },
    ]);
    expect(d!.cut).toBe(true);
  });

  it('reads a Slack API body, whole or cut, preferring a person’s name to their id', () => {
    const body = { ok: true, messages: [{ type: 'message', user: 'U07', user_profile: { real_name: 'Maria Lopez' }, text: 'Line one\nline two', ts: '1729157460.000100' }], has_more: false };
    expect(readChannelDump(JSON.stringify(body))!.messages).toEqual([{ author: 'Maria Lopez', time: '17 Oct 2024, 09:31', text: 'Line one\nline two', cut: false }]);
    const cut = JSON.stringify({ ok: true, messages: [...body.messages, { user: 'U08', text: 'A long message that goes on', ts: '1729157520.1' }] }).slice(0, -30);
    const d = readChannelDump(cut)!;
    expect(d.cut).toBe(true);
    expect(d.messages.map((m) => [m.author, m.text, m.cut])).toEqual([
      ['Maria Lopez', 'Line one\nline two', false],
      ['U08', 'A long message that g', true],
    ]);
  });

  it('leaves what holds no message to be shown raw, and knows which tools return messages', () => {
    expect(readChannelDump('0 messages')).toBeNull();
    expect(readChannelDump('no conversation "#nope"; list_channels gives the ids.')).toBeNull();
    expect(isMessageTool('get_channel_history')).toBe(true);
    expect(isMessageTool('get_file_contents')).toBe(false);
    expect(timeOfTs('not a ts')).toBe('');
  });
});
