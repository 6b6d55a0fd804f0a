import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import type { Result } from '../../shared/result.js';
import { workspaceFilesFromLog } from '../workspace/workspaceLog.js';
import { untilChecked } from './teamCheck.testing.js';

// Issue 13: a finished run opened read-only (Results, the dashboard, the seat after the end) showed an error and no
// files in its Workspace tab, because the tab listed files with the participant's tools, which refuse an ended run.
// The final files now come from the log, and looking at them records nothing.
const STUDY = 'built-in:team-demo';
const TASK = 'impossible-tests';

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(async () => {
  await app.close();
  tmp.cleanup();
});

const send = (method: string, args: unknown): Promise<Result<unknown>> => dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
async function call<T>(method: string, args: unknown): Promise<T> {
  const r = await send(method, args);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
}
const logLength = (id: string) => app.database.eventLog!.replay(id).length;

describe("a finished run's workspace files", () => {
  it('are the log’s final files once the run has ended, refused while it is live, and reading them records nothing', async () => {
    const versions = await call<{ version: string; seeds: number[] }[]>('teamVersions', { studyKey: STUDY, taskId: TASK });
    const seed = versions.find((v) => v.version === 'control')!.seeds[0]!;
    const { sessionId } = await call<TeamView>('teamStart', { studyKey: STUDY, taskId: TASK, participant: 'P21', version: 'control', seed });
    await call('teamTool', { sessionId, name: 'edit_file', input: { path: 'notes.md', content: 'asked QA about the test\n' } });

    const before = logLength(sessionId);
    const live = await send('teamWorkspaceFiles', { sessionId });
    expect(live.ok ? 'allowed' : live.error.message).toMatch(/has not ended yet/);
    expect(logLength(sessionId)).toBe(before);

    await call<TeamView>('teamSubmit', { sessionId, answer: 'done' });
    await untilChecked(app, sessionId);
    // What the Workspace tab did before: the participant's tools, refused once the run is over.
    const listed = await send('teamTool', { sessionId, name: 'list_files', input: {} });
    expect(listed.ok ? 'listed' : listed.error.message).toMatch(/run has ended/);

    const ended = logLength(sessionId);
    const { files } = await call<{ files: { path: string; text: string }[] }>('teamWorkspaceFiles', { sessionId });
    const fromLog = workspaceFilesFromLog(app.database.eventLog!.replay(sessionId))!;
    expect(Object.fromEntries(files.map((f) => [f.path, f.text]))).toEqual(fromLog);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(['notes.md', 'plateau.py', 'tests/test_plateau.py']));
    expect(files.find((f) => f.path === 'notes.md')!.text).toBe('asked QA about the test\n');
    expect(logLength(sessionId)).toBe(ended);

    const missing = await send('teamWorkspaceFiles', { sessionId: 'nosuchsession1' });
    expect(missing.ok ? 'found' : missing.error.message).toMatch(/No session nosuchsession1/);
  }, 120_000);
});
