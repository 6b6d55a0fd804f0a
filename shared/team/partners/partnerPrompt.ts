import type { ChatMessage } from '../../judge/prompt.js';
import type { ResolvedTask } from '../pack/resolve.js';
import { evaluatedSeat } from '../pack/resolve.js';
import { TEAM_CHANNEL, type PartnerSeat } from '../pack/schema.js';
import type { SessionState } from '../engine/state.js';
import { seatInPrompt } from './seatInPrompt.js';

/**
 * The system prompt of a live partner: its name, role, persona and private facts from the task pack, and the task
 * as the team was told it. Nothing about labels, scripts, the checker or other seats' facts.
 */
export function partnerSystemPrompt(task: ResolvedTask, partner: PartnerSeat): string {
  const team = task.seats
    .filter((s) => s.kind !== 'environment' && s.name !== partner.name)
    .map((s) => (s.kind === 'evaluated' ? seatInPrompt(task, s.name) : `${s.name} (${s.role})`));
  const facts = partner.facts.length > 0 ? partner.facts.map((f) => `- ${f.text}`).join('\n') : '- (nothing beyond what the team has said)';
  return [
    `You are ${partner.name}, ${partner.role}, in a team chat with ${team.join(', ')}.`,
    partner.persona,
    `The team's task, as ${seatInPrompt(task, evaluatedSeat(task).name)} was told it:\n${task.instructions}`,
    `What only you know:\n${facts}`,
    'Answer as yourself in one to three short sentences of plain text: no lists, no name prefix, no narration. Share what you ' +
      'know when it helps the question; never invent facts you were not given.',
  ].join('\n\n');
}

/**
 * The conversation as this partner could have read it (the channel and its own direct messages), oldest first: its
 * own lines as the assistant's, everyone else's as the user's, each prefixed with who said it and where.
 */
export function partnerMessages(task: ResolvedTask, partner: PartnerSeat, state: SessionState): ChatMessage[] {
  const you = evaluatedSeat(task).name;
  const out: ChatMessage[] = [{ role: 'system', content: partnerSystemPrompt(task, partner) }];
  for (const m of state.messages) {
    const from = m.seat ?? you;
    const seen = m.to === TEAM_CHANNEL || m.to === partner.name || from === partner.name;
    if (!seen) continue;
    if (from === partner.name) {
      out.push({ role: 'assistant', content: m.text });
      continue;
    }
    const where = m.to === TEAM_CHANNEL ? 'in the team channel' : 'to you directly';
    out.push({ role: 'user', content: `${seatInPrompt(task, from)} (${where}): ${m.text}` });
  }
  return out;
}
