// npx tsx main/bench/slack.run.ts [messages] [channels]   (defaults: 1,000,000 messages in 500 channels)
import { runSlackBench } from './slack.js';

const messages = Number(process.argv[2] ?? 1_000_000);
const channels = Number(process.argv[3] ?? 500);
const rows = await runSlackBench({ messages, channels, log: (line) => console.error(line) });
for (const row of rows) console.log(`${row.name}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target})` : ''}`);
