import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describeProblem } from '../../shared/problems.js';
import { parseQueries, type SlackQuery } from '../../shared/judge/query.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { slackGradingSchema, STUDY_MANIFEST_FILE } from '../../shared/studies/manifest.js';
import { SINGLE_GRADER, type GradingRule } from '../../shared/judge/grades.js';
import { readYamlFile } from '../packs/readYaml.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';

/** Everything main needs of a Slack study, with the full queries (references included: they stay in main). */
export interface SlackStudy {
  key: string;
  id: string;
  title: string;
  dir: string;
  exportPath: string;
  queries: SlackQuery[];
  /** A bare git repository (`repo.git` by default), or null when the study has none. */
  repoDir: string | null;
  /** The documents folder (`docs` by default), or null. */
  docsDir: string | null;
  /** `grading:` of study.yaml: how many people grade each answer, and who settles (one grader when absent). */
  grading: GradingRule;
}

// The library's manifest schema names only export and queries; repository and documents are found by convention,
// and a study may point elsewhere with `repo:` and `docs:` (read here with a loose schema).
const slackManifest = z.looseObject({
  id: z.string(),
  title: z.string(),
  kind: z.literal('slack', { error: 'expected a Slack study (kind: slack)' }),
  export: z.string().min(1),
  queries: z.string().min(1),
  repo: z.string().min(1).optional(),
  docs: z.string().min(1).optional(),
  grading: slackGradingSchema.optional(),
});

/** The folder `rel` inside `dir`, refusing anything that leaves the study folder. */
export function insideStudy(dir: string, rel: string): string | null {
  const full = path.resolve(dir, rel);
  const back = path.relative(dir, full);
  return back === '' || (!back.startsWith('..') && !path.isAbsolute(back)) ? full : null;
}

export function loadSlackStudy(library: StudyLibrary, key: string): Result<SlackStudy> {
  const dir = library.dirOf(key);
  if (!dir) return fail('not_found', `No study "${key}" in the library.`);
  const label = path.posix.join(path.basename(dir), STUDY_MANIFEST_FILE);
  const manifest = readYamlFile(path.join(dir, STUDY_MANIFEST_FILE), slackManifest, label);
  if (!manifest.ok) return fail('invalid_pack', manifest.problems.map(describeProblem).join('; '));
  const m = manifest.value;
  const exportPath = insideStudy(dir, m.export);
  if (!exportPath || !fs.existsSync(exportPath)) return fail('invalid_pack', `${label} at export: no export at ${m.export}`);
  const queriesLabel = path.posix.join(path.basename(dir), m.queries);
  const raw = readYamlFile(path.join(dir, m.queries), z.unknown(), queriesLabel);
  if (!raw.ok) return fail('invalid_pack', raw.problems.map(describeProblem).join('; '));
  const parsed = parseQueries(queriesLabel, raw.value);
  if (!parsed.ok) return fail('invalid_pack', parsed.problems.map(describeProblem).join('; '));
  const optionalDir = (rel: string | undefined, fallback: string) => {
    const full = insideStudy(dir, rel ?? fallback);
    return full && fs.existsSync(full) && fs.statSync(full).isDirectory() ? full : null;
  };
  return ok({
    key,
    id: m.id,
    title: m.title,
    dir,
    exportPath,
    queries: parsed.queries,
    repoDir: optionalDir(m.repo, 'repo.git'),
    docsDir: optionalDir(m.docs, 'docs'),
    grading: { gradersPerAnswer: m.grading?.graders_per_answer ?? 1, thirdGrader: m.grading?.third_grader ?? null },
  });
}

/** The study's grading rule, or one grader per answer when the study cannot be read (its problem is shown elsewhere). */
export function slackGradingOf(s: { library: StudyLibrary }, key: string): GradingRule {
  const study = loadSlackStudy(s.library, key);
  return study.ok ? study.value.grading : SINGLE_GRADER;
}

export function findQuery(study: SlackStudy, queryId: string): Result<SlackQuery> {
  const q = study.queries.find((x) => x.id === queryId);
  return q ? ok(q) : fail('not_found', `Study "${study.title}" has no query "${queryId}".`);
}
