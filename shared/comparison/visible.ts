import type { ComparisonView } from '../contract/comparison.js';
import { describeSource, type TeamRow } from './rows.js';
import type { SlackRow } from './slackRows.js';
import type { Shown } from './figures.js';

/**
 * The rows the screen draws out of a comparison of any size (issue 28: a 16,000-row import): the study's people
 * always, then at most `cap` other rows matching the search (by id or source), models by overall score. The host
 * runs this next to its copy of every row and sends only what is drawn; CSV exports are made from every row.
 */
export const ROW_CAP = 30;

type Searchable = { id: string; source: TeamRow['source'] };

/** Every row once, in drawing order, with its search text: made once per comparison, reused for each search. */
export interface RankedRows {
  team: ReadonlyArray<{ row: TeamRow; text: string; always: boolean }>;
  slack: ReadonlyArray<{ row: SlackRow; text: string; always: boolean }>;
}

const textOf = (r: Searchable) => `${r.id}\n${describeSource(r.source)}`.toLowerCase();
const studyPeople = (r: TeamRow) => r.human && r.source.kind === 'study';
// One collator for every comparison: String#localeCompare builds one per call, and ties are many in a large import.
const collator = new Intl.Collator();

export function rankRows(view: ComparisonView): RankedRows {
  // The pooled row first, then the study's participants, then everything else by overall score.
  const rank = (r: TeamRow) => (r.pooled && r.source.kind === 'study' ? 0 : studyPeople(r) ? 1 : 2);
  const team = view.team.rows
    .map((row) => ({ row, text: textOf(row), always: studyPeople(row), rank: rank(row) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (b.row.overall.score ?? -1) - (a.row.overall.score ?? -1) ||
        collator.compare(a.row.id, b.row.id),
    );
  const slack = view.slack.rows.map((row) => ({
    row,
    text: textOf(row),
    always: row.source.kind === 'published' || (row.human && row.source.kind === 'study'),
  }));
  return { team, slack };
}

export interface Visible {
  /** The view cut to the rows drawn (overlaps of those rows only); the lists of problems are the whole view's. */
  view: ComparisonView;
  shown: Shown;
  /** Rows in the whole comparison (team and Slack). */
  total: number;
  drawn: number;
}

/** The rows drawn for `search`: the study's people, then the first `cap` others that match. */
export function visibleView(view: ComparisonView, search: string, cap = ROW_CAP, ranked = rankRows(view)): Visible {
  const q = search.trim().toLowerCase();
  const pick = <T>(rows: ReadonlyArray<{ row: T; text: string; always: boolean }>): T[] => {
    const out: T[] = [];
    let others = 0;
    for (const r of rows) {
      if (r.always) out.push(r.row);
      else if (others < cap && (!q || r.text.includes(q))) {
        out.push(r.row);
        others++;
      }
    }
    return out;
  };
  const team = pick(ranked.team);
  const slack = pick(ranked.slack);
  const total = view.team.rows.length + view.slack.rows.length;
  const drawn = team.length + slack.length;
  const keep = new Set(team.map((r) => r.id));
  const of = `${drawn.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;
  const matched = [...ranked.team, ...ranked.slack].some((r) => !r.always && r.text.includes(q));
  const note =
    drawn === total
      ? ''
      : q && !matched
        ? `No row matches \u201c${search.trim()}\u201d: showing the study\u2019s people only (${of}).`
        : `Showing ${of}${q ? ` matching \u201c${search.trim()}\u201d` : ''}: the study\u2019s people, then the top ${q ? 'matching ' : ''}rows by overall score.`;
  return {
    view: {
      ...view,
      team: { ...view.team, rows: team, overlaps: view.team.overlaps.filter((o) => keep.has(o.id)) },
      slack: { rows: slack },
    },
    shown: { note },
    total,
    drawn,
  };
}
