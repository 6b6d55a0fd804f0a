import { fail, ok, type Result } from '../../result.js';
import { issues, PACKAGES_PER_ISSUE, type Packages } from '../casino/points.js';

/** An offer as the form sends it: what each side gets (CaSiNo's `issue2youget` / `issue2theyget`). */
export interface OfferInput {
  youGet: Record<string, unknown>;
  theyGet: Record<string, unknown>;
}

/** The items a deal form splits and how many packages of each there are (CaSiNo: 3 of each). */
export const dealItems: ReadonlyArray<{ name: (typeof issues)[number]; count: number }> = issues.map((name) => ({ name, count: PACKAGES_PER_ISSUE }));

/**
 * Checks an offer before anything is recorded. Refused in plain words: an item that is not one of the task's, a
 * count that is not a whole number, or counts that do not add up to the packages there are. Returns what the
 * offering side gets.
 */
export function checkOffer(offer: OfferInput): Result<Packages> {
  const problems: string[] = [];
  const known = new Set<string>(issues);
  for (const side of [offer.youGet, offer.theyGet]) {
    for (const key of Object.keys(side)) if (!known.has(key)) problems.push(`"${key}" is not one of the items (${issues.join(', ')})`);
  }
  const got: Partial<Packages> = {};
  for (const { name, count } of dealItems) {
    const mine = offer.youGet[name];
    const theirs = offer.theyGet[name];
    if (!isCount(mine) || !isCount(theirs)) {
      problems.push(`say how many packages of ${name} each side gets, as whole numbers from 0 to ${count}`);
      continue;
    }
    if (mine + theirs !== count) problems.push(`${name}: ${mine} + ${theirs} = ${mine + theirs}, but there ${count === 1 ? 'is' : 'are'} ${count} package${count === 1 ? '' : 's'} of ${name}`);
    else got[name] = mine;
  }
  if (problems.length > 0) return fail('bad_request', `This offer cannot be put on the table: ${problems.join('; ')}.`);
  return ok(got as Packages);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The offer as the chat and the transcript say it, from the offering side: `Submit-Deal (I get …; you get …)`. */
export function offerText(youGet: Packages): string {
  const list = (p: (i: (typeof issues)[number]) => number) => issues.map((i) => `${p(i)} ${i}`).join(', ');
  return `Submit-Deal (I get ${list((i) => youGet[i])}; you get ${list((i) => PACKAGES_PER_ISSUE - youGet[i])})`;
}
