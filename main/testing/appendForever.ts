// Child process for the crash test: appends events as fast as it can and reports each committed seq on
// stdout, until it is killed with SIGKILL.
import { openDatabase } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';

const [file, sessionId] = process.argv.slice(2) as [string, string];
const log = new EventLog(openDatabase(file));
for (;;) {
  const e = log.append(sessionId, 'participant_message', { text: `message ${Date.now()}`, padding: 'x'.repeat(200) });
  process.stdout.write(`${e.seq}\n`);
}
