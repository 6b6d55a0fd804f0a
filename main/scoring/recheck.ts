import type { FinalDeal, FinalState, TestFileResult } from '../../shared/team/checker/finalState.js';
import { checkRun } from '../../shared/team/checker/version.js';
import type { CheckRule } from '../../shared/team/pack/checkerSchema.js';
import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import { TEAM_CHANNEL } from '../../shared/team/pack/scriptSchema.js';
import { SUBMIT_PREFIX } from '../../shared/team/engine/state.js';
import type { BenchmarkTranscript } from '../../shared/team/export/transcriptSchema.js';
import { reasonLine } from '../../shared/team/export/reasonLine.js';

/** Runs one hidden test file against the final files, as the session runner does (a fresh interpreter). */
export type HiddenTestRunner = (files: Record<string, string>, testPath: string, testText: string) => Promise<TestFileResult>;

/**
 * The checker's verdict on a transcript's final state, beside the score the transcript carries. The recorded score
 * is always the one used (a model's or a person's run keeps its `score`); a disagreement is reported, never written.
 */
export type Recheck =
  | { status: 'agrees' | 'disagrees'; pass: boolean; outcome: string; reason: string }
  | { status: 'not_rechecked'; why: string };

function hasDealRule(rule: CheckRule): boolean {
  if ('all' in rule) return rule.all.some(hasDealRule);
  if ('any' in rule) return rule.any.some(hasDealRule);
  if ('not' in rule) return hasDealRule(rule.not);
  return 'deal' in rule;
}

/** The submitted answer as the engine had it: the `[submit] ` message's text, fields when it was a JSON object. */
function answerOf(t: BenchmarkTranscript): FinalState['answer'] {
  const submit = [...t.messages].reverse().find((m) => m.kind === 'submit' || m.text.startsWith(SUBMIT_PREFIX));
  if (!submit) return null;
  const text = submit.text.startsWith(SUBMIT_PREFIX) ? submit.text.slice(SUBMIT_PREFIX.length) : submit.text;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const fields: Record<string, string | number | boolean> = {};
        for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
        return fields;
      }
    } catch {
      // Free text that happens to start with a brace.
    }
  }
  return text;
}

/**
 * Re-runs the task version's checker on the transcript's final state: files, messages (addressed by Teamseat's `to`,
 * the team channel when absent), the submitted answer, and the hidden tests run again on the final files. A task
 * scored by a deal cannot be re-checked: a transcript records the messages, not the proposals and who accepted.
 */
export async function recheckTranscript(task: ResolvedTask, t: BenchmarkTranscript, runTests: HiddenTestRunner | null): Promise<Recheck> {
  if (hasDealRule(task.checker.pass_when)) return { status: 'not_rechecked', why: 'scored by a deal, which a transcript does not record' };
  const files = t.sandbox.final_files;
  const hidden = task.workspace.hidden_tests;
  let hiddenTests: Record<string, TestFileResult> | undefined;
  if (hidden.length > 0) {
    if (!runTests) return { status: 'not_rechecked', why: 'its hidden tests need Python, which this re-check does not run' };
    hiddenTests = {};
    for (const test of hidden) hiddenTests[test.path] = await runTests(files, test.path, test.text ?? '');
  }
  const deal: FinalDeal = { status: 'none' };
  const state: FinalState = {
    evaluatedSeat: t.evaluated_seat,
    hashesBefore: t.sandbox.hashes_before,
    files,
    messages: t.messages.map((m) => ({ round: m.round, seat: m.seat, to: typeof m['to'] === 'string' ? m['to'] : TEAM_CHANNEL, text: m.text })),
    deal,
    answer: answerOf(t),
    ...(hiddenTests ? { hiddenTests } : {}),
  };
  const score = checkRun(task, state);
  const agrees = score.pass === t.score.pass && score.outcome === t.score.outcome;
  return { status: agrees ? 'agrees' : 'disagrees', pass: score.pass, outcome: score.outcome, reason: reasonLine(score) };
}
