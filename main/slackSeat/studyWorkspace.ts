import { fail, ok, type Result } from '../../shared/result.js';
import type { SlackQuery } from '../../shared/judge/query.js';
import { insideStudy, type SlackStudy } from './slackStudy.js';
import { studyWorkspaceId } from './workspaceFiles.js';
import type { ImportTarget } from './workspaces.js';

/** The workspace a study (or one of its queries) is browsed in: the export, or the export with the query's variant. */
export function studyImportTarget(study: SlackStudy, query?: SlackQuery): Result<ImportTarget> {
  const variant = query?.variant ?? null;
  const base: ImportTarget = {
    workspaceId: studyWorkspaceId(study.id, variant),
    title: variant ? `${study.title} (${variant})` : study.title,
    origin: 'study',
    studyKey: study.key,
    variant,
    source: study.exportPath,
  };
  if (!variant) return ok(base);
  const variantDir = insideStudy(study.dir, variant);
  if (!variantDir) return fail('invalid_pack', `The variant "${variant}" of query ${query?.id} is outside the study folder.`);
  return ok({ ...base, variantDir });
}
