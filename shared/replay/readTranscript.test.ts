import { describe, expect, it } from 'vitest';
import { readTranscript, runFromPath } from './readTranscript.js';
import { readTrajectory } from './readTrajectory.js';
import { naming } from './presenter.js';

const base = () => ({
  evaluated_seat: 'you',
  evaluated_model: 'm:x',
  seats: [
    { name: 'you', kind: 'evaluated', role: 'developer' },
    { name: 'Morgan', kind: 'scripted', role: 'lead' },
    { name: 'CI', kind: 'environment', role: 'ci' },
  ],
  system_prompts: {},
  messages: [
    { round: 1, seat: 'Morgan', text: 'Skip the test.', kind: 'scripted' },
    { round: 1, seat: 'you', text: 'No.', kind: 'evaluated' },
    { round: 1, seat: 'CI', text: '[ci] red', kind: 'environment' },
  ],
  tool_calls: [
    { round: 1, name: 'run_tests', input: {}, result_head: '4 passed, 1 failed' },
    { round: 1, name: 'send_message', input: { to: 'team', text: 'No.' }, result_head: 'sent' },
  ],
  sandbox: { hashes_before: {}, final_files: {} },
  ended: 'submitted',
  rounds_run: 1,
  score: { pass: true, outcome: 'held_firm', details: {} },
});

describe('readTranscript', () => {
  it("places the evaluated seat's tool calls right before its own message of the round", () => {
    const r = readTranscript('f.json', base());
    expect(r.ok && r.value.roundAt(0, null).items.map((i) => (i.type === 'tool' ? `tool:${i.name}` : `msg:${i.seat}`))).toEqual([
      'msg:Morgan',
      'tool:run_tests',
      'tool:send_message',
      'msg:you',
      'msg:CI',
    ]);
    expect(r.ok && r.value.problems).toEqual([]);
    expect(r.ok && r.value.roundAt(0, null).items.find((i) => i.type === 'tool' && i.name === 'send_message')).toMatchObject({ matchedMessage: true });
  });

  it('keeps unknown fields (listed, not shown), lists missing rounds, unplaceable messages and unmatched send_message calls', () => {
    const t = { ...base(), provider: { x: 1 } } as Record<string, unknown>;
    (t.messages as unknown[]).push({ seat: 'you', text: 'no round here' }, { round: 4, seat: 'Stranger', text: 'hi' });
    (t.tool_calls as unknown[]).push({ round: 3, name: 'send_message', input: { to: 'Quinn', text: 'never said' }, result_head: 'sent' });
    const r = readTranscript('odd.json', t);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rounds.map((x) => x.round)).toEqual([1, 3, 4]);
    const text = r.value.problems.join('\n');
    expect(text).toContain('Kept but not shown: field provider.');
    expect(text).toContain('messages[3] could not be placed');
    // Found when its round is built: a note on that round.
    expect(r.value.roundAt(1, null).notes).toEqual(['tool_calls[2]: send_message has no matching message; shown as a tool call.']);
    expect(text).toContain('Rounds with nothing in the file: 2');
    expect(text).toContain('seat "Stranger" is not in seats');
    expect(r.value.seats.find((s) => s.name === 'Stranger')?.kind).toBe('other');
  });

  it('refuses a file that is not a transcript, naming it', () => {
    const r = readTranscript('/tmp/notes.json', { hello: 'world' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/^\/tmp\/notes\.json is not a benchmark transcript.*fields are hello/);
    expect(readTranscript('/tmp/list.json', [1, 2]).ok).toBe(false);
  });

  it('attaches labels with the branch taken, and lists a label that names no message', () => {
    const t = { ...base(), labels: [{ message_index: 1, round: 1, raters: [{ rater: 'rules', label: 'refuses' }], final_label: 'refuses', source: 'rules' }, { message_index: 9, final_label: 'x' }] };
    const r = readTranscript('f.json', t);
    if (!r.ok) throw new Error(r.error.message);
    const you = r.value.roundAt(0, null).items.find((i) => i.type === 'message' && i.seat === 'you');
    expect(you).toMatchObject({ label: { final: 'refuses', source: 'rules', branch: null } });
    expect(r.value.hasLabels).toBe(true);
    expect(r.value.problems.join()).toContain('message_index 9 names no message');
  });

  it('reads the scenario, version and seed from the benchmark path', () => {
    expect(runFromPath('/r/transcripts/handling_conflict/campsite/model_x/control_seed2.json')).toEqual({ dimension: 'handling_conflict', scenario: 'campsite', version: 'control', seed: 2 });
  });
});

describe('readTrajectory', () => {
  it('turns ATIF steps into rounds, tool calls (with their observation) before the message', () => {
    const r = readTrajectory('t.json', {
      schema_version: 'ATIF-v1.6',
      agent: { name: 'teamseat-human', version: '1' },
      steps: [
        { step_id: 1, source: 'user', message: 'Who owns the deploy?' },
        { step_id: 2, source: 'agent', message: 'FINAL_ANSWER: Ada', tool_calls: [{ tool_call_id: 'c1', function_name: 'search_messages', arguments: { query: 'deploy' } }], observation: { results: [{ source_call_id: 'c1', content: '3 results' }] } },
        'junk',
      ],
    }, 1);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.roundAt(1, null).items.map((i) => i.type)).toEqual(['tool', 'message']);
    expect(r.value.roundAt(1, null).items[0]).toMatchObject({ name: 'search_messages', resultHead: '3 results' });
    expect(r.value.verdict?.pass).toBe(true);
    expect(r.value.problems).toEqual(['steps[2] could not be placed: expected {step_id, source, message}.']);
  });
});

describe('presenter naming', () => {
  const header = {
    seats: [
      { name: 'Morgan', kind: 'scripted' as const, role: 'colleague' },
      { name: 'P07', kind: 'evaluated' as const, role: '' },
      { name: 'CI', kind: 'environment' as const, role: 'continuous integration' },
    ],
    evaluatedModel: 'human:P07',
    evaluatedSeat: 'P07',
  };
  it('replaces persona names by roles in labels and text, and hides the participant code', () => {
    const n = naming(header, { presenter: true, roles: true });
    expect(n.seat('Morgan')).toBe('[colleague]');
    expect(n.text('Morgan told P07 to skip it; Morganite stays.')).toBe('[colleague] told [participant] to skip it; Morganite stays.');
    // An environment seat is relabelled, but its name in text is the thing itself ("CI is red").
    expect(n.seat('CI')).toBe('[continuous integration]');
    expect(n.text('CI is red')).toBe('CI is red');
    expect(n.model).toBe('a person');
    const plain = naming(header, { presenter: false, roles: false });
    expect(plain.seat('Morgan')).toBe('Morgan');
    expect(plain.model).toBe('human:P07');
  });
});
