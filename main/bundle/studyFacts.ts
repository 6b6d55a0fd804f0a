import type { AppServices } from '../app/appServices.js';
import { loadStudyProtocol } from '../studies/protocolLoad.js';
import { describeProblem } from '../../shared/problems.js';
import { rulesStatusOf } from '../../shared/team/labelTests/rulesStatus.js';
import type { HalfMeasure } from '../../shared/team/labelTests/measure.js';
import {
  STUDY_FACTS_FORMAT,
  type LabelTestFacts,
  type StudyFacts,
} from '../../shared/study/methods/studyFacts.js';
import { findTeamTask } from '../team/taskSource.js';
import { loadLabelTests } from '../team/pack/loadLabelTests.js';

const half = (h: HalfMeasure) => ({ n: h.n, correct: h.correct, accuracy: h.accuracy });

/**
 * study.json of a station's bundle (shared/study/methods/studyFacts.ts): the protocol's ordering and subsets, and each
 * team task's rules labeller measured on its label test set as `npm run lint-packs` measures it, read from the pack
 * as it is when the bundle is written.
 */
export function collectStudyFacts(
  s: AppServices,
  studyKey: string,
  packDir: string,
  station: string,
): StudyFacts {
  const detail = s.library.open(studyKey);
  const kind = detail?.kind === 'slack' ? 'slack' : 'team';
  const loaded = loadStudyProtocol(packDir);
  const protocol = loaded.ok ? loaded.value.protocol : null;
  let labelTests: LabelTestFacts[] | null = null;
  if (kind === 'team') {
    labelTests = [];
    for (const t of detail?.tasks ?? []) {
      const task = findTeamTask(s.library, studyKey, t.id);
      if (!task.ok) continue;
      const status = rulesStatusOf(task.value.versions, loadLabelTests(packDir, task.value).set);
      const held = status.measure?.held_out ?? null;
      labelTests.push({
        task: t.id,
        written_by: status.writtenBy,
        held_out: held ? half(held) : null,
        train: status.measure ? half(status.measure.train) : null,
        deciding_recall: Object.fromEntries(
          status.deciding.map((d) => [d, held?.perLabel.find((p) => p.label === d)?.recall ?? null]),
        ),
        validated: status.validated,
        reasons: status.reasons,
      });
    }
  }
  return {
    format: STUDY_FACTS_FORMAT,
    entries: [
      {
        stations: [station],
        kind,
        study_version: loaded.ok ? loaded.value.studyVersion : null,
        ordering: protocol?.ordering ?? null,
        tasks_per_participant:
          protocol?.kind === 'team'
            ? (protocol.tasks_per_participant ?? null)
            : protocol?.kind === 'slack'
              ? (protocol.queries_per_participant ?? null)
              : null,
        tasks:
          protocol?.kind === 'team'
            ? (protocol.tasks ?? null)
            : protocol?.kind === 'slack'
              ? (protocol.queries ?? null)
              : null,
        versions: protocol?.kind === 'team' ? (protocol.versions ?? null) : null,
        label_tests: labelTests,
        note: loaded.ok
          ? null
          : `no protocol could be read: ${loaded.problems.map(describeProblem).join('; ')}`,
      },
    ],
  };
}
