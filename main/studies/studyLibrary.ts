import fs from 'node:fs';
import path from 'node:path';
import type { StudyDetail, StudySummary } from '../../shared/contract/schemas.js';
import { validateStudyPack, type StudyPackCheck } from './validatePack.js';
import { entriesFingerprint, packFingerprint } from './packFingerprint.js';
import { STUDY_MANIFEST_FILE } from '../../shared/studies/manifest.js';

/** Folders of a studies root that are not packs: the JSON Schemas for editors. */
// comparison-fixture holds synthetic model results for the comparison screen, not a study; demo-reel holds recorded
// runs to replay (issue 16), not a study.
const NOT_PACKS = new Set(['schemas', 'comparison-fixture', 'demo-reel']);

export interface StudyRoot {
  dir: string;
  origin: 'built-in' | 'user';
}

/**
 * The studies found in the built-in folder and the user's data folder. A pack that fails validation is
 * listed with its problems, never hidden: a researcher needs to see why their study is not startable.
 */
export class StudyLibrary {
  /** Each pack's last check, kept while no file in the pack folder changes. */
  private readonly checked = new Map<string, { fingerprint: string; check: StudyPackCheck }>();

  constructor(private readonly roots: StudyRoot[]) {}

  list(): StudySummary[] {
    return this.roots.flatMap((root) => this.scan(root)).map(({ summary }) => summary);
  }

  /** One study, as list() would show it, checking only its own pack (the dashboard opens its study on every read). */
  open(key: string): StudyDetail | undefined {
    const found = this.find(key);
    return found && readStudy(found.root, found.name, (dir, name) => this.check(dir, name)).detail;
  }

  /** Absolute folder of a study, for services that read its files. */
  dirOf(key: string): string | undefined {
    // Without checking the pack: each team session asks on its first message.
    const found = this.find(key);
    return found && path.join(found.root.dir, found.name);
  }

  /** The root and folder a key names, exactly as a scan would list it, without scanning every pack. */
  private find(key: string): { root: StudyRoot; name: string } | undefined {
    const colon = key.indexOf(':');
    const origin = key.slice(0, colon);
    const name = key.slice(colon + 1);
    if (colon < 0 || !name || name.startsWith('.') || NOT_PACKS.has(name) || /[/\\]/.test(name)) return undefined;
    for (const root of this.roots) {
      if (root.origin !== origin) continue;
      if (fs.lstatSync(path.join(root.dir, name), { throwIfNoEntry: false })?.isDirectory()) return { root, name };
    }
    return undefined;
  }

  private check(dir: string, name: string): StudyPackCheck {
    const kept = this.checked.get(dir);
    if (kept && kept.fingerprint === fingerprintFor(dir, kept.check)) return kept.check;
    const check = validateStudyPack(dir, name);
    this.checked.set(dir, { fingerprint: fingerprintFor(dir, check), check });
    return check;
  }

  private scan(root: StudyRoot): { summary: StudySummary; detail: StudyDetail }[] {
    if (!fs.existsSync(root.dir)) return [];
    return fs
      .readdirSync(root.dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.') && !NOT_PACKS.has(d.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      // A folder without study.yaml is listed with that problem, as validate-pack reports it: never skipped silently.
      .map((d) => readStudy(root, d.name, (dir, name) => this.check(dir, name)));
  }
}

/** What must stay the same for a pack's check to stay true: every file, or for a Slack pack what the check reads. */
function fingerprintFor(dir: string, check: StudyPackCheck): string {
  if (check.manifest?.kind === 'slack') return entriesFingerprint(dir, [STUDY_MANIFEST_FILE, ...(check.content?.files ?? [])]);
  return packFingerprint(dir);
}

function readStudy(
  root: StudyRoot,
  name: string,
  check: (dir: string, name: string) => StudyPackCheck,
): { summary: StudySummary; detail: StudyDetail } {
  const dir = path.join(root.dir, name);
  const key = `${root.origin}:${name}`;
  const checked = check(dir, name);
  const m = checked.manifest;
  if (!m) {
    const summary: StudySummary = {
      key,
      id: null,
      title: name,
      kind: null,
      description: '',
      taskCount: null,
      origin: root.origin,
      dir,
      problems: checked.problems,
    };
    return { summary, detail: { ...summary, tasks: [], source: null } };
  }
  const tasks = checked.content?.tasks ?? [];
  const summary: StudySummary = {
    key,
    id: m.id,
    title: m.title,
    kind: m.kind,
    description: m.description,
    taskCount: tasks.length,
    origin: root.origin,
    dir,
    problems: checked.problems,
    ...(m.kind === 'team' ? { unvalidatedRules: tasks.filter((t) => t.rules && !t.rules.validated).map((t) => t.id) } : {}),
    ...(m.kind !== 'labelling' && !m.protocol ? { pilotOnly: true } : {}),
  };
  return { summary, detail: { ...summary, tasks, source: m.source ?? null } };
}
