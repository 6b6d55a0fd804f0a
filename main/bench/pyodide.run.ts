import { benchPyodide } from './pyodide.js';

const rows = await benchPyodide();
for (const row of rows) {
  const target = row.target === undefined ? '' : ` (target ≤ ${row.target} ${row.unit})`;
  console.log(`${row.name}: ${row.value} ${row.unit}${target}`);
}
