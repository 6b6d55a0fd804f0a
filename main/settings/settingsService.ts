import fs from 'node:fs';
import path from 'node:path';
import { defaultSettings, settingsSchema, type Settings, type SettingsPatch } from '../../shared/settings.js';
import { describeProblem, problemsFromZod } from '../../shared/problems.js';

/** The part of Conf / electron-store we use; both write the file atomically. */
export interface SettingsFile {
  readonly store: Record<string, unknown>;
  set(object: Record<string, unknown>): void;
}
export interface SettingsFileOptions {
  cwd: string;
  /** electron-store spells it `name`, Conf `configName`; we pass both. */
  name: string;
  configName: string;
  defaults: Record<string, unknown>;
  clearInvalidConfig: false;
}
export type SettingsFileFactory = (opts: SettingsFileOptions) => SettingsFile;

export const SETTINGS_NAME = 'settings';
/** How long read() trusts what it read without a stat of the file (see read()). */
export const READ_RECHECK_MS = 1_000;

/**
 * Schema-checked settings. A file that is not JSON or fails the schema is moved aside (kept for the
 * researcher to inspect) and the defaults are used, with a notice, instead of crashing the app.
 */
export class SettingsService {
  private readonly file: SettingsFile;
  private readonly path: string;
  /**
   * The settings as last read, with the stat of the file they were read from: a team session asks at each
   * participant message (whether judge panels may be called), and reading + schema-checking the file each time was
   * a visible share of a send with twenty participants (issue 13). A file changed by anyone is read again.
   */
  private kept: { stamp: string; value: Settings } | null = null;
  readonly notices: string[] = [];

  constructor(
    dataDir: string,
    factory: SettingsFileFactory,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.path = path.join(dataDir, `${SETTINGS_NAME}.json`);
    this.quarantineIfInvalid(this.path);
    this.file = factory({
      cwd: dataDir,
      name: SETTINGS_NAME,
      configName: SETTINGS_NAME,
      defaults: defaultSettings,
      clearInvalidConfig: false,
    });
  }

  get(): Settings {
    const stamp = this.stamp();
    if (stamp !== null && this.kept?.stamp === stamp) return structuredClone(this.kept.value);
    const value = settingsSchema.parse(this.file.store);
    this.kept = stamp === null ? null : { stamp, value: structuredClone(value) };
    return value;
  }

  /**
   * One value of the settings, without a copy of them all: for a caller that reads a setting on every participant
   * message (a structured clone per call was most of what get() cost there).
   */
  read<T>(pick: (settings: Readonly<Settings>) => T): T {
    // The file is looked at again at most every READ_RECHECK_MS (a stat per message was still a share of a send):
    // this process's own update() is seen at once, another writer's or a hand edit within that time.
    if (this.kept && this.now() - this.keptCheckedAt < READ_RECHECK_MS) return pick(this.kept.value);
    const stamp = this.stamp();
    this.keptCheckedAt = this.now();
    if (stamp !== null && this.kept?.stamp === stamp) return pick(this.kept.value);
    return pick(this.get());
  }
  private keptCheckedAt = -Infinity;

  private stamp(): string | null {
    try {
      const st = fs.statSync(this.path);
      return `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    } catch {
      return null;
    }
  }

  update(patch: SettingsPatch): Settings {
    const current = this.get();
    const next = settingsSchema.parse({ ...current, ...patch, judge: { ...current.judge, ...patch.judge } });
    this.file.set(next);
    // read() looks at the file again at once.
    this.keptCheckedAt = -Infinity;
    return next;
  }

  private quarantineIfInvalid(file: string): void {
    if (!fs.existsSync(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    let why: string | undefined;
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(text));
      if (!parsed.success) why = problemsFromZod(file, parsed.error).map(describeProblem).join('; ');
    } catch (err) {
      why = `${file} is not valid JSON (${(err as Error).message})`;
    }
    if (!why) return;
    const aside = `${file}.invalid-${Date.now()}`;
    fs.renameSync(file, aside);
    this.notices.push(`Settings were reset to defaults: ${why}. The old file was kept as ${aside}.`);
  }
}
