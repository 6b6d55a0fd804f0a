import path from 'node:path';
import type { Problem } from '../../shared/problems.js';
import type { StudyManifest } from '../../shared/studies/manifest.js';
import type { PackContent, StudyProtocol } from '../../shared/study/protocol.js';
import { hashPackFiles } from './studyVersion.js';
import { validateStudyPack } from './validatePack.js';

export interface LoadedStudyProtocol {
  dir: string;
  manifest: StudyManifest;
  protocol: StudyProtocol;
  /** What buildPlan needs of the pack. */
  content: PackContent;
  /** The pack's content hash; a plan records it, and editing the pack makes a new one. */
  studyVersion: string;
}

export type ProtocolLoad = { ok: true; value: LoadedStudyProtocol } | { ok: false; problems: Problem[] };

/** A study's protocol, checked against its pack, ready for buildPlan; or every problem that stops it being run. */
export function loadStudyProtocol(packDir: string): ProtocolLoad {
  const checked = validateStudyPack(packDir);
  if (checked.problems.length > 0) return { ok: false, problems: checked.problems };
  const { manifest, protocol, content } = checked;
  if (!manifest || !protocol || !content?.pack) {
    const file = path.posix.join(path.basename(packDir), 'study.yaml');
    const why = manifest?.kind === 'labelling' ? 'a labelling study is run with rater sessions, not a protocol' : 'add a `protocol:` section (see studies/FORMAT-study.md)';
    return { ok: false, problems: [{ file, path: 'protocol', message: `this study has no protocol: ${why}` }] };
  }
  return { ok: true, value: { dir: packDir, manifest, protocol, content: content.pack, studyVersion: hashPackFiles(packDir, content.files) } };
}
