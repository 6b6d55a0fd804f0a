import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { StudyLibrary } from '../studies/studyLibrary.js';
import { findTeamTask } from './taskSource.js';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

describe('findTeamTask', () => {
  it('loads a pack once while it is unchanged, and again once a task file changed', () => {
    const root = path.join(tmp.dir, 'studies');
    fs.cpSync(path.join(import.meta.dirname, '../../studies/team-demo'), path.join(root, 'team-demo'), { recursive: true });
    const library = new StudyLibrary([{ dir: root, origin: 'user' }]);
    const first = findTeamTask(library, 'user:team-demo', 'campsite-negotiation');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.task.title).toBe('Sharing the campsite supplies');
    const again = findTeamTask(library, 'user:team-demo', 'campsite-negotiation');
    expect(again.ok && again.value).toBe(first.value);
    // Shared by every session: frozen, so no session can change what another reads.
    expect(Object.isFrozen(first.value.task)).toBe(true);

    const file = path.join(root, 'team-demo/tasks/campsite-negotiation.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Sharing the campsite supplies', 'title: Sharing the camp supplies'));
    const changed = findTeamTask(library, 'user:team-demo', 'campsite-negotiation');
    expect(changed.ok && changed.value.task.title).toBe('Sharing the camp supplies');
  });
});
