import { describeProblem } from '../../shared/problems.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { PackContent, StudyProtocol } from '../../shared/study/protocol.js';
import type { AppServices } from '../app/appServices.js';
import { loadStudyProtocol } from '../studies/protocolLoad.js';

/** What the study service needs of a study's protocol. */
export interface StudyProtocolSource {
  studyKey: string;
  studyId: string;
  title: string;
  protocol: StudyProtocol;
  content: PackContent;
  /** The pack's content hash: a plan records it, so each run keeps the version it was played in. */
  studyVersion: string;
  /** Task id → title, for the participant's run screens. */
  taskTitles: Record<string, string>;
}

/** A library study's protocol, checked against its pack (the same check as the library and validate-pack). */
export function loadProtocolSource(s: AppServices, studyKey: string): Result<StudyProtocolSource> {
  const study = s.library.open(studyKey);
  if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
  const loaded = loadStudyProtocol(study.dir);
  if (!loaded.ok) return fail('invalid_pack', loaded.problems.map(describeProblem).join('; '));
  const { manifest, protocol, content, studyVersion } = loaded.value;
  const taskTitles = Object.fromEntries(study.tasks.map((t) => [t.id, t.title]));
  return ok({ studyKey, studyId: manifest.id, title: manifest.title, protocol, content, studyVersion, taskTitles });
}
