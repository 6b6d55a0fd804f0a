import type { ScriptAction, ScriptedSeat, Transition } from '../pack/schema.js';
import type { EndHow, EventOf, MessageSource } from './events.js';
import type { Effect } from './effects.js';
import { append } from './effects.js';
import type { ScriptPosition } from './state.js';

type Step = Omit<EventOf<'script_step'>, 'type' | 'seat' | 'label'>;

/**
 * One scripted seat's turn at the start of a round: the label of the participant's last message
 * (null when it was not to this seat or the team) picks a transition from the line last said.
 */
export function scriptTurn(seat: ScriptedSeat, position: ScriptPosition, label: string | null, participantHasSpoken: boolean): Effect[] {
  const script = seat.script;
  const say = (text: string, to: string, source: MessageSource, reveals?: string[]): Effect =>
    append({ type: 'seat_message', seat: seat.name, text, to, source, ...(reveals ? { reveals } : {}) });
  const step = (s: Step, ...then: Effect[]): Effect[] => [append({ type: 'script_step', seat: seat.name, label, ...s }), ...then];
  const sayLine = (index: number, transition: Step['transition']): Effect[] => {
    const line = script.lines[index]!;
    return step({ transition, line: line.id, status: 'running' }, say(line.text, line.to, { kind: 'line', id: line.id }));
  };

  const act = (action: ScriptAction, transition: Step['transition'], status: Step['status'], sourceKind: MessageSource['kind']): Effect[] => {
    const { events, ends } = actionEffects(seat.name, action);
    const spoken = action.text ? [say(action.text, action.to, { kind: sourceKind, id: action.do })] : [];
    return step({ transition, status, action: action.do, ...(ends ? { ends } : {}) }, ...spoken, ...events);
  };

  const final = (): Effect[] => {
    const rule = script.final;
    if (rule === 'silent') return step({ transition: 'final', status: 'finished' });
    if (rule === 'repeat_last') {
      const index = script.lines.findIndex((l) => l.id === position.at);
      const line = script.lines[index];
      if (!line) return step({ transition: 'final', status: 'finished' });
      return step({ transition: 'final', line: line.id, status: 'finished' }, say(line.text, line.to, { kind: 'final', id: line.id }));
    }
    if ('say' in rule) return step({ transition: 'final', status: 'finished' }, say(rule.say, rule.to, { kind: 'final' }));
    // A final action happens once; the seat is silent afterwards.
    return act(rule.action, 'final', 'silent', 'final');
  };

  if (position.status === 'silent') return step({ transition: 'final', status: 'silent' });
  if (position.status === 'finished') return final();
  if (position.status === 'waiting') {
    if (!script.opens && !participantHasSpoken) return step({ transition: 'wait', status: 'waiting' });
    return sayLine(0, 'open');
  }

  const index = script.lines.findIndex((l) => l.id === position.at);
  const line = script.lines[index];
  if (!line) throw new Error(`${seat.name}'s script has no line "${String(position.at)}"`);
  const transition: Transition = label === null ? script.no_reply : (line.on[label] ?? 'next');

  if (transition === 'next') return index + 1 < script.lines.length ? sayLine(index + 1, 'next') : final();
  if (transition === 'repeat') return sayLine(index, 'repeat');
  if ('goto' in transition) {
    const target = script.lines.findIndex((l) => l.id === transition.goto);
    if (target < 0) throw new Error(`${seat.name}'s script has no line "${transition.goto}"`);
    return sayLine(target, 'goto');
  }
  if ('give_way' in transition) {
    const g = transition.give_way;
    const gaveWay = { what: g.what, ...(g.fact !== undefined ? { fact: g.fact } : {}) };
    const reveals = g.what === 'share_fact' && g.fact !== undefined ? [g.fact] : undefined;
    return step({ transition: 'give_way', status: 'finished', gave_way: gaveWay }, say(g.text, g.to, { kind: 'give_way', id: g.what }, reveals));
  }
  return act(transition.action, 'action', 'finished', 'action');
}

/** The events (and runner work) an action causes, and whether it ends the run. */
function actionEffects(seat: string, action: ScriptAction): { events: Effect[]; ends?: EndHow } {
  switch (action.do) {
    case 'edit_file': {
      const edit: Effect = { type: 'edit_file', seat, path: action.path };
      if (action.content !== undefined) edit.content = action.content;
      if (action.replace !== undefined) edit.replace = action.replace;
      return { events: [edit] };
    }
    case 'submit_deal':
      return { events: [append({ type: 'deal_proposed', seat, evaluated_gets: action.evaluated_gets })] };
    case 'accept_deal':
      return { events: [append({ type: 'deal_accepted', seat })], ends: 'deal_accepted' };
    case 'walk_away':
      return { events: [append({ type: 'walked_away', seat })], ends: 'walked_away' };
    case 'end_run':
      return { events: [], ends: 'script_ended' };
  }
}
