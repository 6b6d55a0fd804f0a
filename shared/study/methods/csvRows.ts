/**
 * An RFC 4180 table (as shared/comparison/csv.ts writes it: quoted cells may hold commas, quotes and LF) as rows of
 * column → cell text; the first record is the header. Cells past the header's width are dropped.
 */
export function parseCsv(text: string): Array<Record<string, string>> {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || record.length) {
    record.push(cell);
    records.push(record);
  }
  const [header, ...rows] = records.filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
