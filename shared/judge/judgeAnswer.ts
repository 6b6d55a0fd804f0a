import type { Result } from '../result.js';
import { extractFinalAnswer } from './finalAnswer.js';
import { defaultJudgeTemplates, judgePrompt, type ChatMessage, type JudgeTemplates } from './prompt.js';
import { judgingModeOf, type JudgingMode, type QueryCategory, type SlackQuery } from './query.js';
import { parseAbstention, parseChecklist, parseYesNo, type AbstentionJudgement } from './verdict.js';

/** Sends the judge's messages to a model and returns its reply text. main/judge provides the HTTP one. */
export type ChatFn = (messages: ChatMessage[]) => Promise<Result<string>>;

export interface Verdict {
  queryId: string;
  category: QueryCategory;
  mode: JudgingMode;
  pass: boolean;
  /** 0–1: 1/0 for match and abstention, items met / items for a checklist. */
  reward: number;
  abstention?: AbstentionJudgement;
  items?: { text: string; met: boolean }[];
  /** The judge's reply as received, kept for audit. */
  reply: string;
}

export type JudgeOutcome =
  | { status: 'judged'; verdict: Verdict }
  | { status: 'error'; queryId: string; stage: 'request' | 'reply'; message: string; reply?: string };

/** Decides a verdict from the judge's reply; a malformed reply is an error, not a NO. */
export function verdictFromReply(query: SlackQuery, reply: string): JudgeOutcome {
  const mode = judgingModeOf(query.category);
  const base = { queryId: query.id, category: query.category, mode, reply };
  const malformed = (reason: string): JudgeOutcome => ({
    status: 'error',
    queryId: query.id,
    stage: 'reply',
    message: `The judge's reply for ${query.id} did not follow the format: ${reason}.`,
    reply,
  });
  switch (mode) {
    case 'match': {
      const yes = parseYesNo(reply);
      if (!yes.ok) return malformed(yes.reason);
      return { status: 'judged', verdict: { ...base, pass: yes.value, reward: yes.value ? 1 : 0 } };
    }
    case 'abstention': {
      const parsed = parseAbstention(reply);
      if (!parsed.ok) return malformed(parsed.reason);
      const pass = parsed.value.abstains && parsed.value.namesReason;
      return { status: 'judged', verdict: { ...base, pass, reward: pass ? 1 : 0, abstention: parsed.value } };
    }
    case 'checklist': {
      const checklist = query.checklist ?? [];
      const parsed = parseChecklist(reply, checklist.length);
      if (!parsed.ok) return malformed(parsed.reason);
      const items = checklist.map((text, i) => ({ text, met: parsed.value[i] === true }));
      const met = items.filter((item) => item.met).length;
      const reward = items.length === 0 ? 0 : met / items.length;
      return { status: 'judged', verdict: { ...base, pass: met === items.length, reward, items } };
    }
  }
}

export async function judgeAnswer(
  query: SlackQuery,
  answerText: string,
  chat: ChatFn,
  templates: JudgeTemplates = defaultJudgeTemplates,
): Promise<JudgeOutcome> {
  const mode = judgingModeOf(query.category);
  const reply = await chat(judgePrompt(query, mode, extractFinalAnswer(answerText), templates));
  if (!reply.ok) return { status: 'error', queryId: query.id, stage: 'request', message: reply.error.message };
  return verdictFromReply(query, reply.value);
}
