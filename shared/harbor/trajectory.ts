import { asFinalAnswerMessage } from '../judge/finalAnswer.js';
import { ATIF_V16 } from './harborModels.js';
import type { TrajectoryFile } from './schemas.js';
import type { PersonAction } from './tools.js';

export const ATIF_VERSION = ATIF_V16;

export interface TrajectoryInput {
  sessionId: string;
  agentVersion: string;
  /** e.g. `human:P07`. */
  modelName: string;
  /** The query as shown to the person, when it was shown. */
  query: { text: string; at: string };
  actions: readonly PersonAction[];
  answer: { text: string; at: string } | null;
}

/**
 * The person's session as an agent's trajectory: the query as the user step, each action as one agent step with one
 * tool call (and what the person saw as its observation), and the answer as a `FINAL_ANSWER:` message.
 */
export function trajectoryOf(input: TrajectoryInput): TrajectoryFile {
  const steps: TrajectoryFile['steps'] = [{ step_id: 1, timestamp: input.query.at, source: 'user', message: input.query.text }];
  input.actions.forEach((action, i) => {
    const callId = `call_${i + 1}`;
    steps.push({
      step_id: steps.length + 1,
      timestamp: action.at,
      source: 'agent',
      message: '',
      tool_calls: [{ tool_call_id: callId, function_name: action.tool, arguments: action.arguments }],
      ...(action.resultHead === undefined
        ? {}
        : { observation: { results: [{ source_call_id: callId, content: action.resultHead }] } }),
    });
  });
  if (input.answer) {
    steps.push({
      step_id: steps.length + 1,
      timestamp: input.answer.at,
      source: 'agent',
      message: asFinalAnswerMessage(input.answer.text),
    });
  }
  return {
    schema_version: ATIF_VERSION,
    session_id: input.sessionId,
    agent: { name: 'human', version: input.agentVersion, model_name: input.modelName },
    steps,
    final_metrics: { total_steps: steps.length },
    // Ours, under the one key Harbor's model leaves open: the steps are a person's clicks, not a model's turns.
    extra: { teamseat: { actor: 'person', actions: input.actions.length, answered: input.answer !== null } },
  };
}
