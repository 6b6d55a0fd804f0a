import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../shared/problems.js';
import { formatPath } from '../../shared/problems.js';
import { protocolOf, STUDY_MANIFEST_FILE, studyManifestSchema, type StudyManifest } from '../../shared/studies/manifest.js';
import type { StudyProtocol } from '../../shared/study/protocol.js';
import { checkProtocol, checkProtocolAlone } from '../../shared/study/protocolCheck.js';
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
    const problems = read.problems.flatMap((p) => unknownFields(p, located));
    // The later stages still run on what the manifest's valid parts say, so one check names every problem (a
    // misspelt field must not hide a broken task file); the pack stays invalid either way.
    const salvaged = text.ok ? salvageManifest(located, read.problems) : null;
    if (salvaged) problems.push(...checkContent(dir, label, manifestFile, manifestLabel, salvaged).problems);
    return { manifest: null, content: null, protocol: null, problems: byLine(problems) };
  }
  const manifest = read.value;
  const { content, protocol, problems } = checkContent(dir, label, manifestFile, manifestLabel, manifest);
  return { manifest, content, protocol, problems: byLine(problems) };
}

/** What a manifest names (tasks, queries, items), its judge panel and partners, and its protocol against them. */
function checkContent(dir: string, label: string, manifestFile: string, manifestLabel: string, manifest: StudyManifest) {
  const content = readStudyContent(dir, manifest, label);
  const protocol = protocolOf(manifest);
  // The judge panel's prompt file: an unknown placeholder is a load error naming the file and line.
  const problems = [...content.problems, ...(manifest.labeller ? readStudyPanel(dir, label).problems : [])];
  const located = () => parseLocated(fs.readFileSync(manifestFile, 'utf8'));
  const place = (issue: { path: (string | number)[]; message: string }, doc: ReturnType<typeof parseLocated>): Problem => {
    const line = locate(doc, issue.path)?.line;
    return { file: manifestLabel, path: formatPath(issue.path), message: issue.message, ...(line ? { line } : {}) };
  };
  // A live partner naming a `models:` entry the study lacks (issue 14): the line of the name.
  const partnerIssues = partnerProblems(manifest.partners, manifest.models);
  if (partnerIssues.length > 0) {
    const doc = located();
    problems.push(...partnerIssues.map((issue) => place(issue, doc)));
  }
  if (protocol && content.pack) {
    // Against content that loaded cleanly, the whole check; otherwise only what does not depend on the content
    // (every task a broken file holds would look missing).
    const issues = content.problems.length === 0 ? checkProtocol(protocol, content.pack) : checkProtocolAlone(protocol);
    if (issues.length > 0) {
      const doc = located();
      problems.push(...issues.map((issue) => place(issue, doc)));
    }
  }
  return { content, protocol, problems };
}

/** Fields whose wrong value is replaced by a stand-in so the stages after the manifest can still run. */
const STAND_INS: Record<string, unknown> = { schema: 'teamseat/study@1', id: 'unnamed', title: 'unnamed' };
/** Fields without which nothing after the manifest can be read. */
const ESSENTIAL = new Set(['kind', 'tasks', 'export', 'queries', 'items']);

/**
 * A manifest that failed its schema, with every field that failed dropped (an optional section), replaced by a stand-in
 * (schema, id, title) or, for the fields that say what to read, given up: null when nothing can be salvaged.
 */
function salvageManifest(located: ReturnType<typeof parseLocated>, problems: Problem[]): StudyManifest | null {
  if (located.doc.errors.length > 0) return null;
  let data: unknown;
  try {
    data = located.doc.toJS();
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields = data as Record<string, unknown>;
  for (const p of problems) {
    const unknown = /^Unrecognized keys?: (.*)$/.exec(p.message);
    const tops = p.path === '' && unknown?.[1] ? [...unknown[1].matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '') : [String(parsePath(p.path)[0] ?? '')];
    for (const top of tops) {
      if (top === '' || ESSENTIAL.has(top)) return null;
      if (top in STAND_INS) fields[top] = STAND_INS[top];
      else delete fields[top];
    }
  }
  const again = studyManifestSchema.safeParse(fields);
  return again.success ? again.data : null;
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
