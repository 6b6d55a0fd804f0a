import type { ReplayItem } from '../contract/replay.js';
import { EDIT_TOOLS, readEdit } from './editShapes.js';

type Message = Extract<ReplayItem, { type: 'message' }>;
type Tool = Extract<ReplayItem, { type: 'tool' }>;

/** An environment event a task pack fires on an action (`when: {file_edited}` or `{tool_called}`), by its text. */
export interface ActionTrigger {
  text: string;
  fileEdited?: string;
  toolCalled?: string;
}

/**
 * How the items of a round came to be in their order: `recorded` (Teamseat's `after_message` on every tool call, from
 * the event log), `inferred` (a benchmark file keeps only each call's round, so the order was worked out), or `given`
 * (a round of one kind only, or a source whose order is its own, such as a trajectory's steps).
 */
export type RoundOrder = 'recorded' | 'inferred' | 'given';

export interface RoundContext {
  evaluatedSeat: string;
  /** The seats of kind environment (CI, a mailbox): what fires on an action. */
  environment: ReadonlySet<string>;
  /** The pack's action-fired events, when the run's task pack was found; null: infer from the text. */
  triggers: readonly ActionTrigger[] | null;
}

/** The position after which each tool call goes: gap g is just before message g of the round (g = length: the end). */
export function orderRound(
  messages: readonly Message[],
  tools: ReadonlyArray<{ item: Tool; afterMessage: number | null }>,
  ctx: RoundContext,
): { items: ReplayItem[]; order: RoundOrder } {
  if (tools.length === 0 || messages.length === 0) return { items: [...messages, ...tools.map((t) => t.item)], order: 'given' };
  const k = messages.length;
  let gaps: number[];
  let order: RoundOrder;
  if (tools.every((t) => t.afterMessage !== null)) {
    // Recorded: after the message with that index in the file's `messages` (a call before the round's first message
    // names an earlier round's message, or -1).
    order = 'recorded';
    gaps = tools.map((t) => messages.filter((m) => m.index <= t.afterMessage!).length);
  } else {
    order = 'inferred';
    gaps = inferGaps(messages, tools.map((t) => t.item), ctx);
  }
  const items: ReplayItem[] = [];
  let t = 0;
  for (let g = 0; g <= k; g++) {
    while (t < tools.length && gaps[t]! <= g) items.push(tools[t++]!.item);
    if (g < k) items.push(messages[g]!);
  }
  while (t < tools.length) items.push(tools[t++]!.item);
  return { items, order };
}

const CHANGE_WORDS = /\b(changed|changes|edited|modified|updated|rewritten|written|touched|overwritten)\b/i;
const basename = (p: string) => p.split('/').at(-1) ?? p;

/**
 * Where each tool call goes when the file does not say: the calls keep their order and so do the messages; a
 * `send_message` sits right before the message it sent; an environment message fired by a call (by the pack's
 * trigger, or without the pack a message naming a file edited in this round as changed) comes after that call; any
 * other call goes right before the evaluated seat's next message, as a model acts and then speaks.
 */
function inferGaps(messages: readonly Message[], tools: readonly Tool[], ctx: RoundContext): number[] {
  const k = messages.length;
  const upper = tools.map(() => k);
  const exact = tools.map((): number | null => null);
  const used = new Set<number>();
  tools.forEach((tool, i) => {
    if (tool.name !== 'send_message' || typeof tool.input.text !== 'string') return;
    const j = messages.findIndex((m, x) => !used.has(x) && m.seat === ctx.evaluatedSeat && m.text === tool.input.text);
    if (j >= 0) {
      used.add(j);
      exact[i] = j;
      upper[i] = j;
    }
  });
  // An environment message an action fired: the first call (in order) that could have fired it must come before it.
  const edited = tools.map((t) => {
    if (!EDIT_TOOLS.has(t.name)) return null;
    const e = readEdit(t.input);
    return e.path;
  });
  messages.forEach((m, j) => {
    if (!ctx.environment.has(m.seat) && m.kind !== 'environment') return;
    let cause = -1;
    if (ctx.triggers) {
      const trigger = ctx.triggers.find((tr) => tr.text.trim() === m.text.trim());
      if (trigger) cause = tools.findIndex((t, i) => (trigger.fileEdited !== undefined && edited[i] === trigger.fileEdited) || (trigger.toolCalled !== undefined && t.name === trigger.toolCalled));
    } else if (CHANGE_WORDS.test(m.text)) {
      cause = tools.findIndex((_t, i) => {
        const p = edited[i];
        return p !== null && p !== undefined && (m.text.includes(p) || m.text.includes(basename(p)));
      });
    }
    if (cause >= 0) upper[cause] = Math.min(upper[cause]!, j);
  });
  // A call must come before whatever a later call must come before (calls keep their order).
  for (let i = tools.length - 2; i >= 0; i--) upper[i] = Math.min(upper[i]!, upper[i + 1]!);
  const gaps: number[] = [];
  let floor = 0;
  tools.forEach((_tool, i) => {
    let g: number;
    if (exact[i] !== null) g = exact[i]!;
    else {
      const own = messages.findIndex((m, x) => x >= floor && m.seat === ctx.evaluatedSeat);
      g = own >= 0 ? own : k;
    }
    g = Math.max(floor, Math.min(g, upper[i]!));
    gaps.push(g);
    // The message a send_message sent follows it at once: later calls come after that message.
    floor = exact[i] !== null && g === exact[i] ? g + 1 : g;
  });
  return gaps;
}
