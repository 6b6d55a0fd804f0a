import { dealRuleOf } from '../deal/dealForm.js';
import type { Places } from './places.js';
import type { ResolvedTask } from './resolve.js';

/**
 * A deal form splits the items of the checker's `deal` rule and is answered by a teammate: a form on a version
 * without items to split, or answered by nobody who can answer, is the author's mistake, named at its line.
 */
export function validateDealForm(task: ResolvedTask, places: Places, add: (path: string, message: string) => void): void {
  const form = task.dealForm;
  if (!form) return;
  const rule = dealRuleOf(task.checker.pass_when);
  if (!rule) {
    add(
      places.dealForm(),
      `a deal form needs items to split, and this version has none: its checker has no \`deal\` rule (the counterpart and each side's values of Food, Water and Firewood)`,
    );
    return;
  }
  const name = form.counterpart ?? rule.counterpart;
  const seat = task.seats.find((s) => s.name === name);
  const at = form.counterpart !== undefined ? places.dealForm('counterpart') : places.checker('pass_when');
  if (!seat) add(at, `the deal form's counterpart "${name}" is not a seat of this version`);
  else if (seat.kind !== 'scripted' && seat.kind !== 'partner') add(at, `the deal form's counterpart "${name}" is the ${seat.kind} seat; offers are answered by a scripted or partner teammate`);
}
