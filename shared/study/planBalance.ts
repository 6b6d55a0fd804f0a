/**
 * The balancing arithmetic of a plan: which tasks a participant's slot gets, which version of each scenario, the
 * Williams design for the order, and how many participants make one full cycle of each balance.
 */
import { taskVersionNames, type TaskVersionName } from './model.js';
import { participantCount } from './codes.js';
import type { PackContent, StudyProtocol } from './protocol.js';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
export const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;

/**
 * A Williams design over n treatments: a Latin square (each treatment once in each position per row set) in which
 * every ordered pair of treatments is adjacent equally often. n rows when n is even; 2n (the square and its mirror)
 * when n is odd, as no single square balances first-order carry-over then.
 */
export function williamsSquare(n: number): number[][] {
  if (n < 1) return [];
  if (n === 1) return [[0]];
  // First row 0, 1, n-1, 2, n-2, …; row r adds r to every entry (mod n).
  const first = [0];
  let lo = 1;
  let hi = n - 1;
  for (let i = 1; i < n; i++) first.push(i % 2 === 1 ? lo++ : hi--);
  const rows = Array.from({ length: n }, (_, r) => first.map((v) => (v + r) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((row) => row.slice().reverse())];
}

/** The ids a protocol counts (tasks or queries, in the protocol's order) and how many each participant plays. */
export function countedOf(
  protocol: StudyProtocol,
  content: PackContent,
): { ids: string[]; perParticipant: number } {
  const ids =
    protocol.kind === 'team'
      ? (protocol.tasks ?? (content.kind === 'team' ? content.tasks.map((t) => t.id) : []))
      : (protocol.queries ?? (content.kind === 'slack' ? content.queries : []));
  const k = protocol.kind === 'team' ? protocol.tasks_per_participant : protocol.queries_per_participant;
  return { ids, perParticipant: k ?? ids.length };
}

/** The versions a team protocol plays, in the benchmark's order (alone → control → manipulation). */
export function versionsOf(protocol: StudyProtocol): TaskVersionName[] {
  if (protocol.kind !== 'team') return [];
  const chosen = protocol.versions ?? taskVersionNames;
  return taskVersionNames.filter((v) => chosen.includes(v));
}

/** Participants after which every counted item has been handed out equally often (rotating blocks of k). */
export function subsetCycle(n: number, k: number): number {
  return n / gcd(n, k);
}

/** Indexes (into the counted ids) of the items slot `slot` plays: a block of k, rotating by k each slot. */
export function subsetOf(n: number, k: number, slot: number): number[] {
  const start = ((slot % subsetCycle(n, k)) * k) % n;
  return Array.from({ length: k }, (_, i) => (start + i) % n).sort((a, b) => a - b);
}

/**
 * Between-subjects: the version of scenario `j` for `slot`. Rows of a cyclic Latin square over the versions,
 * stepping once per full cycle of subsets, so each scenario meets each version equally often.
 */
export function betweenVersion(
  versions: TaskVersionName[],
  n: number,
  k: number,
  slot: number,
  j: number,
): TaskVersionName {
  const row = Math.floor(slot / subsetCycle(n, k)) % versions.length;
  return versions[(row + j) % versions.length] as TaskVersionName;
}

export interface BalanceNeed {
  /** What is balanced, in words for a researcher. */
  what: string;
  /** Participants in one full cycle of it. */
  participants: number;
}

/** Every balance the protocol asks for, with the participants one cycle of it takes. */
export function balanceNeeds(protocol: StudyProtocol, content: PackContent): BalanceNeed[] {
  const { ids, perParticipant: k } = countedOf(protocol, content);
  const n = ids.length;
  if (n === 0 || k < 1 || k > n) return [];
  const noun = protocol.kind === 'team' ? 'tasks' : 'queries';
  const needs: BalanceNeed[] = [];
  if (k < n)
    needs.push({
      what: `${k} of the ${n} ${noun} each, every one equally often`,
      participants: subsetCycle(n, k),
    });
  if (protocol.kind === 'team' && protocol.design === 'between') {
    const v = versionsOf(protocol).length;
    if (v > 1)
      needs.push({
        what: `each of the ${v} versions equally often per scenario (a Latin square)`,
        participants: subsetCycle(n, k) * v,
      });
  }
  if (protocol.ordering === 'latin_square' && k > 1) {
    needs.push({
      what: `a Williams design over ${k} ${noun} (order balanced for carry-over)`,
      participants: williamsSquare(k).length,
    });
  }
  return needs;
}

/** Participants in one full cycle of every balance together (1 when nothing is balanced). */
export function balanceCycle(protocol: StudyProtocol, content: PackContent): number {
  return balanceNeeds(protocol, content).reduce((c, need) => lcm(c, need.participants), 1);
}

/** The protocol's participant count (generated count or list length). */
export function protocolParticipants(protocol: StudyProtocol): number {
  return participantCount(protocol.participants);
}

/**
 * A participant count that stops part-way through a balance cycle leaves some conditions or orders played more often
 * than others: a warning (the study still runs), naming the cycle and the nearest counts that complete it.
 */
export function balanceWarnings(protocol: StudyProtocol, content: PackContent): { path: (string | number)[]; message: string }[] {
  const cycle = balanceCycle(protocol, content);
  if (cycle <= 1) return [];
  const out: { path: (string | number)[]; message: string }[] = [];
  const check = (path: (string | number)[], what: string, n: number) => {
    if (n % cycle === 0) return;
    const below = Math.floor(n / cycle) * cycle;
    const above = below + cycle;
    out.push({
      path,
      message: `${what} ${n} does not complete the balance: one full cycle takes ${cycle} participants (${balanceNeeds(protocol, content)
        .map((need) => need.what)
        .join('; ')}); use ${below > 0 ? `${below} or ` : ''}${above}`,
    });
  };
  check(['protocol', 'participants'], protocol.participants.list ? 'the participant list of' : 'the participant count', protocolParticipants(protocol));
  if (protocol.enrolment) check(['protocol', 'enrolment', 'cap'], 'the enrolment cap', protocol.enrolment.cap);
  return out;
}
