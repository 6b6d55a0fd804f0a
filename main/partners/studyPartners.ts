import path from 'node:path';
import type { AppServices } from '../app/appServices.js';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import { partnerPlan } from '../../shared/team/partners/partnersSchema.js';
import { readYamlFile } from '../packs/readYaml.js';
import { createLivePartners, type LivePartners, type LivePlan } from './livePartners.js';

/**
 * The live partners of one session of a team study: the version's partner seats its `partners:` section plays by an
 * endpoint. Null when none is (no section, `live: false`, no endpoint): the pack's scripted partners, as before.
 * Settings → "Let study partners call their endpoints" must also be on (checked at each message).
 * Read when the session is built (started or reopened), so a session keeps the partners it started with while the
 * app runs. A study file that does not load plays scripted and says so in the app log.
 */
export function studyPartners(s: Pick<AppServices, 'library' | 'log' | 'settings'>, studyKey: string, task: ResolvedTask, env: NodeJS.ProcessEnv = process.env): LivePartners | null {
  const dir = s.library.dirOf(studyKey);
  if (!dir) return null;
  const read = readYamlFile(path.join(dir, STUDY_MANIFEST_FILE), studyManifestSchema, path.posix.join(path.basename(dir), STUDY_MANIFEST_FILE));
  if (!read.ok) {
    s.log.warn('live partners not used: the study file does not load', { studyKey, problem: read.problems[0]?.message });
    return null;
  }
  const section = read.value.partners;
  if (!section) return null;
  const plans = new Map<string, LivePlan>();
  for (const seat of task.seats) {
    if (seat.kind !== 'partner') continue;
    const plan = partnerPlan(section, read.value.models, seat.name);
    if (plan.live) plans.set(seat.name, plan);
  }
  // Settings decide at each message, as for judge panels: off, the partners answer by their script, offline.
  return plans.size > 0 ? createLivePartners(plans, env, () => s.settings.get().livePartners) : null;
}
