import fs from 'node:fs';
import path from 'node:path';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import type { ExperimenterLabellerConfig } from '../../shared/team/console/consoleSchema.js';
import { readYamlFile } from '../packs/readYaml.js';

/**
 * Each study's setting as last read, with the stat of study.yaml it was read at: every team session reads it once
 * (at its first message), and with twenty participants starting together parsing the YAML each time was a visible
 * share of their first sends (issue 13). A changed file is read again.
 */
const kept = new Map<string, { stamp: string; config: ExperimenterLabellerConfig | null }>();

/** The study's console setting (`labeller: { source: experimenter, … }`), or null when its messages are not labelled by console. */
export function readConsoleConfig(dir: string): ExperimenterLabellerConfig | null {
  let stamp: string | null = null;
  try {
    const st = fs.statSync(path.join(dir, STUDY_MANIFEST_FILE));
    stamp = `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  } catch {
    // No file: read below, which reports nothing (null).
  }
  const before = kept.get(dir);
  if (stamp !== null && before?.stamp === stamp) return before.config;
  const config = readConsoleConfigNow(dir);
  if (stamp !== null) kept.set(dir, { stamp, config });
  return config;
}

function readConsoleConfigNow(dir: string): ExperimenterLabellerConfig | null {
  const read = readYamlFile(path.join(dir, STUDY_MANIFEST_FILE), studyManifestSchema, path.posix.join(path.basename(dir), STUDY_MANIFEST_FILE));
  // A manifest that does not load is reported by the study check; its sessions label by rules.
  if (!read.ok || read.value.labeller?.source !== 'experimenter') return null;
  return read.value.labeller;
}
