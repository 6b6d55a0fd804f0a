// Child process for the workspace crash test: resumes a session's workspace from its log (as the app does after a
// restart), then edits files through the real journal as fast as it can, printing the seq of each committed
// `file_content` once the write has returned, until it is killed with SIGKILL.
import { openDatabase } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import { reopenWorkspaceFromLog, WorkspaceJournal } from '../workspace/workspaceJournal.js';
import { workspaceOf } from '../workspace/workspaceLog.js';

const [file, sessionId, runTag] = process.argv.slice(2) as [string, string, string];
const log = new EventLog(openDatabase(file));
const stored = log.replay(sessionId);
const reopened = reopenWorkspaceFromLog(workspaceOf(stored)!, stored);
if (!reopened.ok) throw new Error(reopened.error.message);
const journal = new WorkspaceJournal(log, sessionId, reopened.value.space, reopened.value.files);
const paths = ['stats.py', 'pkg/util.py', 'notes/deep/todo.txt', `new-${runTag}.txt`];
for (let i = 0; ; i++) {
  const path = paths[i % paths.length]!;
  // Sizes up to ~200 KB so a kill often lands inside a write; every content ends with a marker line.
  const body = `# ${runTag} edit ${i}\n` + 'x'.repeat((i * 7919) % 200_000) + `\n# end ${runTag} ${i}\n`;
  const done = journal.write(path, body, (w) => [{ kind: 'file_edited', payload: { type: 'file_edited', seat: 'you', path: w.path, before: w.before_sha256, after: w.after_sha256 } }]);
  if (!done.ok) throw new Error(done.error.message);
  process.stdout.write(`${done.value.stored[0]!.seq}\n`);
}
