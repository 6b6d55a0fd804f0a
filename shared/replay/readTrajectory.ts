import { fail, ok, type Result } from '../result.js';
import type { ReplayItem } from '../contract/replay.js';
import { emptySandbox, fixedRounds, isRecord, type ParsedRun } from './parsedRun.js';

/**
 * A Harbor trajectory (ATIF, FORMATS.md §3) read for replay: one round per step; an agent step's tool calls come
 * before its message, each with the head of its observation. Steps that do not parse are listed and skipped.
 */
export function isTrajectory(data: unknown): boolean {
  return isRecord(data) && Array.isArray(data.steps) && (typeof data.schema_version === 'string' || isRecord(data.agent));
}

const HEAD = 2000;

export function readTrajectory(file: string, data: unknown, reward: number | null): Result<ParsedRun> {
  if (!isRecord(data) || !Array.isArray(data.steps)) return fail('bad_request', `${file} is not a Harbor trajectory: expected a "steps" list.`);
  const problems: string[] = [];
  const agent = isRecord(data.agent) ? data.agent : {};
  const agentName = typeof agent.name === 'string' ? agent.name : 'agent';
  const model = typeof agent.model_name === 'string' ? agent.model_name : agentName;
  const rounds: Array<{ round: number; items: ReplayItem[] }> = [];
  data.steps.forEach((step, i) => {
    if (!isRecord(step) || typeof step.source !== 'string') {
        problems.push(`steps[${i}] could not be placed: expected {step_id, source, message}.`);
        return;
      }
    const round = typeof step.step_id === 'number' ? step.step_id : i + 1;
    const items: ReplayItem[] = [];
    const results = isRecord(step.observation) && Array.isArray(step.observation.results) ? step.observation.results : [];
    const resultOf = new Map<string, string>();
    for (const r of results) if (isRecord(r) && typeof r.source_call_id === 'string') resultOf.set(r.source_call_id, typeof r.content === 'string' ? r.content : JSON.stringify(r.content ?? ''));
    (Array.isArray(step.tool_calls) ? step.tool_calls : []).forEach((c, k) => {
      if (!isRecord(c) || typeof c.function_name !== 'string') {
        problems.push(`steps[${i}].tool_calls[${k}] could not be placed: expected {tool_call_id, function_name, arguments}.`);
        return;
      }
      const id = typeof c.tool_call_id === 'string' ? c.tool_call_id : '';
      if (!resultOf.has(id)) problems.push(`steps[${i}].tool_calls[${k}] (${c.function_name}) has no observation.`);
      items.push({
        type: 'tool',
        index: k,
        name: c.function_name,
        input: isRecord(c.arguments) ? c.arguments : {},
        resultHead: (resultOf.get(id) ?? '').slice(0, HEAD),
        matchedMessage: false,
      });
    });
    const text = typeof step.message === 'string' ? step.message : step.message === undefined ? '' : JSON.stringify(step.message);
    const seat = step.source === 'agent' ? agentName : step.source;
    if (text) items.push({ type: 'message', index: i, seat, text, kind: step.source, to: null, label: null });
    rounds.push({ round, items });
  });
  const verdict = reward === null ? null : { pass: reward >= 1, outcome: `reward ${reward}`, details: { reward } };
  return ok({
    format: 'slack',
    title: typeof data.session_id === 'string' ? `Trajectory ${data.session_id}` : file.split(/[\\/]/).slice(-3).join('/'),
    scenario: null,
    dimension: null,
    version: null,
    seed: null,
    evaluatedSeat: agentName,
    evaluatedModel: model,
    seats: [
      { name: agentName, kind: 'evaluated', role: 'agent' },
      { name: 'user', kind: 'environment', role: 'the query' },
      { name: 'system', kind: 'environment', role: 'system' },
    ],
    ...fixedRounds(rounds),
    roundsRun: rounds.length,
    ended: null,
    verdict,
    hasLabels: false,
    problems,
    sandbox: emptySandbox(),
  });
}
