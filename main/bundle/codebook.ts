import { CODEBOOK } from './tidy.js';

/** README.md of a bundle: its layout and every column of every table. */
export function codebook(studyId: string): string {
  const lines = [
    `# Study bundle: ${studyId}`,
    '',
    'Written by Teamseat. Every number in it can be recomputed from the event logs it carries.',
    '',
    '## Layout',
    '',
    '- `manifest.json` — app version, study id and key, station id(s), creation time, design, time range of the events, every study version (pack content hash) with the runs played in it, counts, the free-text scan (each hit redacted or kept), bundles merged into this one, and the SHA-256 and size of every other file.',
    '- `runs.json` — one record per run (the columns of tables/runs.csv, plus `station`).',
    "- `final_results.json` — the scores by the benchmark's rule (FORMATS.md §2) over the counted team runs; absent for a Slack study.",
    "- `results/` — the study's results folder as the app writes it: `transcripts/<dimension>/<scenario>/human_<code>/<version>_seed<k>.json` (counted team runs, the benchmark layout), `slack/human_<code>/` (counted Slack trials as Harbor jobs), `excluded/<pilot|void|withdrawn|practice|superseded>/<run id>/transcripts/…` (every team run that does not count, each a benchmark root of its own; Slack: `excluded/<reason>/slack/human_<code>/`).",
    "- `events/<session id>.jsonl` — every session's event log, one event a line `{seq, wallTime, monoUs, kind, payload}`: the study log (participants, plans, answers, run links) and each run. Demo sessions and erased participants are never included; an erasure's audit gives counts only. Paths inside the station's data folder (a workspace's `root`) are relative to it.",
    '- `tables/*.csv` — tidy tables for R and pandas (RFC 4180, UTF-8, CRLF; empty cell = missing).',
    "- `study.json` — what the event logs do not hold and a methods paragraph needs: the protocol's ordering and subsets, and each team task's rules labeller measured on its label test set (held-out and train accuracy, deciding labels' recall), one entry per station (a merge keeps each different entry).",
    '- `methods.md`, `methods.tex` — a methods-and-results paragraph derived from this bundle alone (participants, design, tasks, labeller, time on task, scoring rule, headline numbers with intervals); every number is footnoted with the file and field it comes from. `npm run merge` writes it again for the merged whole; `npm run methods -- <bundle.zip>` writes it from any bundle.',
    '',
    "Redacted text reads `[redacted email]`, `[redacted phone]`, `[redacted name]` or `[redacted path]` in every file, event logs included; scores come from each transcript's recorded `score`, so they do not change.",
    '',
    '## Codebook',
  ];
  for (const t of Object.values(CODEBOOK)) {
    lines.push('', `### ${t.file}`, '', t.about, '', '| column | meaning |', '|---|---|');
    for (const [c, meaning] of Object.entries(t.columns))
      lines.push(`| \`${c}\` | ${meaning.replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n') + '\n';
}
