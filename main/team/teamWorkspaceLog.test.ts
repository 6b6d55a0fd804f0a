import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { benchmarkTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { workspaceFilesFromLog } from '../workspace/workspaceLog.js';
import { untilChecked } from './teamCheck.testing.js';

// The log is the source of truth for a team session's workspace: an edit is recorded before the file changes,
// a restarted app rebuilds the folder from the log, and the export's final_files are the log's files.
const STUDY = 'built-in:team-demo';
const TASK = 'impossible-tests';

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(() => {
  app.close();
  tmp.cleanup();
});

async function call<T>(method: string, args: unknown): Promise<T> {
  const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
}

describe('a team workspace whose log is the source of truth', () => {
  it('records each edit in one transaction, rebuilds a tampered folder on restart, and exports the log files', async () => {
    const versions = await call<{ version: string; seeds: number[] }[]>('teamVersions', { studyKey: STUDY, taskId: TASK });
    const seed = versions.find((v) => v.version === 'control')!.seeds[0]!;
    const view = await call<TeamView>('teamStart', { studyKey: STUDY, taskId: TASK, participant: 'P09', version: 'control', seed });
    const id = view.sessionId;
    const edit = await call<{ result: { ok: boolean } }>('teamTool', { sessionId: id, name: 'edit_file', input: { path: 'notes.md', content: 'my notes\n' } });
    expect(edit.result.ok).toBe(true);

    let log = await call<StoredEvent[]>('replaySession', { sessionId: id });
    const at = log.findIndex((e) => e.kind === 'file_content');
    expect(log.slice(at, at + 3).map((e) => e.kind)).toEqual(['file_content', 'tool_call', 'file_edited']);
    const root = (log[0]!.payload as { root: string }).root;
    expect(fs.readFileSync(path.join(root, 'notes.md'), 'utf8')).toBe('my notes\n');

    // The app dies; someone (or a crash of an older writer) truncates a file and leaves another behind.
    app.close();
    fs.writeFileSync(path.join(root, 'plateau.py'), '');
    fs.writeFileSync(path.join(root, 'planted.py'), 'print("not in the log")\n');
    app = createTestApp(tmp.dir);

    await call<TeamView>('teamView', { sessionId: id });
    log = await call<StoredEvent[]>('replaySession', { sessionId: id });
    const files = workspaceFilesFromLog(log)!;
    expect(fs.existsSync(path.join(root, 'planted.py'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'plateau.py'), 'utf8')).toBe(files['plateau.py']);
    expect(files['plateau.py']!.length).toBeGreaterThan(0);

    // Tampered again while running: the export still carries the log's files.
    fs.writeFileSync(path.join(root, 'notes.md'), 'rewritten behind the log\n');
    await call<TeamView>('teamSubmit', { sessionId: id, answer: 'done' });
    await untilChecked(app, id);
    const exported = await call<{ path: string }>('teamExport', { sessionId: id });
    const transcript = benchmarkTranscriptSchema.parse(JSON.parse(fs.readFileSync(exported.path, 'utf8')));
    expect(transcript.sandbox.final_files).toEqual(files);
  }, 120_000);
});
