import path from 'node:path';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import type { ExperimenterLabellerConfig } from '../../shared/team/console/consoleSchema.js';
import { readYamlFile } from '../packs/readYaml.js';

/** The study's console setting (`labeller: { source: experimenter, … }`), or null when its messages are not labelled by console. */
export function readConsoleConfig(dir: string): ExperimenterLabellerConfig | null {
  const read = readYamlFile(path.join(dir, STUDY_MANIFEST_FILE), studyManifestSchema, path.posix.join(path.basename(dir), STUDY_MANIFEST_FILE));
  // A manifest that does not load is reported by the study check; its sessions label by rules.
  if (!read.ok || read.value.labeller?.source !== 'experimenter') return null;
  return read.value.labeller;
}
