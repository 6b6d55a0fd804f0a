import { fail, ok, type Result } from '../../shared/result.js';
import { panelRaters, type PanelRater } from '../../shared/team/labeller/index.js';
import { requestFor, scoreHalf, type HalfMeasure } from '../../shared/team/labelTests/measure.js';
import { labelTestHalves, type LabelTestHalf } from '../../shared/team/labelTests/schema.js';
import type { AppServices } from '../app/appServices.js';
import { createFileSecretStore } from '../secrets/fileSecretStore.js';
import type { SecretStore } from '../secrets/secretStore.js';
import { loadLabelTests } from '../team/pack/loadLabelTests.js';
import { findTeamTask } from '../team/taskSource.js';
import { isPanelRecord } from './panelRecord.js';
import { readStudyPanel } from './studyPanel.js';
import { panelLabellerOf } from './studyLabeller.js';

/** One judge on one half: how many messages it was asked, answered with a label, and got right. */
export interface JudgeScore {
  rater: PanelRater;
  model: string;
  asked: number;
  answered: number;
  correct: number;
}

export interface TaskLabelCheck {
  task: string;
  /** The panel's final labels (its fallback included, as a session would get them), per half. */
  panel: Record<LabelTestHalf, HalfMeasure> | null;
  /** Each judge per half; the third is asked only when the first two disagree (the benchmark's rule). */
  judges: Record<LabelTestHalf, JudgeScore[]> | null;
  /** Why the task was not checked (no label test set). */
  skipped?: string;
}

/**
 * Runs every team task's label test set through the study's judge panel, one message at a time as a session would
 * ask it (the same prompt, raters, give-way rule and fallback), so a lab can check its local judges before its
 * first participant (`npm run label-check -- --study <id>`). Settings must allow panels: no request is sent otherwise.
 */
export async function labelCheckStudy(
  s: AppServices,
  studyKey: string,
  secrets: SecretStore = s.options.secretStore ?? createFileSecretStore(s.options.dataDir),
): Promise<Result<{ prompt: string; tasks: TaskLabelCheck[] }>> {
  const study = s.library.open(studyKey);
  if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
  if (study.kind !== 'team') return fail('bad_request', `"${study.title}" is not a team study.`);
  if (!s.settings.get().judge.panels) {
    return fail('bad_request', 'Judge panels are off in Settings, so no request may be sent: turn on "Let study judge panels call their endpoints" to check the panel.');
  }
  const read = readStudyPanel(study.dir);
  if (!read.panel) {
    const p = read.problems[0];
    return fail('bad_request', `Study ${studyKey} has no judge panel to check: ${p ? `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}` : 'it has no `labeller:` section with referee, second and third'}.`);
  }
  const { config, template } = read.panel;
  const panel = panelLabellerOf(s, studyKey, read.panel, secrets);
  const tasks: TaskLabelCheck[] = [];
  for (const entry of study.tasks) {
    const found = findTeamTask(s.library, studyKey, entry.id);
    if (!found.ok) return found;
    const set = loadLabelTests(study.dir, found.value).set;
    if (!set) {
      tasks.push({ task: entry.id, panel: null, judges: null, skipped: 'no label test set' });
      continue;
    }
    const labels = found.value.versions.manipulation.labels.map((l) => l.id);
    const panelOut = {} as Record<LabelTestHalf, HalfMeasure>;
    const judgesOut = {} as Record<LabelTestHalf, JudgeScore[]>;
    for (const half of labelTestHalves) {
      const given: string[] = [];
      const judges = panelRaters.map((rater): JudgeScore => ({ rater, model: config[rater].model, asked: 0, answered: 0, correct: 0 }));
      for (const m of set[half]) {
        const decision = await panel.label(requestFor(found.value.versions, m));
        given.push(decision.label);
        if (!isPanelRecord(decision.raw)) continue;
        for (const r of decision.raw.panel.raters) {
          const j = judges.find((x) => x.rater === r.rater);
          if (!j || r.status === 'not_asked') continue;
          j.asked++;
          if (r.label !== null) j.answered++;
          if (r.label === m.label) j.correct++;
        }
      }
      panelOut[half] = scoreHalf(labels, set[half].map((m) => m.label), given);
      judgesOut[half] = judges;
    }
    tasks.push({ task: entry.id, panel: panelOut, judges: judgesOut });
  }
  return ok({ prompt: `${template.name} sha256:${template.hash}`, tasks });
}

/** The report's lines: per task the panel's accuracy on each half, then each judge's (held-out first: the half that counts). */
export function labelCheckLines(report: { prompt: string; tasks: TaskLabelCheck[] }): string[] {
  const pct = (c: number, n: number) => (n === 0 ? '—' : `${(c / n).toFixed(2)} (${c}/${n})`);
  const out = [`prompt: ${report.prompt}`];
  for (const t of report.tasks) {
    if (!t.panel || !t.judges) {
      out.push(`${t.task}: ${t.skipped ?? 'not checked'}`);
      continue;
    }
    const h = t.panel.held_out;
    const tr = t.panel.train;
    out.push(`${t.task}: panel held-out ${pct(h.correct, h.n)}, train ${pct(tr.correct, tr.n)}`);
    for (const half of labelTestHalves) {
      const line = t.judges[half].map((j) => `${j.rater} (${j.model}) ${pct(j.correct, j.asked)}${j.answered < j.asked ? `, ${j.asked - j.answered} unanswered` : ''}`).join('; ');
      out.push(`  ${half === 'held_out' ? 'held-out' : 'train'} judges (over the messages each was asked): ${line}`);
    }
  }
  const measured = report.tasks.filter((t) => t.panel && t.panel.held_out.n > 0);
  if (measured.length > 0) {
    const mean = measured.reduce((a, t) => a + t.panel!.held_out.accuracy!, 0) / measured.length;
    out.push(`panel: mean held-out accuracy ${mean.toFixed(2)} over ${measured.length} task${measured.length === 1 ? '' : 's'}`);
  }
  return out;
}
