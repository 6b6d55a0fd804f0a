/** RFC 4180 CSV: quoted when needed, CRLF record ends; a leading = + - @ is prefixed with ' so a spreadsheet shows it as text. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  // CRLF ends a record; inside a cell it becomes LF, so a table's records are its CRLF-separated lines.
  const text = value.replace(/\r\n?/g, '\n');
  const safe = /^[=+\-@\t]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(
  columns: readonly string[],
  rows: ReadonlyArray<Record<string, string | number | boolean | null | undefined>>,
): string {
  return (
    [columns.map(csvCell).join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join(
      '\r\n',
    ) + '\r\n'
  );
}
