import { plural, pct, SectionBuilder, type Section } from './doc.js';
import type { BundleFacts } from './bundleFacts.js';
import { STUDY_FACTS_FILE, type StudyFactsEntry } from './studyFacts.js';

const DESIGN: Record<'within' | 'between', string> = {
  within: 'each person played every version of a scenario: alone, control, manipulation',
  between: 'each person played each of their scenarios in one version, versions balanced across people',
};

const ORDERING: Record<string, string> = {
  fixed: 'in the order the study lists them',
  random: "in an order shuffled by each participant's recorded seed",
  latin_square:
    'in a Williams design (a Latin square balanced for first-order carry-over), one row per participant slot',
};

const LABEL_SOURCE: Record<string, string> = {
  rules: "the task's rules labeller",
  experimenter: 'the experimenter (live console)',
  llm: 'the LLM judge panel',
};

/** The one value every station's study.json entry gives for a field, with its index, or null when they differ. */
function agreed<K extends keyof StudyFactsEntry>(
  entries: StudyFactsEntry[],
  key: K,
): { value: StudyFactsEntry[K]; i: number } | null {
  const first = entries[0];
  if (!first) return null;
  return entries.every((e) => JSON.stringify(e[key]) === JSON.stringify(first[key]))
    ? { value: first[key], i: 0 }
    : null;
}

/** Design, ordering, the tasks and versions played, and the study versions (pack content hashes). */
export function designSection(f: BundleFacts): Section {
  const s = new SectionBuilder('Design and tasks');
  const design = f.manifest?.design;
  if (design)
    s.t('The study used a ')
      .n(design, 'manifest.json', 'design')
      .t(`-participants design (${DESIGN[design]})`);
  else
    s.t(
      'The bundle does not say whether the design was within or between participants (no readable manifest.json)',
    );
  const entries = f.studyFacts?.entries ?? [];
  if (entries.length === 0)
    s.t(
      `. The ordering of tasks is not recorded in this bundle (it has no ${STUDY_FACTS_FILE}; bundles written before issue 28 do not)`,
    );
  else {
    const ordering = agreed(entries, 'ordering');
    if (ordering?.value)
      s.t('. Task order was ')
        .n(ordering.value, STUDY_FACTS_FILE, `entries[${ordering.i}].ordering`)
        .t(` (${ORDERING[ordering.value] ?? ordering.value})`);
    else if (ordering)
      s.t(`. The ordering is not known (${entries[0]!.note ?? 'the study has no protocol'})`);
    else {
      s.t('. The ordering differed between stations: ');
      entries.forEach((e, i) => {
        if (i > 0) s.t('; ');
        s.t(`${e.stations.join(', ')}: `).n(e.ordering ?? 'none', STUDY_FACTS_FILE, `entries[${i}].ordering`);
      });
    }
    const per = agreed(entries, 'tasks_per_participant');
    if (per?.value)
      s.t(', ')
        .n(per.value, STUDY_FACTS_FILE, `entries[${per.i}].tasks_per_participant`)
        .t(` ${plural(per.value, 'task')} per participant, balanced across participants`);
  }
  s.t('. ');
  const counted = (f.runs ?? []).filter((r) => r.counted);
  const team = counted.filter((r) => r.seat === 'team');
  const slack = counted.filter((r) => r.seat === 'slack');
  if (team.length) {
    const tasks = new Set(team.map((r) => r.task));
    s.t('Counted team runs covered ')
      .n(tasks.size, 'runs.json', 'distinct task of counted team runs')
      .t(` ${plural(tasks.size, 'task')}`);
    if (f.finalResults)
      s.t(' in ')
        .n(f.finalResults.dimensions.length, 'final_results.json', 'dimensions')
        .t(
          ` ${plural(f.finalResults.dimensions.length, 'dimension')} (${f.finalResults.dimensions.map((d) => d.replaceAll('_', ' ')).join(', ')})`,
        );
    s.t('; runs by version: ');
    const versions = ['alone', 'control', 'manipulation']
      .map((v) => [v, team.filter((r) => r.version === v).length] as const)
      .filter(([, n]) => n > 0);
    versions.forEach(([v, n], i) => {
      if (i > 0) s.t(', ');
      s.t(`${v} `).n(n, 'runs.json', `counted team runs with version = "${v}"`);
    });
    const seeds = new Set(team.map((r) => r.seed));
    s.t('; over ')
      .n(seeds.size, 'runs.json', 'distinct seed of counted team runs')
      .t(` ${plural(seeds.size, 'seed')}. `);
  }
  if (slack.length) {
    const queries = new Set(slack.map((r) => r.task));
    s.t('Counted Slack trials: ')
      .n(slack.length, 'runs.json', 'counted runs with seat = "slack"')
      .t(' over ')
      .n(queries.size, 'runs.json', 'distinct task of counted Slack runs')
      .t(` ${plural(queries.size, 'query', 'queries')}. `);
  }
  const hashes = f.manifest?.study_versions ?? [];
  if (hashes.length) {
    s.t(`Plans were built from `)
      .n(hashes.length, 'manifest.json', 'study_versions')
      .t(
        ` study ${plural(hashes.length, 'version')} (pack content ${plural(hashes.length, 'hash', 'hashes')} `,
      );
    hashes.forEach((h, i) => {
      if (i > 0) s.t(', ');
      s.n(h.hash, 'manifest.json', `study_versions[${i}].hash`);
    });
    s.t(').');
  }
  return s.done();
}

/** Who decided the labels the scripted teammate branched on, and how accurate the rules were on held-out messages. */
export function labellerSection(f: BundleFacts): Section {
  const s = new SectionBuilder('Labeller');
  const src = f.labelSources;
  const srcFile = 'results/transcripts/**/*.json';
  if (!src)
    s.t("No counted team transcript is in the bundle, so no label decided a scripted teammate's branch. ");
  else {
    const total = Object.values(src.bySource).reduce((a, b) => a + b, 0);
    if (total === 0)
      s.t('No participant message in the counted team runs was labelled (')
        .n(0, srcFile, `labels[] of ${src.files} counted transcripts`)
        .t(' labels), so no scripted branch followed a label');
    else
      s.t("The scripted teammate's branches followed ")
        .n(total, srcFile, `labels[] of ${src.files} counted transcripts`)
        .t(` ${plural(total, 'label')} of participants' messages`);
    const parts = Object.entries(src.bySource).sort(([a], [b]) => a.localeCompare(b));
    if (parts.length) {
      s.t(': ');
      parts.forEach(([k, n], i) => {
        if (i > 0) s.t(', ');
        s.n(n, srcFile, `labels[] with source = "${k}"`).t(` from ${LABEL_SOURCE[k] ?? k}`);
      });
    }
    s.t('. ');
  }
  const entries = f.studyFacts?.entries ?? [];
  const tests = entries.flatMap((e, ei) =>
    (e.label_tests ?? []).map((t, ti) => ({
      t,
      at: `entries[${ei}].label_tests[${ti}]`,
      stations: e.stations,
    })),
  );
  if (entries.length === 0)
    s.t(
      `The rules labeller's validated accuracy is not recorded in this bundle (it has no ${STUDY_FACTS_FILE}).`,
    );
  else if (tests.length === 0)
    s.t(
      'No label test set applies to this study (it has no team tasks), so no labeller accuracy is reported.',
    );
  else {
    const played = new Set((f.runs ?? []).filter((r) => r.counted && r.seat === 'team').map((r) => r.task));
    const shown = played.size ? tests.filter((x) => played.has(x.t.task)) : tests;
    const measured = shown.filter((x) => x.t.held_out && x.t.held_out.accuracy !== null);
    const without = shown.filter((x) => !x.t.held_out);
    if (measured.length) {
      s.t(
        "On each task's held-out label test set (messages labelled by someone other than the rules' author), the rules labeller's accuracy was ",
      );
      measured.forEach((x, i) => {
        if (i > 0) s.t(i === measured.length - 1 ? ' and ' : ', ');
        const h = x.t.held_out!;
        s.n(pct(h.accuracy!), STUDY_FACTS_FILE, `${x.at}.held_out.accuracy`)
          .t(' (')
          .n(`${h.correct}/${h.n}`, STUDY_FACTS_FILE, `${x.at}.held_out.correct / .n`)
          .t(`) for ${x.t.task}${entries.length > 1 ? ` [${x.stations.join(', ')}]` : ''}`);
      });
      const validated = shown.filter((x) => x.t.validated);
      s.t('; ')
        .n(validated.length, STUDY_FACTS_FILE, 'label_tests[] with validated = true')
        .t(` of ${shown.length} ${plural(shown.length, 'task')} met the bar for running on rules alone. `);
      for (const x of shown.filter((y) => !y.t.validated && y.t.held_out))
        s.t(`For ${x.t.task} it did not (${x.t.reasons.join('; ')}). `);
    }
    for (const x of without)
      s.t(`Task ${x.t.task} has no label test set, so the rules labeller's accuracy on it is not known. `);
  }
  if (src && Object.keys(src.bySource).some((k) => k !== 'rules'))
    s.t("The accuracy of the experimenter's and the panel's labels is not measured in this bundle.");
  return s.done();
}
