/** Text with [start, end) ranges marked; the ranges come from the main side, the text is only ever text. */
export function Highlighted({ text, highlights }: { text: string; highlights: ReadonlyArray<readonly [number, number]> }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  highlights.forEach(([s, e], i) => {
    if (s < at || e <= s) return;
    if (s > at) parts.push(text.slice(at, s));
    parts.push(<mark key={i}>{text.slice(s, e)}</mark>);
    at = e;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}
