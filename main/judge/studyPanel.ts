import path from 'node:path';
import type { Problem } from '../../shared/problems.js';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import { panelOf } from '../../shared/team/console/consoleSchema.js';
import { defaultLabelTemplate, parsePromptTemplate, type JudgePanelConfig, type PromptTemplate } from '../../shared/team/labeller/index.js';
import { resolvePackFile } from '../packs/insidePack.js';
import { readPackText } from '../packs/readPackText.js';
import { readYamlFile } from '../packs/readYaml.js';

export interface StudyPanel {
  config: JudgePanelConfig;
  template: PromptTemplate;
}

/**
 * A study's judge panel from its `labeller:` section and prompt file, or null when it has none. A prompt file that
 * is missing, outside the study or has an unknown placeholder is a problem naming the file (and line).
 * `label` names the study folder in problems, as the library does.
 */
export function readStudyPanel(dir: string, label = path.basename(dir)): { panel: StudyPanel | null; problems: Problem[] } {
  const read = readYamlFile(path.join(dir, STUDY_MANIFEST_FILE), studyManifestSchema, path.posix.join(label, STUDY_MANIFEST_FILE));
  // A manifest that does not load is reported by the study check itself.
  // An experimenter console's section holds its fallback panel under `panel:` (issue 14).
  const config = read.ok ? panelOf(read.value.labeller) : null;
  if (!config) return { panel: null, problems: [] };
  if (!config.prompt) return { panel: { config, template: defaultLabelTemplate }, problems: [] };
  const file = path.posix.join(label, config.prompt);
  const found = resolvePackFile(dir, dir, config.prompt, 'file');
  if (!found.ok) return { panel: null, problems: [{ file: path.posix.join(label, STUDY_MANIFEST_FILE), path: 'labeller.prompt', message: found.message }] };
  const text = readPackText(found.realPath);
  if (!text.ok) return { panel: null, problems: [{ file, path: '', message: text.message }] };
  const parsed = parsePromptTemplate(text.text, file, config.prompt);
  return parsed.ok ? { panel: { config, template: parsed.template }, problems: [] } : { panel: null, problems: parsed.problems };
}
