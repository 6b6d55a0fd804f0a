import fs from 'node:fs';
import path from 'node:path';
import { EnrolmentMap } from '../study/enrolmentMap.js';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { GradingRule } from '../../shared/judge/grades.js';
import { slackGradingOf } from '../slackSeat/slackStudy.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { findRun, foldStudy, type StudyState } from '../../shared/study/fold.js';
import type { ExclusionReason } from '../../shared/study/model.js';
import type { AppServices } from '../app/appServices.js';
import { runSessionsOf, type RunSession } from '../study/runSessions.js';
import { excludedRoot, placeRun } from '../study/resultsLayout.js';
import { studyLogKey, STUDY_LOG_TASK } from '../study/studyLog.js';
import { stationId } from '../study/station.js';
import { hostPathMapper } from './hostPaths.js';
import { studyDesign } from '../scoring/studyDesign.js';
import type { Design } from '../../shared/team/export/resultTypes.js';
import { auditBundlePart } from '../audit/auditTable.js';
import type { StudyFacts } from '../../shared/study/methods/studyFacts.js';
import { collectStudyFacts } from './studyFacts.js';

/** One run as the bundle lists it (runs.json, runs.csv): where it sits in the plan and whether it counts. */
export interface BundleRun {
  run_id: string;
  seat: 'team' | 'slack';
  participant: string;
  participant_id: string | null;
  cell: string | null;
  attempt: number | null;
  practice: boolean;
  counted: boolean;
  exclusion: ExclusionReason | null;
  /** The study version (pack content hash) of the participant's plan; null for a pilot no plan links. */
  study_version: string | null;
  task: string;
  version: string | null;
  seed: number | null;
  started_at: string;
  ended_how: string | null;
  /** The run's file(s) under results/ in the bundle. */
  files: string[];
}

/** Everything a bundle is made of, read from the app (the event log and the results folder) before any writing. */
export interface BundleSource {
  appVersion: string;
  studyKey: string;
  studyId: string;
  stationId: string;
  design: Design;
  /** A Slack study's grading rule (study.yaml `grading:`): which grade of an answer counts. One grader when absent. */
  grading?: GradingRule;
  /** Names the study asks to look for in free text (redact-names.txt in the pack, one a line). */
  names: string[];
  /**
   * The recruitment-platform ids that enrolled in this study (main/study/enrolmentMap.ts). They are never written
   * into a bundle by the app; the scan looks for them anyway (a participant may type theirs into an answer).
   */
  platformIds: string[];
  state: StudyState;
  /** Every session's events: the study log and each run, demo sessions left out. */
  sessions: Array<{
    id: string;
    taskId: string;
    participant: string;
    createdAt: string;
    events: StoredEvent[];
  }>;
  runs: BundleRun[];
  /** results/<study id>/ files by path relative to it (hidden writer files left out). */
  results: Map<string, Buffer>;
  /** The label audit's rows (tables/audit.csv, issue 27); its sessions are among `sessions`. */
  audit?: Array<Record<string, string | number | boolean | null>>;
  /** study.json: the pack's ordering and the labeller's measured accuracy, for the methods paragraph (issue 28). */
  studyFacts?: StudyFacts;
}

export const NAMES_FILE = 'redact-names.txt';

/** Demo sessions (the quick seat, replays) live under `demo:` keys or a `demo` participant: never in a bundle. */
const isDemo = (s: { studyKey: string; participant: string }) =>
  s.studyKey.startsWith('demo:') || s.participant === 'demo';

function readTree(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string, rel: string) => {
    if (!fs.existsSync(dir)) return;
    for (const d of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      if (d.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(path.join(dir, d.name), r);
      else if (d.isFile()) out.set(r, fs.readFileSync(path.join(dir, d.name)));
    }
  };
  walk(root, '');
  return out;
}

function filesOf(
  run: RunSession,
  code: string,
  exclusion: ExclusionReason | null,
  results: Map<string, Buffer>,
): string[] {
  const paths = [...results.keys()];
  if (run.seat === 'slack') {
    const job = exclusion === null ? `slack/human_${code}/` : `excluded/${exclusion}/slack/human_${code}/`;
    const prefix = `${job}${run.run.started.queryId}__${run.session.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}/`;
    return paths.filter((p) => p.startsWith(prefix));
  }
  // An excluded team run is a benchmark root of its own, named by its run id.
  if (exclusion !== null) return paths.filter((p) => p.startsWith(excludedRoot(exclusion, run.session.id)));
  const tail = `/${run.session.taskId}/human_${code}/${run.version}_seed${run.seed}.json`;
  return paths.filter((p) => p.startsWith('transcripts/') && p.endsWith(tail));
}

export function readNames(packDir: string | undefined): string[] {
  if (!packDir) return [];
  const file = path.join(packDir, NAMES_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const TEXT_FILE = /\.(json|jsonl|csv|txt|md|log|yaml|yml)$/i;

/**
 * Events as a bundle carries them: host paths relative to the data folder, and an erasure's audit as counts (audits
 * written before issue 24 listed the removed files, whose names carry the erased participant's code).
 */
function exported(events: readonly StoredEvent[], hostPaths: ReturnType<typeof hostPathMapper>): StoredEvent[] {
  return events.map((e) => {
    let payload = hostPaths.value(e.payload);
    if (e.kind === 'erasure_performed' && payload && typeof payload === 'object') {
      const p = payload as { files?: unknown };
      if (Array.isArray(p.files)) payload = { ...p, files: p.files.length };
    }
    return { ...e, payload };
  });
}

/** Reads a study's log, runs and results folder. Erased participants are already gone from both. */
export function collectBundle(
  s: AppServices,
  studyKey: string,
  extraNames: readonly string[] = [],
): Result<BundleSource> {
  const log = s.database.eventLog;
  if (!log)
    return fail('database', 'The session database cannot be used; see the message on the library screen.');
  const detail = s.library.open(studyKey);
  if (!detail?.id) return fail('not_found', `No study "${studyKey}" in the library.`);
  const hostPaths = hostPathMapper(s.options.dataDir);
  const studyLog = log.listSessions(studyLogKey(studyKey)).find((x) => x.taskId === STUDY_LOG_TASK);
  const studyEvents = studyLog ? exported(log.replay(studyLog.id), hostPaths) : [];
  const state = foldStudy(studyEvents);
  const results = new Map(
    [...readTree(path.join(s.options.dataDir, 'results', detail.id))].map(([rel, content]) => [
      rel,
      TEXT_FILE.test(rel) ? Buffer.from(hostPaths.text(content.toString('utf8'))) : content,
    ]),
  );
  const runSessions = runSessionsOf(log, studyKey)
    .filter((r) => !isDemo(r.session))
    .map((r) => ({ ...r, stored: exported(r.stored, hostPaths) }));
  const runs: BundleRun[] = runSessions.map((r) => {
    const place = placeRun(state, r);
    const link = findRun(state, r.session.id);
    return {
      run_id: r.session.id,
      seat: r.seat,
      participant: place.code,
      participant_id: link?.participant.id ?? null,
      cell: link?.run.cell ?? null,
      attempt: link?.run.attempt ?? null,
      practice: link?.run.practice ?? false,
      counted: place.reason === null && r.ended !== null,
      exclusion: place.reason,
      study_version: link?.participant.plan?.studyVersion ?? null,
      task: r.seat === 'team' ? r.session.taskId : r.run.started.queryId,
      version: r.seat === 'team' ? r.version : null,
      seed: r.seat === 'team' ? r.seed : null,
      started_at: r.session.createdAt,
      ended_how: r.ended,
      files: r.ended === null ? [] : filesOf(r, place.code, place.reason, results),
    };
  });
  const sessions = [
    ...(studyLog
      ? [
          {
            id: studyLog.id,
            taskId: studyLog.taskId,
            participant: studyLog.participant,
            createdAt: studyLog.createdAt,
            events: studyEvents,
          },
        ]
      : []),
    ...runSessions.map((r) => ({
      id: r.session.id,
      taskId: r.session.taskId,
      participant: r.session.participant,
      createdAt: r.session.createdAt,
      events: r.stored,
    })),
  ];
  // The label audit (issue 27): the auditors' logs go to events/ like any session, their labels to tables/audit.csv.
  const audit = detail.kind === 'team' ? auditBundlePart(s, studyKey) : { rows: [], sessions: [] };
  sessions.push(...audit.sessions);
  const station = stationId(s.options.dataDir);
  return ok({
    audit: audit.rows,
    studyFacts: collectStudyFacts(s, studyKey, detail.dir, station),
    appVersion: s.options.version,
    studyKey,
    studyId: detail.id,
    stationId: station,
    design: detail.kind === 'team' ? studyDesign(detail.dir).design : 'within',
    ...(detail.kind === 'slack' ? { grading: slackGradingOf(s, studyKey) } : {}),
    names: [...readNames(detail.dir), ...extraNames],
    platformIds: [...new EnrolmentMap(s.options.dataDir).visits(studyKey).keys()],
    state,
    sessions,
    runs,
    results,
  });
}
