/**
 * A labelling study as the session needs it: the items after the optional stratified draw, the
 * practice items, the raters and the assignment plan, and a hash of what raters are shown.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { blindItem, parseItemsJsonl, dimensionOf, type LabellingItem } from '../../shared/labelling/items.js';
import { assignRaters, drawStratified, type AssignmentPlan } from '../../shared/labelling/sampling.js';
import { describeProblem, type Problem } from '../../shared/problems.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import { readYamlFile } from '../packs/readYaml.js';
import { parsePracticeJsonl, type PracticeItem } from './practice.js';
import { resolvePackFile } from '../packs/insidePack.js';
import { readPackText } from '../packs/readPackText.js';

export interface LabellingSet {
  studyKey: string;
  studyId: string;
  title: string;
  /** Drawn items in file order. */
  items: LabellingItem[];
  practice: PracticeItem[];
  /** Raters named in study.yaml, or null when any rater id may be used. */
  raters: string[] | null;
  plan: AssignmentPlan;
  seed: number;
  sample: { perDimension: number; seed: number } | null;
  /** Hash of everything raters are shown (judge labels excluded), and the same per item. */
  hash: string;
  itemHashes: Record<string, string>;
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export function loadLabellingSet(studyKey: string, dir: string): Result<LabellingSet> {
  const folder = path.basename(dir);
  const rel = (p: string) => path.posix.join(folder, p);
  const bad = (problems: Problem[]) =>
    fail('invalid_pack', problems.slice(0, 5).map(describeProblem).join('\n'));
  const manifest = readYamlFile(
    path.join(dir, STUDY_MANIFEST_FILE),
    studyManifestSchema,
    rel(STUDY_MANIFEST_FILE),
  );
  if (!manifest.ok) return bad(manifest.problems);
  const m = manifest.value;
  if (m.kind !== 'labelling')
    return fail('bad_request', `Study "${m.title}" is a ${m.kind} study, not a labelling study.`);

  // Real paths, links followed: a link to a file outside the study folder is refused like a path that leaves it.
  const real: Record<string, string> = {};
  for (const [field, ref] of [['items', m.items], ['practice', m.practice]] as const) {
    if (ref === undefined) continue;
    const found = resolvePackFile(dir, dir, ref);
    if (found.ok) real[field] = found.realPath;
    else if (found.reason !== 'missing')
      return bad([{ file: rel(STUDY_MANIFEST_FILE), path: field, message: found.message.replace('pack folder', 'study folder') }]);
  }
  const itemsText = real.items === undefined ? UNREADABLE : readText(real.items);
  if (typeof itemsText !== 'string') return bad([{ file: rel(m.items), path: '', message: itemsText.message }]);
  const parsed = parseItemsJsonl(rel(m.items), itemsText);
  if (!parsed.ok) return bad(parsed.problems);
  let items = parsed.items;
  if (m.sample) {
    const drawn = new Set(drawStratified(items, m.sample).itemIds);
    items = items.filter((i) => drawn.has(i.id));
  }

  let practice: PracticeItem[] = [];
  if (m.practice) {
    const text = real.practice === undefined ? UNREADABLE : readText(real.practice);
    if (typeof text !== 'string') return bad([{ file: rel(m.practice), path: '', message: text.message }]);
    const p = parsePracticeJsonl(rel(m.practice), text);
    if (!p.ok) return bad(p.problems);
    const clash = p.items.find((pi) => items.some((i) => i.id === pi.id));
    if (clash)
      return bad([
        {
          file: rel(m.practice),
          path: 'id',
          message: `practice item id "${clash.id}" is also a real item's id`,
        },
      ]);
    practice = p.items;
  }

  const assignment = m.assignment ?? { mode: 'crossed' as const, seed: 0 };
  const plan: AssignmentPlan =
    assignment.mode === 'overlap'
      ? { mode: 'overlap', shared: assignment.shared ?? 0 }
      : { mode: assignment.mode };
  if (plan.mode !== 'crossed' && !m.raters) {
    return bad([
      {
        file: rel(STUDY_MANIFEST_FILE),
        path: 'raters',
        message: `assignment mode ${plan.mode} needs the list of raters`,
      },
    ]);
  }
  const itemHashes = Object.fromEntries(
    items.map((i) => [i.id, sha(JSON.stringify(blindItem(i))).slice(0, 16)]),
  );
  const hash = sha(
    Object.entries(itemHashes)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, h]) => `${id}\t${h}`)
      .join('\n'),
  ).slice(0, 16);
  return ok({
    studyKey,
    studyId: m.id,
    title: m.title,
    items,
    practice,
    raters: m.raters ?? null,
    plan,
    seed: assignment.seed,
    sample: m.sample ?? null,
    hash,
    itemHashes,
  });
}

/** The rater's own items in their seeded order; for a study without a rater list, every item (crossed). */
export function orderFor(set: LabellingSet, rater: string): Result<string[]> {
  if (set.raters && !set.raters.includes(rater)) {
    return fail(
      'bad_request',
      `"${rater}" is not a rater of this study; study.yaml lists ${set.raters.join(', ')}.`,
    );
  }
  const units = set.items.map((i) => ({ id: i.id, dimension: dimensionOf(i) }));
  const assignment = assignRaters(units, set.raters ?? [rater], set.plan, set.seed);
  return ok(assignment.byRater[rater] ?? []);
}

const UNREADABLE = { message: 'file not found or unreadable' };

/** A pack file's text, or why not: past the pack file cap (named with its size), else unreadable. */
function readText(file: string): string | { message: string } {
  const read = readPackText(file);
  if (read.ok) return read.text;
  return read.reason === 'too_large' ? { message: read.message } : UNREADABLE;
}
