/**
 * The proof behind issue 23's promise for negotiations: whatever label each participant message gets, the run never
 * ends before the participant can reach the best deal, and at every turn an offer of the best split through the deal
 * form is accepted and scores `best_joint_deal`. It walks every label path of one version and seed through the real
 * engine and checker (states reached twice are walked once).
 */
import { bestJointDeal } from '../casino/bestDeal.js';
import type { Packages } from '../casino/points.js';
import { finalStateFromSession } from '../checker/fromSession.js';
import { checkRun } from '../checker/version.js';
import type { SessionEvent } from '../engine/events.js';
import { next } from '../engine/next.js';
import { applyEvent, initialState, type SessionState } from '../engine/state.js';
import { evaluatedSeat, type ResolvedTask } from '../pack/resolve.js';
import { TEAM_CHANNEL, type TaskVersion, type TeamTask } from '../pack/schema.js';
import { dealRuleOf, playedDealForm } from './dealForm.js';

export interface Walk {
  /** Participant turns visited (distinct states). */
  turns: number;
  /** Label paths cut short because their state had been walked already. */
  merged: number;
  problems: string[];
}

interface Node {
  state: SessionState;
  /** The labels that led here, for a readable problem. */
  path: string[];
}

export function walkLabelPaths(task: TeamTask, resolved: ResolvedTask, version: TaskVersion, seed: number): Walk {
  const problems: string[] = [];
  const rule = dealRuleOf(resolved.checker.pass_when);
  const form = playedDealForm(resolved);
  if (!rule || !form) return { turns: 0, merged: 0, problems: [`${task.id} ${version}: no deal form (or no deal rule) to walk`] };
  const best = bestJointDeal(rule.evaluated_values, rule.counterpart_values).splits[0]!.a;
  const greedy: Packages = { Food: 3, Water: 3, Firewood: 3 };
  const you = evaluatedSeat(resolved).name;
  const labels = resolved.labels.map((l) => l.id);

  const settle = (from: SessionState, label: string | null): SessionState => {
    let s = from;
    const push = (e: SessionEvent): void => void (s = applyEvent(s, e));
    for (let guard = 0; guard < 1000; guard++) {
      const step = next(task, s);
      if (step.effects.length === 0) {
        if (step.waitFor !== 'label') return s;
        if (label === null) throw new Error('a message waits for a label the walk did not give');
        push({ type: 'label_decided', label, source: 'rules' });
        continue;
      }
      for (const effect of step.effects) {
        if (effect.type === 'append') push(effect.event);
        else if (effect.type === 'run_checker') push({ type: 'checked', score: checkRun(resolved, finalStateFromSession(s, { evaluatedSeat: you, hashesBefore: {}, files: {} })) });
      }
    }
    throw new Error(`${task.id} ${version}: the engine did not settle`);
  };
  const offer = (s: SessionState, gets: Packages): SessionState =>
    settle(applyEvent(s, { type: 'deal_proposed', seat: you, evaluated_gets: gets, via: 'deal_form' }), null);

  const seen = new Set<string>();
  let turns = 0;
  let merged = 0;
  const start = settle(applyEvent(initialState(), { type: 'session_started', task_id: task.id, version, seed, participant: 'walk' }), null);
  const stack: Node[] = [{ state: start, path: [] }];
  while (stack.length > 0) {
    const { state, path } = stack.pop()!;
    const where = `${task.id} ${version} seed ${seed} after [${path.join(', ') || 'nothing said'}]`;
    if (state.ended) {
      // Only the clock (the last round) ends a run the participant did not end themselves.
      if (state.ended !== 'max_rounds') problems.push(`${where}: the run ended (${state.ended}) before the participant could reach the best deal`);
      continue;
    }
    if (state.phase !== 'participant_turn') {
      problems.push(`${where}: the engine stopped in phase ${state.phase}, not on the participant's turn`);
      continue;
    }
    // What can change what happens next: the round, the scripts, the offer on the table, the environment's events.
    const { seat, evaluated_gets } = state.deal.proposals.at(-1) ?? {};
    const key = JSON.stringify([state.round, state.scripts, seat, evaluated_gets, state.deal.acceptedBy, state.firedEvents, state.revealed]);
    if (seen.has(key)) {
      merged++;
      continue;
    }
    seen.add(key);
    turns++;

    const accepted = offer(state, best);
    if (accepted.ended !== 'deal_accepted' || accepted.score?.details['conflict_outcome'] !== 'best_joint_deal') {
      problems.push(`${where}: offering the best split through the form ended ${accepted.ended ?? 'nothing'} with ${accepted.score?.outcome ?? 'no score'}`);
    }
    // An offer of everything is answered too: accepted (a counterpart that signs any split), or turned down with the
    // participant keeping the turn.
    const greedyAnswered = offer(state, greedy);
    const answer = greedyAnswered.messages.at(-1);
    const kept = !greedyAnswered.ended && greedyAnswered.phase === 'participant_turn' && !greedyAnswered.deal.open;
    if (answer?.source?.kind !== 'deal_answer' || !(kept || greedyAnswered.ended === 'deal_accepted')) {
      problems.push(`${where}: an offer of everything was not answered (ended ${greedyAnswered.ended ?? 'no'}, phase ${greedyAnswered.phase})`);
    }
    for (const label of labels) {
      const said = applyEvent(state, { type: 'participant_message', text: `(a message labelled ${label})`, to: TEAM_CHANNEL });
      stack.push({ state: settle(said, label), path: [...path, label] });
    }
    // The walk goes on after a turned-down offer too: the counterpart's counter must not trap the run.
    if (kept) stack.push({ state: greedyAnswered, path: [...path, 'offer of everything'] });
  }
  return { turns, merged, problems };
}
