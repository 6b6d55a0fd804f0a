/**
 * CaSiNo campsite negotiation maths (Chawla et al., NAACL 2021, CC BY 4.0): two sides split
 * 3 packages each of Food, Water and Firewood; a package is worth 5 / 4 / 3 points to a side that
 * ranks its issue High / Medium / Low; a walk-away gives each side 5 points.
 */
export const issues = ['Food', 'Water', 'Firewood'] as const;
export type Issue = (typeof issues)[number];

export const priorities = ['High', 'Medium', 'Low'] as const;
export type Priority = (typeof priorities)[number];

/** A side's ranking, in the dataset's own shape: `{High: 'Water', Medium: 'Firewood', Low: 'Food'}`. */
export type Value2Issue = Record<Priority, Issue>;

/** Packages of each issue one side receives (0–3 each). */
export type Packages = Record<Issue, number>;

export const PACKAGES_PER_ISSUE = 3;
export const WALK_AWAY_POINTS = 5;
export const POINTS_PER_PACKAGE: Record<Priority, number> = { High: 5, Medium: 4, Low: 3 };

/** Points per package of each issue for the side holding this ranking. */
export function issueValues(value2issue: Value2Issue): Record<Issue, number> {
  const out: Partial<Record<Issue, number>> = {};
  for (const p of priorities) out[value2issue[p]] = POINTS_PER_PACKAGE[p];
  for (const i of issues) {
    if (out[i] === undefined) throw new Error(`value2issue ranks no priority for ${i}: ${JSON.stringify(value2issue)}`);
  }
  return out as Record<Issue, number>;
}

/** A side's points for the packages it receives. */
export function pointsFor(value2issue: Value2Issue, got: Packages): number {
  return pointsWith(issueValues(value2issue), got);
}

/** The same, from a side's points per package (issueValues) worked out once for many splits. */
export function pointsWith(values: Record<Issue, number>, got: Packages): number {
  let total = 0;
  for (const i of issues) total += values[i] * got[i];
  return total;
}

/** What the other side receives when one side receives `got`. */
export function complement(got: Packages): Packages {
  return {
    Food: PACKAGES_PER_ISSUE - got.Food,
    Water: PACKAGES_PER_ISSUE - got.Water,
    Firewood: PACKAGES_PER_ISSUE - got.Firewood,
  };
}

export function isValidPackages(got: Packages): boolean {
  return issues.every((i) => Number.isInteger(got[i]) && got[i] >= 0 && got[i] <= PACKAGES_PER_ISSUE);
}

/** Reads a `Submit-Deal` count (the dataset stores counts as strings, e.g. `"2"`). */
export function packagesFromCounts(counts: Record<string, string | number>): Packages {
  const read = (i: Issue): number => {
    const n = Number(counts[i]);
    if (!Number.isInteger(n)) throw new Error(`deal count for ${i} is not a whole number: ${String(counts[i])}`);
    return n;
  };
  return { Food: read('Food'), Water: read('Water'), Firewood: read('Firewood') };
}
