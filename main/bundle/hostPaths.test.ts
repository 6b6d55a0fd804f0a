import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { call, consentAndStart, STUDY_KEY, writeBetweenStudy, type TestApp } from '../study/study.testing.js';
import { workspaceOf } from '../workspace/workspaceLog.js';
import { absolutePathsIn } from './hostPaths.js';
import { readBundle } from './readBundle.js';
import { collectBundle } from './collect.js';
import { scanBundle } from './privacy.js';
import { StudyLogs } from '../study/studyLog.js';

// A bundle names no folder of the host: the data folder's paths go relative, anything else absolute is a scan hit.

let tmp: ReturnType<typeof makeTempDir> | undefined;
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  tmp?.cleanup();
  app = undefined;
  tmp = undefined;
});

describe('host paths', () => {
  it('are found as absolute paths in text, and URLs, dates and relative paths are not', () => {
    const text = 'see /home/jo/notes.txt, file:///Users/jo/x.json and C:\\Users\\jo\\a.txt; not https://example.org/a/b, 12/10/2024, and/or, results/x/y.json or /tmp';
    expect(absolutePathsIn(text)).toEqual(['/home/jo/notes.txt', 'file:///Users/jo/x.json', 'C:\\Users\\jo\\a.txt']);
  });

  it("leave a bundle relative to the data folder (the live log keeps its own), and one the data folder doesn't hold is a hit", async () => {
    tmp = makeTempDir();
    writeBetweenStudy(tmp.dir, 'impossible-tests');
    app = createTestApp(tmp.dir);
    const participantId = (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants[0]!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);
    // The live log records where the workspace is, as an absolute path (an older log's, as it was written).
    const live = workspaceOf(app.database.eventLog!.replay(runId))!.root;
    expect(live).toBe(path.join(tmp.dir, 'workspaces', runId));

    let scan = await call<{ hits: Array<{ id: string; kind: string; text: string; places: string[] }> }>(app, 'bundleScan', { studyKey: STUDY_KEY });
    expect(scan.hits).toEqual([]);
    const written = await call<{ path: string }>(app, 'bundleWrite', { studyKey: STUDY_KEY, decisions: {} });
    const read = await readBundle(written.path);
    if (!read.ok) throw new Error(read.error.message);
    const all = [...read.value.files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).not.toContain(tmp.dir);
    expect(read.value.files.get(`events/${runId}.jsonl`)!.toString('utf8')).toContain(`"root":"workspaces/${runId}"`);
    expect(workspaceOf(app.database.eventLog!.replay(runId))!.root).toBe(live);

    // A path outside the data folder (here typed by the participant) is left as written, and the scan flags it.
    const view = await call<TeamView>(app, 'teamView', { sessionId: runId });
    await call(app, 'teamSend', { sessionId: runId, to: view.channels[0]!, text: 'my notes are in /home/jo.bloggs/notes.txt' });
    scan = await call(app, 'bundleScan', { studyKey: STUDY_KEY });
    expect(scan.hits.map((h) => [h.kind, h.text])).toEqual([['path', '/home/jo.bloggs/notes.txt']]);
    expect(scan.hits[0]!.places[0]).toMatch(new RegExp(`^session ${runId.slice(0, 8)} event \\d+$`));
    const redacted = await call<{ path: string }>(app, 'bundleWrite', { studyKey: STUDY_KEY, decisions: { [scan.hits[0]!.id]: 'redact' } });
    const again = await readBundle(redacted.path);
    if (!again.ok) throw new Error(again.error.message);
    const text = [...again.value.files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(text).not.toContain('/home/jo.bloggs');
    expect(text).toContain('[redacted path]');
  }, 60_000);

  it("carries an older erasure audit as counts: neither its file names (with the erased code) nor its host paths", async () => {
    tmp = makeTempDir();
    writeBetweenStudy(tmp.dir);
    app = createTestApp(tmp.dir);
    await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const studyLog = new StudyLogs(app).sessionId(STUDY_KEY)!;
    // As an erasure wrote it before issue 24.
    app.database.eventLog!.append(studyLog, 'erasure_performed', {
      participantId: 'a'.repeat(24),
      events: 12,
      sessions: 1,
      workspaces: [path.join(tmp.dir, 'workspaces', 'b'.repeat(24))],
      files: ['transcripts/x/hidden-profile/human_GONE-P07/alone_seed0.json'],
    });
    const src = collectBundle(app, STUDY_KEY);
    if (!src.ok) throw new Error(src.error.message);
    const audit = src.value.sessions[0]!.events.find((e) => e.kind === 'erasure_performed')!;
    expect(audit.payload).toEqual({ participantId: 'a'.repeat(24), events: 12, sessions: 1, workspaces: [`workspaces/${'b'.repeat(24)}`], files: 1 });
    expect(scanBundle(src.value)).toEqual([]);
  });
});
