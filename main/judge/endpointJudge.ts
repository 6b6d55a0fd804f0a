import { judgeAnswer, type JudgeOutcome } from '../../shared/judge/judgeAnswer.js';
import { defaultJudgeTemplates, type JudgeTemplates } from '../../shared/judge/prompt.js';
import type { SlackQuery } from '../../shared/judge/query.js';
import { createChatClient, type ChatClientOptions, type ChatEndpoint } from './chatClient.js';

export type AnswerJudge = (query: SlackQuery, answerText: string) => Promise<JudgeOutcome>;

/** The judge a Slack study uses: the study's templates (or ours) sent to one OpenAI-compatible endpoint. */
export function createEndpointJudge(
  endpoint: ChatEndpoint,
  templates: Partial<JudgeTemplates> = {},
  options: ChatClientOptions = {},
): AnswerJudge {
  const client = createChatClient(endpoint, options);
  const merged: JudgeTemplates = { ...defaultJudgeTemplates, ...templates };
  return (query, answerText) => judgeAnswer(query, answerText, (messages) => client.complete(messages), merged);
}
