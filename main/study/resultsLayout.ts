import crypto from 'node:crypto';
import type { ExclusionReason } from '../../shared/study/model.js';
import { exclusionOf, findRun, type StudyState } from '../../shared/study/fold.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import type { Result } from '../../shared/result.js';
import { teamTranscriptFromLog } from '../team/exportRun.js';
import { findTeamTask } from '../team/taskSource.js';
import type { LoadedTask } from '../team/pack/loadTask.js';
import { slackJobFiles } from '../slackSeat/exportJobs.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';
import type { RunState } from '../slackSeat/runLog.js';
import type { RunSession } from './runSessions.js';
import { isModelParticipant } from '../modelSeat/modelLog.js';

/** What the writer wrote last, per file (relative to results/<study id>/): which runs it holds, at which log position. */
export interface ManifestEntry {
  runs: string[];
  rev: string;
  /** Team transcripts: the file's path in the counted layout, so a move never needs the pack again. */
  base?: string;
}
export interface Manifest {
  studyKey: string;
  files: Record<string, ManifestEntry>;
}

export type Desired = { rel: string; entry: ManifestEntry } & ({ content: string } | { from: string });

export interface RunPlacement {
  runId: string;
  seat: 'team' | 'slack';
  code: string;
  /** null: counted, in transcripts/ or slack/. */
  reason: ExclusionReason | null;
}

/**
 * Counted runs in the benchmark layout; anything else under excluded/<reason>/<run id>/, a benchmark root of its own
 * (`excluded/void/<run id>/transcripts/…/<version>_seed<k>.json`), so the benchmark's tooling reads an excluded run
 * as it reads a counted one, and two attempts of one cell never share a name.
 */
export function placeTranscript(reason: ExclusionReason | null, base: string, runId: string): string {
  return reason === null ? base : excludedRoot(reason, runId) + base;
}

/** The folder an excluded run is the benchmark root of (results/<study id>/ relative), ending in '/'. */
export const excludedRoot = (reason: string, runId: string) => `excluded/${reason}/${runId}/`;

export const slackJobDir = (reason: ExclusionReason | null, code: string) =>
  reason === null ? `slack/human_${code}` : `excluded/${reason}/slack/human_${code}`;

/** Whether a run counts, and under which code: runs no study event links to a plan cell are the experimenter's pilots. */
export function placeRun(state: StudyState, run: RunSession): RunPlacement {
  const link = findRun(state, run.session.id);
  if (!link) return { runId: run.session.id, seat: run.seat, code: run.session.participant, reason: 'pilot' };
  return { runId: run.session.id, seat: run.seat, code: link.participant.code, reason: exclusionOf(link.participant, link.run) };
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The files results/<study id>/ must hold, from the study log's fold and the runs' own logs. A team transcript whose
 * run has not changed since it was written is moved, not rebuilt; everything else is built from the log.
 */
export function deriveLayout(a: {
  library: StudyLibrary;
  studyKey: string;
  state: StudyState;
  runs: readonly RunSession[];
  old: Manifest;
  appVersion: string;
  /** Whether a file is on disk now: a transcript is moved only when its earlier file is still there. */
  exists: (rel: string) => boolean;
  /** Reading a pack is the slow part of a pass (a library lookup scans every pack): the writer keeps them briefly. */
  memo: <T>(key: string, load: () => T) => T;
}): { desired: Desired[]; placements: RunPlacement[]; problems: string[] } {
  const desired: Desired[] = [];
  const problems: string[] = [];
  const placements: RunPlacement[] = [];
  const written = new Map(Object.entries(a.old.files).filter(([, e]) => e.runs.length === 1 && e.base).map(([rel, e]) => [e.runs[0]!, { rel, e }]));
  const slackJobs = new Map<string, { reason: ExclusionReason | null; code: string; runs: RunState[] }>();
  const findTask = (studyKey: string, taskId: string): Result<LoadedTask> => a.memo(`task\0${studyKey}\0${taskId}`, () => findTeamTask(a.library, studyKey, taskId));

  for (const run of a.runs) {
    if (run.ended === null) continue;
    // A model's runs are written under its own folder by main/modelSeat/modelResults.ts, never as a pilot.
    if (isModelParticipant(run.session.participant)) continue;
    const place = placeRun(a.state, run);
    placements.push(place);
    if (run.seat === 'slack') {
      const key = `${place.reason ?? ''}|${place.code}`;
      const job = slackJobs.get(key) ?? { reason: place.reason, code: place.code, runs: [] };
      job.runs.push(run.run);
      slackJobs.set(key, job);
      continue;
    }
    const before = written.get(run.session.id);
    if (before && before.e.rev === run.rev && before.e.base) {
      const rel = placeTranscript(place.reason, before.e.base, run.session.id);
      if (a.exists(before.rel) || (rel !== before.rel && a.exists(rel) && !a.old.files[rel])) {
        desired.push({ rel, entry: before.e, from: before.rel });
        continue;
      }
    }
    const built = teamTranscriptFromLog(a.library, run.session, run.stored, place.code, findTask);
    if (!built.ok) {
      problems.push(`run ${run.session.id}: ${built.error.message}`);
      continue;
    }
    const rel = placeTranscript(place.reason, built.value.rel, run.session.id);
    desired.push({ rel, entry: { runs: [run.session.id], rev: run.rev, base: built.value.rel }, content: built.value.content });
  }

  if (slackJobs.size > 0) {
    const study = a.memo(`slack\0${a.studyKey}`, () => loadSlackStudy(a.library, a.studyKey));
    if (!study.ok) problems.push(`Slack trials of ${a.studyKey} not written: ${study.error.message}`);
    else {
      for (const job of slackJobs.values()) {
        const files = slackJobFiles(study.value, job.code, job.runs, a.appVersion);
        if (!files.ok) {
          problems.push(`Slack job of ${job.code}: ${files.error.message}`);
          continue;
        }
        const runs = job.runs.map((r) => r.runId);
        for (const [rel, content] of Object.entries(files.value)) {
          desired.push({ rel: `${slackJobDir(job.reason, job.code)}/${rel}`, entry: { runs, rev: sha(content) }, content });
        }
      }
    }
  }
  return { desired, placements, problems };
}
