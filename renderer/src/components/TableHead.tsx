/** A table's column headings, in order: the one header row every results and runs table has. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c}>{c}</th>
        ))}
      </tr>
    </thead>
  );
}
