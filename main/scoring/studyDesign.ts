import type { Design } from '../../shared/team/export/resultTypes.js';
import { describeProblem } from '../../shared/problems.js';
import { loadStudyProtocol } from '../studies/protocolLoad.js';

export interface StudyDesign {
  design: Design;
  /** The pooled row's gate in a between design: the alone pass rate it needs, or null for a strict majority. */
  poolGateAtLeast: number | null;
  /** Why the default was used, when the study has no team protocol to say. */
  note: string | null;
}

/**
 * The design of a team study and its pooled gate, from its protocol (shared/study/protocol.ts: `design`, default
 * `between`; `scoring.pooled_gate`, default a majority). A study without a protocol was played by the experimenter's
 * own choice of versions, so its people are scored `within` (the benchmark rule per person) and the note says so.
 */
export function studyDesign(packDir: string): StudyDesign {
  const loaded = loadStudyProtocol(packDir);
  if (!loaded.ok) return { design: 'within', poolGateAtLeast: null, note: `scored as within: ${loaded.problems.map(describeProblem).join('; ')}` };
  const protocol = loaded.value.protocol;
  if (protocol.kind !== 'team') return { design: 'within', poolGateAtLeast: null, note: 'scored as within: not a team study' };
  const gate = protocol.scoring.pooled_gate;
  return { design: protocol.design, poolGateAtLeast: gate === 'majority' ? null : gate, note: null };
}
