import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describeProblem } from '../../shared/problems.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { slackProtocolSchema, teamProtocolSchema, type PackContent, type StudyProtocol } from '../../shared/study/protocol.js';
import { checkProtocol } from '../../shared/study/protocolCheck.js';
import { taskVersionNames } from '../../shared/study/model.js';
import { STUDY_MANIFEST_FILE } from '../../shared/studies/manifest.js';
import type { AppServices } from '../app/appServices.js';
import { readYamlFile } from '../packs/readYaml.js';
import { loadTeamPack, taskFilesOf } from '../team/pack/loadPack.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';

/** What the study service needs of a study's protocol. */
export interface StudyProtocolSource {
  studyKey: string;
  studyId: string;
  title: string;
  protocol: StudyProtocol;
  content: PackContent;
  studyVersion: string;
}

// STAND-IN until main/studies/protocolLoad.ts (helper "protocol") lands: reads `protocol:` from study.yaml with the
// shared schema, the pack's content, and a content hash of study.yaml and the files it names.
const manifestWithProtocol = z.looseObject({ id: z.string(), title: z.string(), kind: z.string(), protocol: z.unknown().optional() });

export function loadProtocolSource(s: AppServices, studyKey: string): Result<StudyProtocolSource> {
  const dir = s.library.dirOf(studyKey);
  if (!dir) return fail('not_found', `No study "${studyKey}" in the library.`);
  const label = path.posix.join(path.basename(dir), STUDY_MANIFEST_FILE);
  const manifest = readYamlFile(path.join(dir, STUDY_MANIFEST_FILE), manifestWithProtocol, label);
  if (!manifest.ok) return fail('invalid_pack', manifest.problems.map(describeProblem).join('; '));
  const m = manifest.value;
  if (m.protocol === undefined) return fail('invalid_pack', `${label}: this study has no protocol: add a \`protocol:\` section (studies/FORMAT-study.md).`);
  let protocol: StudyProtocol;
  let content: PackContent;
  const files: string[] = [path.join(dir, STUDY_MANIFEST_FILE)];
  if (m.kind === 'team') {
    const parsed = teamProtocolSchema.safeParse(m.protocol);
    if (!parsed.success) return fail('invalid_pack', `${label} at protocol: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    protocol = { kind: 'team', ...parsed.data };
    const pack = loadTeamPack(dir);
    content = {
      kind: 'team',
      tasks: pack.tasks.map((t) => ({ id: t.task.id, seeds: Object.fromEntries(taskVersionNames.map((v) => [v, t.versions[v].seeds])) as Record<(typeof taskVersionNames)[number], number[]> })),
    };
    files.push(...taskFilesOf(dir).files);
  } else if (m.kind === 'slack') {
    const parsed = slackProtocolSchema.safeParse(m.protocol);
    if (!parsed.success) return fail('invalid_pack', `${label} at protocol: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    protocol = { kind: 'slack', ...parsed.data };
    const study = loadSlackStudy(s.library, studyKey);
    if (!study.ok) return study;
    content = { kind: 'slack', queries: study.value.queries.map((q) => q.id) };
  } else {
    return fail('bad_request', `"${m.title}" is a ${m.kind} study; participants and plans are for team and Slack studies.`);
  }
  const issues = checkProtocol(protocol, content);
  if (issues.length > 0) return fail('invalid_pack', issues.map((i) => `${label} at ${i.path.join('.')}: ${i.message}`).join('; '));
  return ok({ studyKey, studyId: m.id, title: m.title, protocol, content, studyVersion: contentHash(files) });
}

function contentHash(files: readonly string[]): string {
  const h = crypto.createHash('sha256');
  for (const f of files) {
    h.update(path.basename(f)).update('\0');
    h.update(fs.readFileSync(f, 'utf8').replace(/\r\n/g, '\n')).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}
