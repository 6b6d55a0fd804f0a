import { participantStatus } from '../fold.js';
import { plural, SectionBuilder, type Section } from './doc.js';
import type { BundleFacts } from './bundleFacts.js';

const EXCLUDED = [
  ['declined', 'declined consent or {were} screened out', 'consent_declined, or answered with screenedOut'],
  ['withdrawn', 'withdrew', 'participant_withdrawn'],
  ['void', '{were} voided by the experimenter', 'participant_voided'],
  ['abandoned', 'abandoned the visit', 'participant_abandoned'],
] as const;

const RUN_EXCLUSIONS: Record<string, string> = {
  practice: 'practice',
  superseded: 'superseded by a rerun',
  pilot: 'pilot',
  void: 'voided',
  withdrawn: 'of withdrawn participants',
  abandoned: 'of abandoned visits',
};

/** Who took part (from the study logs), where and when (manifest.json), and which runs count (runs.json). */
export function participantsSection(f: BundleFacts): Section {
  const s = new SectionBuilder('Participants');
  const logs = f.studyLogs;
  if (logs.length === 0) {
    s.t(
      'The bundle holds no study log (events/*.jsonl), so how many people enrolled, completed or were excluded is not known. ',
    );
  } else {
    const file = logs.map((l) => l.file).join(', ');
    const all = logs.flatMap((l) => l.state.participants);
    const started = all.filter((p) => p.plan !== null);
    const status = (st: string) => all.filter((p) => participantStatus(p) === st).length;
    s.n(started.length, file, 'participant_started events (participants whose plan was fixed)')
      .t(` ${plural(started.length, 'participant')} enrolled (`)
      .n(all.length, file, 'participant_added events')
      .t(' participant codes issued); ')
      .n(status('finished'), file, 'participants whose plan reached its end (status finished)')
      .t(' completed the study');
    const excluded = EXCLUDED.map(([st, words, field]) => ({ st, n: status(st), words, field })).filter(
      (x) => x.n > 0,
    );
    if (excluded.length === 0)
      s.t(' and none was excluded (no one declined, withdrew, was voided or abandoned the visit)');
    else {
      s.t('; ');
      excluded.forEach((x, i) => {
        if (i > 0) s.t(i === excluded.length - 1 ? ' and ' : ', ');
        s.n(x.n, file, `participants whose status is ${x.st} (${x.field})`).t(
          ` ${x.words.replace('{were}', x.n === 1 ? 'was' : 'were')}`,
        );
      });
    }
    const active = status('active');
    if (active > 0)
      s.t('; ')
        .n(active, file, 'participants whose plan had not ended (status active)')
        .t(` ${active === 1 ? 'was' : 'were'} still in progress when the bundle was written`);
    const erased = logs.reduce((n, l) => n + l.state.erasures.length, 0);
    if (erased > 0)
      s.t('; ')
        .n(erased, file, 'erasure_performed events')
        .t(
          ` ${plural(erased, 'participant was', 'participants were')} erased at their request and appear only as counts`,
        );
    s.t('. ');
    const bad = logs.reduce((n, l) => n + l.state.problems.length, 0);
    if (bad > 0)
      s.n(bad, file, 'events that did not parse').t(
        ' study events could not be read and are not counted above. ',
      );
  }
  const m = f.manifest;
  if (m) {
    s.t('Data were recorded at ')
      .n(m.stations.length, 'manifest.json', 'stations')
      .t(` ${plural(m.stations.length, 'station')}`);
    if (m.time_range)
      s.t(' between ')
        .n(m.time_range.first.slice(0, 10), 'manifest.json', 'time_range.first')
        .t(' and ')
        .n(m.time_range.last.slice(0, 10), 'manifest.json', 'time_range.last');
    if (m.merged_from.length > 0)
      s.t(' (').n(m.merged_from.length, 'manifest.json', 'merged_from').t(' station bundles merged)');
    s.t('. ');
  }
  const runs = f.runs;
  if (!runs) s.t('The bundle has no runs.json, so which runs count is not known.');
  else if (runs.length === 0) s.t('No run was recorded.');
  else {
    const counted = runs.filter((r) => r.counted).length;
    s.t('Of ')
      .n(runs.length, 'runs.json', '[] (every record)')
      .t(` ${plural(runs.length, 'run')}, `)
      .n(counted, 'runs.json', 'records with counted = true')
      .t(' counted');
    const reasons = new Map<string, number>();
    for (const r of runs)
      if (!r.counted)
        reasons.set(r.exclusion ?? 'unfinished', (reasons.get(r.exclusion ?? 'unfinished') ?? 0) + 1);
    if (reasons.size) {
      s.t('; not counted: ');
      [...reasons]
        .sort(([a], [b]) => a.localeCompare(b))
        .forEach(([why, n], i) => {
          if (i > 0) s.t(', ');
          s.n(
            n,
            'runs.json',
            why === 'unfinished'
              ? 'records with counted = false and exclusion = null (never ended)'
              : `records with exclusion = "${why}"`,
          ).t(` ${RUN_EXCLUSIONS[why] ?? (why === 'unfinished' ? 'never ended' : why)}`);
        });
    }
    s.t('.');
  }
  return s.done();
}
