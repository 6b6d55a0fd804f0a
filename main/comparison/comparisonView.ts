import fs from 'node:fs';
import path from 'node:path';
import { ok, fail, type Result } from '../../shared/result.js';
import type { ComparisonSource, ComparisonView } from '../../shared/contract/comparison.js';
import { overlapsOf, type TeamRow } from '../../shared/comparison/rows.js';
import { slackRowOf, SLACKBENCH_HUMAN_ROW, type SlackRow } from '../../shared/comparison/slackRows.js';
import type { QueryCategory } from '../../shared/judge/query.js';
import { DIMENSION_ORDER } from '../../shared/team/export/finalResults.js';
import type { AppServices } from '../app/appServices.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';
import { studyDesign } from '../scoring/studyDesign.js';
import { FINAL_RESULTS_FILE } from '../scoring/scoreFolder.js';
import { importFinalResults, importTranscripts, type ImportedTeam } from './importTeam.js';
import { importHarbor, readHarborTrials } from './importHarbor.js';
import { importedPeopleId } from '../../shared/comparison/figures.js';
import type { ImportCache } from './importCache.js';

/** The synthetic fixture shipped with the app (studies/comparison-fixture/, see its PROVENANCE.md). */
export const fixtureDir = (appRoot: string) => path.join(appRoot, 'studies', 'comparison-fixture');
const POOLED = 'human:all';

export interface ComparisonInputs {
  appRoot: string;
  /** results/<study id>/ of the study (may not exist yet). */
  resultsDir: string;
  title: string;
  studyKey: string;
  design: 'within' | 'between';
  /** Query id → category, for the study's own Slack trials. */
  categories: ReadonlyMap<string, QueryCategory>;
  sources: readonly ComparisonSource[];
  fixture: boolean;
  /** Added final_results.json files already read and unchanged since (none: every file is read). */
  imports?: ImportCache;
}

/** The study's rows from its own results folder: people (source study) and models run in Teamseat's seat (modelseat). */
function studyTeamRows(i: ComparisonInputs): ImportedTeam | null {
  const written = path.join(i.resultsDir, FINAL_RESULTS_FILE);
  if (!fs.existsSync(path.join(i.resultsDir, 'transcripts'))) return null;
  const read = fs.existsSync(written)
    ? importFinalResults(written, { source: { kind: 'study', file: written } })
    : importTranscripts(i.resultsDir, 'modelseat', i.design);
  if (!read.ok) return { rows: [], dimensions: [], problems: [read.error.message] };
  const dir = path.join(i.resultsDir, 'transcripts');
  const files = read.value.rows.length;
  return {
    ...read.value,
    rows: read.value.rows.map((r): TeamRow =>
      r.human
        ? { ...r, source: { kind: 'study', file: written } }
        : { ...r, source: { kind: 'modelseat', dir, files } },
    ),
  };
}

/**
 * People in an added final_results.json (an earlier study's) are people from that file: named so (`people
 * (pilot/final_results.json)`), never a second `human:all` beside the study's own (issue 28).
 */
function asImportedPeople(read: Result<ImportedTeam>, file: string): Result<ImportedTeam> {
  if (!read.ok) return read;
  const name = path.join(path.basename(path.dirname(file)), path.basename(file));
  return ok({
    ...read.value,
    rows: read.value.rows.map((r) => (r.human ? { ...r, id: importedPeopleId(r.id, name) } : r)),
  });
}

/** Builds the comparison from files only (the handler and the bench call this). */
export function buildComparison(i: ComparisonInputs): ComparisonView {
  const problems: string[] = [];
  const missing: string[] = [];
  const warnings: string[] = [];
  const team: TeamRow[] = [];
  const dims = new Set<string>();
  const slack: SlackRow[] = [];
  const addTeam = (r: Result<ImportedTeam> | ImportedTeam | null) => {
    if (!r) return;
    if ('ok' in r) {
      if (!r.ok) return void problems.push(r.error.message);
      r = r.value;
    }
    team.push(...r.rows);
    r.dimensions.forEach((d) => dims.add(d));
    problems.push(...r.problems);
    missing.push(...(r.missing ?? []));
    warnings.push(...(r.warnings ?? []));
  };

  addTeam(studyTeamRows(i));
  const slackDir = path.join(i.resultsDir, 'slack');
  if (fs.existsSync(slackDir)) {
    const read = readHarborTrials(slackDir, i.categories);
    if (!read.ok) problems.push(read.error.message);
    else {
      problems.push(...read.value.problems);
      if (read.value.trials.length > 0)
        slack.push(
          slackRowOf(`${POOLED} (this study)`, true, { kind: 'study', file: slackDir }, read.value.trials),
        );
    }
  }
  // Models played in Teamseat's seat (main/modelSeat): a Harbor job each under models/<model dir>/slack/, a row each.
  const modelsDir = path.join(i.resultsDir, 'models');
  if (fs.existsSync(modelsDir) && fs.readdirSync(modelsDir).some((m) => fs.existsSync(path.join(modelsDir, m, 'slack')))) {
    const read = importHarbor(modelsDir, i.categories);
    if (!read.ok) problems.push(read.error.message);
    else {
      slack.push(...read.value.rows.map((r) => ({ ...r, source: { kind: 'modelseat' as const, dir: modelsDir, files: r.source.kind === 'harbor' ? r.source.trials : 0 } })));
      problems.push(...read.value.problems);
    }
  }
  for (const src of i.sources) {
    if (src.kind === 'final_results') {
      const read = () => importFinalResults(src.path);
      addTeam(asImportedPeople(i.imports ? i.imports.get(src.path, read) : read(), src.path));
    }
    else if (src.kind === 'transcripts') addTeam(importTranscripts(src.path, 'transcripts'));
    else {
      const read = importHarbor(src.path, i.categories);
      if (!read.ok) problems.push(read.error.message);
      else {
        // The fixture's Slack models added by path keep their SYNTHETIC marking.
        slack.push(...read.value.rows.map((r) => (r.id.startsWith('synthetic/') ? { ...r, synthetic: true } : r)));
        problems.push(...read.value.problems);
      }
    }
  }
  if (i.fixture) {
    const dir = fixtureDir(i.appRoot);
    const file = path.join(dir, 'final_results.json');
    addTeam(
      importFinalResults(file, {
        synthetic: true,
        source: { kind: 'fixture', file: 'studies/comparison-fixture/final_results.json' },
      }),
    );
    const harbor = importHarbor(path.join(dir, 'harbor'));
    if (!harbor.ok) problems.push(harbor.error.message);
    else
      slack.push(
        ...harbor.value.rows.map((r) => ({
          ...r,
          synthetic: true,
          source: { kind: 'fixture' as const, file: 'studies/comparison-fixture/harbor' },
        })),
      );
  }
  if (slack.length > 0 || i.categories.size > 0) slack.unshift(SLACKBENCH_HUMAN_ROW);

  // Two sources may both carry a row with one id (a model in the leaderboard and in its transcripts): both are kept,
  // told apart by their source.
  const human = team.find((r) => r.pooled && r.source.kind === 'study') ?? null;
  const order = [...DIMENSION_ORDER] as string[];
  const dimensions = [...dims].sort(
    (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  return {
    studyKey: i.studyKey,
    title: i.title,
    synthetic: team.some((r) => r.synthetic) || slack.some((r) => r.synthetic),
    team: {
      dimensions,
      rows: team,
      humanId: human?.id ?? null,
      overlaps: human ? overlapsOf(team.filter((r) => !r.human), human) : [],
    },
    slack: { rows: slack },
    problems,
    missing,
    warnings,
  };
}

/** The comparison of a library study: its results folder, its design and (for Slack) its query categories. */
export function comparisonForStudy(
  s: AppServices,
  studyKey: string,
  sources: readonly ComparisonSource[],
  fixture: boolean,
  imports?: ImportCache,
): Result<ComparisonView> {
  const detail = s.library.open(studyKey);
  if (!detail?.id) return fail('not_found', `No study "${studyKey}" in the library.`);
  const categories = new Map<string, QueryCategory>();
  const slackStudy = detail.kind === 'slack' ? loadSlackStudy(s.library, studyKey) : null;
  if (slackStudy?.ok) for (const q of slackStudy.value.queries) categories.set(q.id, q.category);
  return ok(
    buildComparison({
      appRoot: s.options.appRoot,
      resultsDir: path.join(s.options.dataDir, 'results', detail.id),
      title: detail.title ?? detail.id,
      studyKey,
      design: detail.kind === 'team' ? studyDesign(detail.dir).design : 'within',
      categories,
      sources,
      fixture,
      imports,
    }),
  );
}
