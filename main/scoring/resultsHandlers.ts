import path from 'node:path';
import type { resultsMethods } from '../../shared/contract/results.js';
import { fail, ok } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { PyodideTestRunner } from '../pyodide/testRunner.js';
import { resultsWriterOf } from '../study/handlers.js';
import { slackResults } from './slackResults.js';
import { teamResults } from './teamResults.js';
import type { HiddenTestRunner } from './recheck.js';

/**
 * The Results screen's one method (experimenter scope: main/access/policy.ts lists it for no link). Team studies are
 * read from results/<study id>/ once the results writer has caught up, so the screen shows what final_results.json holds.
 */
export function setupResultsHandlers(s: AppServices): Pick<AppHandlers, keyof typeof resultsMethods> {
  let python: PyodideTestRunner | null = null;
  s.closers.push(() => python?.dispose());
  // Hidden tests of a re-check run in their own fresh interpreter, as the session runner's final check does.
  const runTests: HiddenTestRunner = async (files, testPath, testText) => {
    python ??= new PyodideTestRunner();
    const run = await python.run({ files, tests: { [testPath]: testText }, fresh: true, sessionKey: 'recheck' });
    return run.ok ? run.value : { status: 'crashed', passed: 0, failed: 0, errors: 1 };
  };
  return {
    studyResults: async ({ studyKey, recheck }) => {
      const study = s.library.open(studyKey);
      if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
      if (study.kind === 'slack') return ok(slackResults(s, studyKey, study.title));
      if (study.kind !== 'team') return fail('bad_request', `${study.title} is a ${study.kind ?? 'unknown'} study; results are shown for team and Slack studies.`);
      if (!study.id) return fail('invalid_pack', `${study.title} has no id, so it has no results folder.`);
      await resultsWriterOf(s)?.idle();
      return teamResults(s, studyKey, study.title, path.join(s.options.dataDir, 'results', study.id), { recheck: recheck ?? false, runTests });
    },
  };
}
