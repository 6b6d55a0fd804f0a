import fs from 'node:fs';
import path from 'node:path';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import { labelsByRules, type StudyLabellerConfig } from '../../shared/team/console/consoleSchema.js';
import { NOT_VALIDATED } from '../../shared/team/labelTests/measure.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { readYamlFile } from '../packs/readYaml.js';

/** A team study's `labeller:` section, re-read only when study.yaml changes (asked at every start and label). */
const kept = new Map<string, { stamp: string; config: StudyLabellerConfig | undefined }>();
export function readLabellerSection(dir: string): StudyLabellerConfig | undefined {
  const file = path.join(dir, STUDY_MANIFEST_FILE);
  const st = fs.statSync(file, { throwIfNoEntry: false });
  const stamp = st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : '';
  const before = kept.get(dir);
  if (before && before.stamp === stamp) return before.config;
  const read = readYamlFile(file, studyManifestSchema);
  const config = read.ok ? read.value.labeller : undefined;
  kept.set(dir, { stamp, config });
  return config;
}

export interface RulesUse {
  /** The study labels its messages with the tasks' rules alone (no panel, no console). */
  byRules: boolean;
  /** `labeller.accept_unvalidated_rules: true` in study.yaml. */
  accepted: boolean;
  /**
   * Of the tasks asked about, those whose label test set shows their rules are not validated. A task without a set
   * is shown as not validated but not counted here: packs written before sets existed keep running (say so).
   */
  unvalidated: string[];
}

/** How a study would label the given tasks, from its study.yaml and the library's (cached) check of its sets. */
export function rulesUseOf(library: StudyLibrary, studyKey: string, taskIds: readonly string[]): RulesUse | null {
  const study = library.open(studyKey);
  if (!study || study.kind !== 'team') return null;
  const config = readLabellerSection(study.dir);
  const wanted = new Set(taskIds);
  const unvalidated = study.tasks.filter((t) => wanted.has(t.id) && t.rules && t.rules.measured && !t.rules.validated).map((t) => t.id);
  return { byRules: labelsByRules(config), accepted: config?.accept_unvalidated_rules === true, unvalidated };
}

/**
 * Why a counted run of these tasks must not start: the study labels by rules, some task's rules are not validated,
 * and study.yaml does not accept that on purpose. Null when it may start.
 */
export function unvalidatedRulesRefusal(library: StudyLibrary, studyKey: string, taskIds: readonly string[]): string | null {
  const use = rulesUseOf(library, studyKey, taskIds);
  if (!use || !use.byRules || use.accepted || use.unvalidated.length === 0) return null;
  const which = use.unvalidated.length === 1 ? `Task ${use.unvalidated[0]}` : `Tasks ${use.unvalidated.join(', ')}`;
  return `${which}: ${NOT_VALIDATED} (or write labeller: { accept_unvalidated_rules: true } in study.yaml to count rules labels anyway).`;
}
