// Writes studies/slack-demo: a fictional research team's Slack export, its git repository, documents and queries.
// Run with `npx tsx main/cli/make-slack-demo.ts [target folder]`.
import path from 'node:path';
import { generateSlackDemo } from './slackDemo/generate.js';

const target = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../studies/slack-demo'));
const { messages } = generateSlackDemo(target);
console.log(`slack-demo: ${messages} messages written to ${target}`);
