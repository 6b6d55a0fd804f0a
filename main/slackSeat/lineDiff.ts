export interface DiffLine {
  op: ' ' | '+' | '-';
  text: string;
}

/** Lines per side above which the diff is not computed (the file is shown as removed and added, truncated). */
export const MAX_DIFF_LINES = 3000;

/**
 * A whole-file line diff by longest common subsequence: files in a study repository are small, and an exact,
 * readable diff matters more than speed here. Past MAX_DIFF_LINES the sides are cut and `truncated` is set.
 */
export function lineDiff(before: string, after: string): { lines: DiffLine[]; truncated: boolean } {
  const split = (s: string) => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));
  let a = split(before);
  let b = split(after);
  const truncated = a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES;
  a = a.slice(0, MAX_DIFF_LINES);
  b = b.slice(0, MAX_DIFF_LINES);
  // Common head and tail are taken off first so the table covers only the changed middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const n = am.length;
  const m = bm.length;
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = am[i] === bm[j] ? (lcs[(i + 1) * (m + 1) + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * (m + 1) + j] ?? 0, lcs[i * (m + 1) + j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = a.slice(0, head).map((text) => ({ op: ' ', text }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && am[i] === bm[j]) {
      lines.push({ op: ' ', text: am[i++] ?? '' });
      j++;
    } else if (i < n && (j === m || (lcs[(i + 1) * (m + 1) + j] ?? 0) >= (lcs[i * (m + 1) + j + 1] ?? 0))) {
      // Removals before additions, as git shows a changed line.
      lines.push({ op: '-', text: am[i++] ?? '' });
    } else {
      lines.push({ op: '+', text: bm[j++] ?? '' });
    }
  }
  for (const text of a.slice(a.length - tail)) lines.push({ op: ' ', text });
  return { lines, truncated };
}
