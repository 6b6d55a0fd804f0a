import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../shared/problems.js';
import { formatPath } from '../../shared/problems.js';
import { protocolOf, STUDY_MANIFEST_FILE, studyManifestSchema, type StudyManifest } from '../../shared/studies/manifest.js';
import type { StudyProtocol } from '../../shared/study/protocol.js';
import { checkProtocol } from '../../shared/study/protocolCheck.js';
import { readYamlFile } from '../packs/readYaml.js';
import { readPackText } from '../packs/readPackText.js';
import { locate, parseLocated, parsePath } from '../team/pack/yamlLocation.js';
import { readStudyContent, type StudyContent } from './kinds.js';
import { readStudyPanel } from '../judge/studyPanel.js';
import { partnerProblems } from '../../shared/team/partners/partnersSchema.js';

export interface StudyPackCheck {
  manifest: StudyManifest | null;
  content: StudyContent | null;
  protocol: StudyProtocol | null;
  /** Every problem of the pack, each naming the file, the line where known, the path inside it and what is expected. */
  problems: Problem[];
}

/**
 * The one check of a study pack, used by the library and by `npm run validate-pack` so they always agree: the
 * manifest, the content it names (every team task fully loaded) and the protocol against that content.
 * `label` is how the pack folder is named in problems (the library: the folder name; the CLI: a path from cwd).
 */
export function validateStudyPack(dir: string, label = path.basename(dir)): StudyPackCheck {
  const manifestFile = path.join(dir, STUDY_MANIFEST_FILE);
  const manifestLabel = path.posix.join(label, STUDY_MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) {
    return {
      manifest: null,
      content: null,
      protocol: null,
      problems: [{ file: manifestLabel, path: '', message: 'no study.yaml: every study pack needs one (see studies/FORMAT-study.md)' }],
    };
  }
  const read = readYamlFile(manifestFile, studyManifestSchema, manifestLabel);
  if (!read.ok) {
    // Lines for the problems, from a manifest small enough to have been read at all.
    const text = readPackText(manifestFile);
    const located = parseLocated(text.ok ? text.text : '');
    return { manifest: null, content: null, protocol: null, problems: byLine(read.problems.flatMap((p) => unknownFields(p, located))) };
  }
  const manifest = read.value;
  const content = readStudyContent(dir, manifest, label);
  const protocol = protocolOf(manifest);
  // The judge panel's prompt file: an unknown placeholder is a load error naming the file and line.
  const problems = [...content.problems, ...(manifest.labeller ? readStudyPanel(dir, label).problems : [])];
  // A live partner naming a `models:` entry the study lacks (issue 14): the line of the name.
  for (const issue of partnerProblems(manifest.partners, manifest.models)) {
    const line = locate(parseLocated(fs.readFileSync(manifestFile, 'utf8')), issue.path)?.line;
    problems.push({ file: manifestLabel, path: formatPath(issue.path), message: issue.message, ...(line ? { line } : {}) });
  }
  // A protocol is checked against content that loaded cleanly; otherwise every task it names would look missing.
  if (protocol && content.pack && content.problems.length === 0) {
    const issues = checkProtocol(protocol, content.pack);
    if (issues.length > 0) {
      const located = parseLocated(fs.readFileSync(manifestFile, 'utf8'));
      for (const issue of issues) {
        const line = locate(located, issue.path)?.line;
        problems.push({ file: manifestLabel, path: formatPath(issue.path), message: issue.message, ...(line ? { line } : {}) });
      }
    }
  }
  return { manifest, content, protocol, problems: byLine(problems) };
}

/** Problems of one file in line order (zod reports in schema order, a reader reads top to bottom). */
function byLine(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.file === b.p.file ? (a.p.line ?? 0) - (b.p.line ?? 0) || a.i - b.i : 0))
    .map(({ p }) => p);
}

/** zod names unknown fields on their parent; point at each field's own line instead, so a typo is easy to find. */
function unknownFields(p: Problem, located: ReturnType<typeof parseLocated>): Problem[] {
  const m = /^Unrecognized keys?: (.*)$/.exec(p.message);
  if (!m?.[1]) return [p];
  const parent = p.path === '' ? [] : parsePath(p.path);
  return [...m[1].matchAll(/"([^"]*)"/g)].map(([, key = '']) => {
    const line = locate(located, [...parent, key])?.line ?? p.line;
    return { file: p.file, path: formatPath([...parent, key]), message: 'unknown field (see studies/FORMAT-study.md)', ...(line ? { line } : {}) };
  });
}

/** `file:line path: message`, the form every pack problem is printed in. */
export function formatProblem(p: Problem): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ''} ${p.path || '(file)'}: ${p.message}`;
}
