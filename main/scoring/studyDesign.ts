import type { Design } from '../../shared/team/export/resultTypes.js';
import { describeProblem } from '../../shared/problems.js';
import { loadStudyProtocol } from '../studies/protocolLoad.js';

export interface StudyDesign {
  design: Design;
  /** Why the default was used, when the study has no team protocol to say. */
  note: string | null;
}

/**
 * The design of a team study, from its protocol (shared/study/protocol.ts, default `between` there). A study without a
 * protocol was played by the experimenter's own choice of versions, so its people are scored `within` (the benchmark
 * rule per person) and the note says so.
 */
export function studyDesign(packDir: string): StudyDesign {
  const loaded = loadStudyProtocol(packDir);
  if (!loaded.ok) return { design: 'within', note: `scored as within: ${loaded.problems.map(describeProblem).join('; ')}` };
  const protocol = loaded.value.protocol;
  if (protocol.kind !== 'team') return { design: 'within', note: 'scored as within: not a team study' };
  return { design: protocol.design, note: null };
}
