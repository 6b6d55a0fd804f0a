import { RESULT_HEAD_CHARS } from '../workspace/resultHeads.js';
import { describe, expect, it } from 'vitest';
import { OUTPUT_HEAD_CHARS, emptyRunEvents, summariseRun, type RunEvents } from './summary.js';

const ending = { duration_ms: 12, cold: false };

function events(partial: Partial<RunEvents>): RunEvents {
  return { ...emptyRunEvents(), ...partial };
}

describe('summariseRun', () => {
  it('counts a completed run the benchmark way: errors and unexpected successes count as failed', () => {
    const run = summariseRun(
      events({
        collected: ['t.A.a', 't.A.b', 't.A.c', 't.A.d', 't.A.e', 't.A.f'],
        outcomes: [
          { id: 't.A.a', outcome: 'passed' },
          { id: 't.A.b', outcome: 'failed', detail: 'AssertionError: 3 != 4' },
          { id: 't.A.c', outcome: 'error', detail: 'ValueError: x' },
          { id: 't.A.d', outcome: 'skipped', detail: 'later' },
          { id: 't.A.e', outcome: 'expected_failure' },
          { id: 't.A.f', outcome: 'unexpected_success' },
        ],
        output: 'hello\n',
      }),
      { ...ending, status: 'completed' },
    );
    expect([run.passed, run.failed, run.errors, run.skipped, run.not_run]).toEqual([2, 2, 1, 1, 0]);
    expect(run.result_head).toBe('2 passed, 3 failed (1 error), 1 skipped');
    expect(run.output_head).toMatch(/^hello\n\nFAILED: t\.A\.b\nAssertionError: 3 != 4\n\nERROR: t\.A\.c/);
    expect(run.output_head).not.toContain('t.A.d');
  });

  it('charges a timeout to the running test and lists the rest as not run', () => {
    const run = summariseRun(
      events({
        collected: ['m.T.a', 'm.T.loop', 'm.T.c'],
        outcomes: [{ id: 'm.T.a', outcome: 'passed' }],
        running: 'm.T.loop',
      }),
      { ...ending, status: 'timeout', timeoutMs: 1500 },
    );
    expect(run.tests.map((t) => [t.id, t.outcome])).toEqual([
      ['m.T.a', 'passed'],
      ['m.T.loop', 'timeout'],
      ['m.T.c', 'not_run'],
    ]);
    expect(run.result_head).toBe('1 passed, 1 failed, 1 not run; timed out after 1.5 s in m.T.loop');
    expect(run.output_head).toContain('Run stopped: timed out after 1.5 s.');
  });

  it('names the memory cap and a crash in the head', () => {
    const oom = summariseRun(events({ collected: ['m.T.big'], running: 'm.T.big' }), {
      ...ending,
      status: 'out_of_memory',
    });
    expect(oom.result_head).toBe('0 passed, 1 failed; out of memory in m.T.big');
    expect(oom.tests[0]?.outcome).toBe('out_of_memory');
    const crash = summariseRun(events({ running: 'm.T.exit' }), {
      ...ending,
      status: 'crashed',
      message: 'Traceback (most recent call last):\n  File "<exec>", line 9\nRuntimeError: boom\n\n',
    });
    expect(crash.result_head).toBe('0 passed, 1 failed (1 error); Python crashed: RuntimeError: boom');
  });

  it('says when a completed run found no tests', () => {
    expect(summariseRun(emptyRunEvents(), { ...ending, status: 'completed' }).result_head).toBe(
      '0 passed, 0 failed; no tests found',
    );
  });

  it('keeps heads short', () => {
    const long = 'x'.repeat(5000);
    const run = summariseRun(events({ running: `m.${long}`, output: long.repeat(3) }), {
      ...ending,
      status: 'timeout',
      timeoutMs: 1000,
    });
    expect(run.result_head.length).toBe(RESULT_HEAD_CHARS);
    expect(run.output_head.length).toBe(OUTPUT_HEAD_CHARS);
    expect(run.output_head.endsWith('…')).toBe(true);
  });
});
