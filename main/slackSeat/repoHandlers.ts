import { fail, ok, type Result } from '../../shared/result.js';
import type { BenchmarkTool } from '../../shared/harbor/tools.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { StudyDocuments } from './documents.js';
import { StudyRepository } from './repository.js';
import { head } from './resultHeads.js';
import type { SlackRuns } from './runs.js';
import { loadSlackStudy, type SlackStudy } from './slackStudy.js';

type RepoMethods = 'slackStudyResources' | 'slackRepoTree' | 'slackRepoFile' | 'slackRepoCommits' | 'slackRepoCommit' | 'slackRepoSearch' | 'slackDocument';

/**
 * The study's linked repository and documents. Recorded in a run under GitHub's tool names, with the repository
 * named `<study id>/<repo name>` (documents as the `docs` repository), as an agent with a GitHub server would see them.
 */
export function setupRepoHandlers(s: AppServices, runs: SlackRuns): Pick<AppHandlers, RepoMethods> {
  const repos = new Map<string, StudyRepository>();
  const repoOf = (study: SlackStudy): Result<StudyRepository> => {
    if (!study.repoDir) return fail('not_found', `The study "${study.title}" has no linked repository.`);
    const cached = repos.get(study.repoDir) ?? new StudyRepository(study.repoDir);
    repos.set(study.repoDir, cached);
    return ok(cached);
  };

  async function call<T>(
    a: { studyKey: string; runId?: string },
    tool: BenchmarkTool,
    args: (study: SlackStudy) => Record<string, unknown>,
    answer: (study: SlackStudy) => Promise<Result<T>> | Result<T>,
    resultHead: (value: T) => string,
  ): Promise<Result<T>> {
    if (a.runId) {
      const gate = runs.gate(a.runId, { studyKey: a.studyKey });
      if (!gate.ok) return gate;
    }
    const study = loadSlackStudy(s.library, a.studyKey);
    if (!study.ok) return study;
    const value = await answer(study.value);
    if (!value.ok) return value;
    if (a.runId) runs.record(a.runId, { tool, arguments: args(study.value), resultHead: resultHead(value.value) });
    return value;
  }
  const named = (study: SlackStudy) => ({ owner: study.id, repo: study.repoDir ? new StudyRepository(study.repoDir).name() : 'repo' });
  const inRepo = <T>(study: SlackStudy, run: (r: StudyRepository) => Promise<Result<T>>) => {
    const r = repoOf(study);
    return r.ok ? run(r.value) : Promise.resolve(r);
  };

  return {
    slackStudyResources: async ({ studyKey }) => {
      const study = loadSlackStudy(s.library, studyKey);
      if (!study.ok) return study;
      const r = study.value.repoDir ? repoOf(study.value) : null;
      const repository = r?.ok ? { name: r.value.name(), headOid: await r.value.head(), branch: await r.value.branch() } : null;
      const documents = study.value.docsDir ? new StudyDocuments(study.value.docsDir).list() : [];
      return ok({ repository, documents });
    },
    slackRepoTree: (a) =>
      call(a, 'get_file_contents', (st) => ({ ...named(st), path: a.path }), (st) => inRepo(st, (r) => r.tree(a.path)), (entries) =>
        head(entries.map((e) => (e.type === 'dir' ? `${e.name}/` : e.name)).join('\n')),
      ),
    slackRepoFile: (a) =>
      call(
        a,
        'get_file_contents',
        (st) => ({ ...named(st), path: a.path, ...(a.oid ? { ref: a.oid } : {}) }),
        (st) => inRepo(st, (r) => r.file(a.path, a.oid)),
        (f) => head(f.text ?? `(binary file, ${f.size} bytes)`),
      ),
    slackRepoCommits: (a) =>
      call(
        a,
        'list_commits',
        (st) => ({ ...named(st), ...(a.path ? { path: a.path } : {}), perPage: a.limit ?? 100 }),
        (st) => inRepo(st, (r) => r.commits(a.path, a.limit)),
        (list) => head(list.map((c) => `${c.shortOid} ${c.message.split('\n')[0]}`).join('\n')),
      ),
    slackRepoCommit: (a) =>
      call(
        a,
        'list_commits',
        (st) => ({ ...named(st), sha: a.oid, perPage: 1 }),
        (st) => inRepo(st, (r) => r.commit(a.oid)),
        (c) => head(`${c.shortOid} ${c.message}\n${c.files.map((f) => `${f.change} ${f.path}`).join('\n')}`),
      ),
    slackRepoSearch: (a) =>
      call(
        a,
        'search_code',
        (st) => ({ q: `${a.query} repo:${named(st).owner}/${named(st).repo}` }),
        (st) => inRepo(st, async (r) => ok(await r.search(a.query))),
        (hits) => head(`${hits.length} results\n${hits.map((h) => `${h.path}:${h.line}: ${h.text.trim()}`).join('\n')}`),
      ),
    slackDocument: (a) =>
      call(
        a,
        'get_file_contents',
        (st) => ({ owner: st.id, repo: 'docs', path: a.path }),
        (st) => (st.docsDir ? new StudyDocuments(st.docsDir).read(a.path) : fail('not_found', `The study "${st.title}" has no documents.`)),
        (d) => head(d.text),
      ),
  };
}
